import ChildProcesses
import Foundation
import Testing
import RoadtripTestSupport
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

// "Crash-safe saves, proven": `save-torture` saves a ~10 MB trips file over and over through the
// program's own save path (TripFileStore.write → AtomicFile.write), and is SIGKILLed at random
// moments; after every kill the file must be byte for byte one of the two contents it alternates
// between, and the program's next start (DataModel.load, as the planner starts, run by `save-torture check`) must
// read it and leave no temporary file behind. 25 kills in `make test`, 200 with ROADTRIP_STRESS=1
// (`make stress`). The kill moments are chosen from a fixed seed; ROADTRIP_STRESS_SEED=n replays
// another choice (the moments themselves also depend on the machine's speed).
@Suite struct CrashSafeSaveStressTests {
    static let isLong = ProcessInfo.processInfo.environment["ROADTRIP_STRESS"] == "1"

    @Test(.timeLimit(.minutes(30)))
    func killedWhileSavingLeavesTheOldOrTheNewFileAndNoLitter() async throws {
        let kills = Self.isLong ? 200 : 25
        let seed =
            ProcessInfo.processInfo.environment["ROADTRIP_STRESS_SEED"].flatMap(UInt64.init)
            ?? 20_240_917
        let replay = "seed \(seed), replay with ROADTRIP_STRESS_SEED=\(seed)"
        // Its own thread: the loop sleeps and waits for processes, which would hold one of the
        // few threads the other tests of this process share.
        let report: KillReport
        do {
            report = try await onOwnThread {
                try KillLoop(kills: kills, seed: seed).run()
            }
        } catch {
            throw EndToEndFailure("\(error) (\(replay))")
        }
        print(
            """
            CrashSafeSaveStress: \(report.kills) kills survived (seed \(seed)) in \(report.seconds) s: \
            the file was A \(report.verdicts["A", default: 0])×, B \(report.verdicts["B", default: 0])×, \
            absent \(report.verdicts["absent", default: 0])× (before any save); killed inside a save \
            (temporary file present) \(report.insideSave)× — empty \(report.temporaryEmpty), \
            partly written \(report.temporaryPartial), complete \(report.temporaryComplete); \
            \(report.savesCompleted) saves completed; \(report.checks) next starts read the file and removed \
            the \(report.temporaryFilesRemoved) temporary files left.
            """)
        #expect(report.kills == kills, "\(replay)")
        #expect(report.checks == kills, "\(replay)")
    }

    private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}

/// What the kill loop saw.
fileprivate struct KillReport: Sendable {
    var kills = 0
    var checks = 0
    var verdicts: [String: Int] = [:]
    var insideSave = 0
    var temporaryEmpty = 0
    var temporaryPartial = 0
    var temporaryComplete = 0
    var savesCompleted = 0
    var temporaryFilesRemoved = 0
    var seconds = ""
}

/// The `save-torture` executable: `$SAVE_TORTURE_BINARY`, else beside the running test executable
/// (where SwiftPM builds it, like `roadtrip`).
fileprivate enum SaveTortureBinary {
    static func path() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["SAVE_TORTURE_BINARY"], !explicit.isEmpty { return explicit }
        let testExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: testExecutable).deletingLastPathComponent().appendingPathComponent("save-torture").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw EndToEndFailure("save-torture was not found at \(candidate); build it first (swift build --build-tests).")
        }
        return candidate
    }
}

/// Starts, kills and inspects `save-torture` `kills` times. The next-start reads run on other
/// threads (each takes seconds on a 10 MB file in a debug build), on a copy of the directory as
/// the kill left it, while the next round already runs in the live directory. (A copy, not hard
/// links: a save refuses a file with other hard links, since replacing it would split them.)
fileprivate final class KillLoop: @unchecked Sendable {
    let kills: Int
    let seed: UInt64
    let binary: String
    let root: TemporaryDirectory
    let dataDirectory: String
    let dataFile: String
    let contentsDirectory: String
    let logFile: String
    let errorFile: String
    var generator: SeededRandom
    var report = KillReport()
    var contents: [(name: String, bytes: Data)] = []
    /// Seconds per save, as seen from here (updated from each round's output).
    var saveDuration = 0.02

    // Shared with the check threads.
    private let lock = NSLock()
    private var failures: [String] = []
    private var checksDone = 0
    private var temporaryFilesRemoved = 0
    private let checkSlots = DispatchSemaphore(value: 2)
    private let checks = DispatchGroup()
    private let checkQueue = DispatchQueue(label: "crash-safe-save-checks", attributes: .concurrent)

    init(kills: Int, seed: UInt64) throws {
        self.kills = kills
        self.seed = seed
        generator = SeededRandom(seed: seed)
        binary = try SaveTortureBinary.path()
        root = try TemporaryDirectory()
        dataDirectory = root.path + "/data"
        dataFile = dataDirectory + "/trips.json"
        contentsDirectory = root.path + "/contents"
        logFile = root.path + "/save-torture.out"
        errorFile = root.path + "/save-torture.err"
        for directory in [dataDirectory, contentsDirectory, root.path + "/snapshots"] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
    }

    func run() throws -> KillReport {
        let start = Date()
        // Also when a round fails: no check left running (and its directory) behind the test.
        defer { checks.wait() }
        // The exact bytes TripFileStore.write puts in the file, and (once) proof through the
        // program's reader that they are the two trip files built from the seed.
        let contentSeed = String(seed % 1000)
        let made = try Run.process(binary, ["expected", contentSeed, contentsDirectory], environment: Run.environment())
        guard made.status == 0 else { throw EndToEndFailure("save-torture expected failed: \(made.standardError)") }
        contents = try ["A", "B"].map { ($0, try Data(contentsOf: URL(fileURLWithPath: "\(contentsDirectory)/\($0).json"))) }
        for name in ["A", "B"] {
            check(["check", "\(contentsDirectory)/\(name).json", contentSeed], expecting: name, snapshot: nil, countsAsKill: false)
        }

        var everPresent = false
        for round in 1...kills {
            let (savesSeen, output) = try killOneRun(round: round)
            report.savesCompleted += savesSeen

            // The state the kill left, looked at before anything else touches the directory.
            let entries = try FileManager.default.contentsOfDirectory(atPath: dataDirectory).sorted()
            let temporaries = entries.filter { $0.hasPrefix(".roadtrip-save-") }
            let unexpected = entries.filter { $0 != "trips.json" && !$0.hasPrefix(".roadtrip-save-trips.json.") }
            if !unexpected.isEmpty { throw EndToEndFailure("round \(round): unexpected files \(unexpected) in the data folder") }
            if !temporaries.isEmpty {
                report.insideSave += 1
                for name in temporaries {
                    let size = (try? FileManager.default.attributesOfItem(atPath: "\(dataDirectory)/\(name)")[.size] as? NSNumber)?.intValue ?? -1
                    if size == 0 {
                        report.temporaryEmpty += 1
                    } else if contents.contains(where: { $0.bytes.count == size }) {
                        report.temporaryComplete += 1
                    } else {
                        report.temporaryPartial += 1
                    }
                }
            }
            let verdict: String
            if entries.contains("trips.json") {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: dataFile))
                guard let match = contents.first(where: { $0.bytes == bytes }) else {
                    throw EndToEndFailure(
                        "round \(round): after the kill the file is neither content: \(describeMismatch(bytes)); directory \(entries) kept in \(preserve(dataDirectory)); the program's last output: \(output.suffix(300))"
                    )
                }
                verdict = match.name
                everPresent = true
            } else {
                guard !everPresent else {
                    throw EndToEndFailure(
                        "round \(round): the file is gone after the kill; directory \(entries) kept in \(preserve(dataDirectory)); output: \(output.suffix(300))"
                    )
                }
                verdict = "absent"
            }
            report.verdicts[verdict, default: 0] += 1
            report.kills += 1

            // The next start, on a snapshot of exactly this state.
            let snapshot = "\(root.path)/snapshots/\(round)"
            try FileManager.default.createDirectory(atPath: snapshot, withIntermediateDirectories: false)
            for name in entries {
                try FileManager.default.copyItem(atPath: "\(dataDirectory)/\(name)", toPath: "\(snapshot)/\(name)")
            }
            // The live folder goes on without the dead writer's litter (the snapshot's next start
            // must remove it; that is checked there).
            for name in temporaries { unlink("\(dataDirectory)/\(name)") }
            check(["check", "\(snapshot)/trips.json"], expecting: verdict, snapshot: snapshot, countsAsKill: true)
            try lock.withLock {
                if let failure = failures.first { throw EndToEndFailure(failure) }
            }
        }
        checks.wait()
        try lock.withLock {
            if !failures.isEmpty { throw EndToEndFailure(failures.joined(separator: "\n")) }
            report.checks = checksDone
            report.temporaryFilesRemoved = temporaryFilesRemoved
        }
        report.seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        return report
    }

    /// Starts save-torture, kills it at a moment chosen by the generator, and returns how many
    /// saves it reported and its output.
    private func killOneRun(round: Int) throws -> (saves: Int, output: String) {
        let child = try spawn([binary, dataFile, String(seed % 1000), contentsDirectory])
        var killed = false
        defer {
            if !killed {
                child.signal(SIGKILL)
                _ = child.wait()
            }
        }
        var lastProgress = Date()
        var readyAt: Date?
        var lastLines = 0
        var firstSaveAt: Date?, lastSaveAt: Date?, savesSeen = 0

        // Mostly: after n completed saves (0 = as soon as it is ready), a delay of up to a bit more
        // than one save, so that the kill lands anywhere in the next save (creating the temporary
        // file, writing, fchmod, fsync, rename, fsync of the folder) or between two saves.
        // Sometimes: a plain delay from the start, which may land before the first save.
        let plainDelay = generator.next() % 10 == 0
        let savesToWait = Int(generator.next() % 5)
        let fraction = Double(generator.next() % 10_000) / 10_000
        let delay = plainDelay ? fraction * 0.6 : fraction * saveDuration * 1.3

        func poll() throws {
            let text = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            if lines.count != lastLines {
                let now = Date()
                lastProgress = now
                for line in lines[lastLines...] {
                    if line.hasPrefix("ready") { readyAt = now }
                    if line.hasPrefix("saved") {
                        savesSeen += 1
                        if firstSaveAt == nil { firstSaveAt = now }
                        lastSaveAt = now
                    }
                }
                lastLines = lines.count
            }
            if let ended = child.termination {
                killed = true
                let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
                throw EndToEndFailure("round \(round): save-torture ended by itself (\(ended)): \(errors)")
            }
            // Only a guard against a hang: a busy machine is slow, never wrong.
            if Date().timeIntervalSince(lastProgress) > Double(HangGuard.limit.components.seconds) {
                throw EndToEndFailure(
                    "Hang: round \(round): save-torture wrote nothing new for \(HangGuard.limit), the harness's guard against a hang; output: \(text.suffix(300))"
                )
            }
        }

        if plainDelay {
            Thread.sleep(forTimeInterval: delay)
        } else {
            while readyAt == nil || savesSeen < savesToWait {
                try poll()
                usleep(500)
            }
            Thread.sleep(forTimeInterval: delay)
        }
        child.signal(SIGKILL)
        let ended = child.wait()
        killed = true
        guard ended == .killed(signal: SIGKILL) else {
            let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            throw EndToEndFailure("round \(round): save-torture ended before the kill (\(ended)): \(errors)")
        }
        try? poll()
        if let first = firstSaveAt, let last = lastSaveAt, savesSeen > 1 {
            saveDuration = 0.5 * saveDuration + 0.5 * last.timeIntervalSince(first) / Double(savesSeen - 1)
        }
        return (savesSeen, (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "")
    }

    /// Runs `save-torture check …` (the next start: DataModel.load) on another thread and
    /// records a failure unless it reads the expected content and leaves no temporary file.
    private func check(_ arguments: [String], expecting verdict: String, snapshot: String?, countsAsKill: Bool) {
        checkSlots.wait()
        checkQueue.async(group: checks) { [self] in
            defer { checkSlots.signal() }
            var failure: String?
            var removed = 0
            do {
                let before = snapshot.map { ((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []).count } ?? 0
                let result = try Run.process(binary, arguments, environment: Run.environment())
                let output = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                // With a seed, the decoded file is compared with the contents built from it; on a
                // snapshot the bytes were compared already, so reading at all is the point.
                let expected = snapshot == nil || verdict == "absent" ? verdict : "read "
                if result.status != 0 || !output.hasPrefix(expected) {
                    failure = "\(arguments.joined(separator: " ")): expected \(expected), got status \(result.status): \(output) \(result.standardError)"
                    if let snapshot { failure! += " (the folder is kept in \(preserve(snapshot)))" }
                } else if let snapshot {
                    let left = ((try? FileManager.default.contentsOfDirectory(atPath: snapshot)) ?? []).sorted()
                    // The planner's start takes the locks (the file's, the journal's), whose sidecars stay.
                    let wanted = (verdict == "absent" ? [] : ["trips.json"]) + ["trips.json.journal.lock", "trips.json.lock"]
                    if left != wanted {
                        failure = "\(snapshot): after the next start the folder holds \(left), not \(wanted) (kept in \(preserve(snapshot)))"
                    }
                    removed = before - left.filter { $0 != "trips.json.lock" }.count
                    try? FileManager.default.removeItem(atPath: snapshot)
                }
            } catch {
                failure = "\(arguments.joined(separator: " ")): \(error)"
            }
            lock.withLock {
                if let failure { failures.append(failure) }
                if countsAsKill { checksDone += 1 }
                temporaryFilesRemoved += removed
            }
        }
    }

    /// Moves a folder that shows a failure out of the test's temporary directory (removed at the
    /// end), for a post-mortem; returns where it went.
    private func preserve(_ path: String) -> String {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-crash-evidence-\(UUID().uuidString)").path
        return rename(path, kept) == 0 ? kept : "\(path) (could not move it: \(String(cString: strerror(errno))))"
    }

    /// Where two byte strings first differ, and the sizes, for a failure message.
    private func describeMismatch(_ bytes: Data) -> String {
        contents.map { content in
            let common = zip(bytes, content.bytes).prefix { $0 == $1 }.count
            return "\(bytes.count) bytes, \(content.name) has \(content.bytes.count), first difference at byte \(common)"
        }.joined(separator: "; ")
    }

    /// save-torture with standard output and error into the log files (no pipes: the child is
    /// killed, and a file needs no reader), standard input from /dev/null, no inherited
    /// descriptors and no blocked signals (`ChildProcess`).
    private func spawn(_ arguments: [String]) throws -> ChildProcess {
        try Run.startChild(arguments[0], Array(arguments.dropFirst()), environment: Run.environment(), output: .file(logFile), error: .file(errorFile))
    }
}
