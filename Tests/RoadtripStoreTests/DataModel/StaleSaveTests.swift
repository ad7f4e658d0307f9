import ChildProcesses
import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
@testable import RoadtripCore
@testable import RoadtripStore
#endif

/// The litter of saves killed midway (`.roadtrip-save-<name>.<pid>.<random>`) is removed at the
/// next start, and nothing else ever is.
@Suite struct StaleSaveTests {
    /// The pid of a process that has ended (started, waited for): no process has it now.
    static func deadProcessID() throws -> pid_t {
        let child = try ChildProcess("/bin/true", [], environment: [:])
        _ = child.wait()
        try #require(kill(child.pid, 0) == -1 && errno == ESRCH)
        return child.pid
    }

    static func temporaryName(_ target: String, pid: pid_t, random: UInt32 = 12345) -> String {
        "\(AtomicFile.temporaryPrefix)\(target).\(pid).\(random)"
    }

    /// The moment the litter is looked at, fixed rather than read from the wall clock: ages are
    /// set back from it (`age`), and `removeStaleTemporaryFiles` is told it is now.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Sets a file's modification time `seconds` before `now`.
    static func age(_ url: URL, by seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-seconds)], ofItemAtPath: url.path)
    }

    @Test func removesTheTemporaryFileOfADeadWriter() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("{\"trips\": []}", to: "trips.json")
        let dead = try Self.deadProcessID()
        let litter = Self.temporaryName("trips.json", pid: dead)
        _ = try directory.write("{\"tri", to: litter)

        #expect(AtomicFile.removeStaleTemporaryFiles(for: url, now: Self.now) == [litter])
        #expect(directory.fileNames == ["trips.json"])
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"trips\": []}")
    }

    @Test func keepsTheRecentTemporaryFileOfALiveWriter() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        // This process is alive: its save may be under way.
        let live = Self.temporaryName("trips.json", pid: getpid())
        _ = try directory.write("half", to: live)
        try Self.age(directory.file(live), by: 60)

        #expect(AtomicFile.removeStaleTemporaryFiles(for: url, now: Self.now).isEmpty)
        #expect(directory.fileNames == [live, "trips.json"].sorted())
    }

    @Test func removesATemporaryFileOlderThanTenMinutesEvenIfItsPidIsAlive() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        // A pid in use again long after its writer died (pid 1 is always alive).
        let reused = Self.temporaryName("trips.json", pid: 1)
        _ = try directory.write("half", to: reused)
        try Self.age(directory.file(reused), by: 11 * 60)

        #expect(AtomicFile.removeStaleTemporaryFiles(for: url, now: Self.now) == [reused])
        #expect(directory.fileNames == ["trips.json"])
    }

    @Test func neverTouchesOtherFilesNorTheTarget() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        let dead = try Self.deadProcessID()
        let others = [
            Self.temporaryName("other.json", pid: dead), // another target's
            Self.temporaryName("trips.json.bak", pid: dead), // a target whose name goes on
            Self.temporaryName("trips", pid: dead), // a target whose name stops short
            "\(AtomicFile.temporaryPrefix)trips.json.\(dead)", // no random part
            "\(AtomicFile.temporaryPrefix)trips.json.\(dead).1.2", // one part too many
            "\(AtomicFile.temporaryPrefix)trips.json.x\(dead).1", // not a pid
            "\(AtomicFile.temporaryPrefix)trips.json.0.1", // pid 0 would mean "my group"
            "\(AtomicFile.temporaryPrefix)trips.json.-1.1", // and -1 "every process"
            "roadtrip-save-trips.json.\(dead).1", // not hidden: not ours
            "trips.json.\(dead).1",
            "notes.txt",
        ]
        for name in others {
            _ = try directory.write("keep", to: name)
            try Self.age(directory.file(name), by: 3600)
        }
        // A folder and a symlink with a dead writer's name: not files a save makes.
        let folder = Self.temporaryName("trips.json", pid: dead, random: 1)
        try FileManager.default.createDirectory(at: directory.file(folder), withIntermediateDirectories: false)
        let link = Self.temporaryName("trips.json", pid: dead, random: 2)
        try FileManager.default.createSymbolicLink(atPath: directory.file(link).path, withDestinationPath: "notes.txt")
        try Self.age(url, by: 3600)
        let before = directory.fileNames

        #expect(AtomicFile.removeStaleTemporaryFiles(for: url, now: Self.now).isEmpty)
        #expect(directory.fileNames == before)
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
    }

    @Test func findsTheLitterBesideASymlinksTarget() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: false)
        _ = try directory.write("old", to: "real/trips.json")
        let link = directory.file("trips.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/trips.json")
        // AtomicFile.write makes its temporary file beside the target, named after it.
        let litter = Self.temporaryName("trips.json", pid: try Self.deadProcessID())
        _ = try directory.write("half", to: "real/\(litter)")

        #expect(AtomicFile.removeStaleTemporaryFiles(for: link, now: Self.now) == [litter])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real").path) == ["trips.json"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/trips.json")
    }

    @Test func aMissingFolderIsNoError() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/trips.json")
        #expect(AtomicFile.removeStaleTemporaryFiles(for: url, now: Self.now).isEmpty)
    }

    @MainActor
    @Test func theNextStartRemovesTheLitter() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        let store = TripFileStore(url: url)
        try store.write(TripFile(trips: [Trip(name: "Kept")]))
        let litter = Self.temporaryName("trips.json", pid: try Self.deadProcessID())
        _ = try directory.write("{\"version\": 1, \"tri", to: litter)

        let model = try Self.startThePlanner(on: url)
        #expect(model.trips.map(\.name) == ["Kept"])
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    /// Issue 52, case 11: a planner killed while it started its journal anew left
    /// `.roadtrip-save-trips.json.journal.<pid>.*` for good. The next start takes it too.
    @MainActor
    @Test func theNextStartRemovesTheLitterOfTheJournalToo() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        try TripFileStore(url: url).write(TripFile(trips: [Trip(name: "Kept")]))
        let litter = Self.temporaryName("trips.json.journal", pid: try Self.deadProcessID())
        _ = try directory.write("{\"journal\": 3", to: litter)

        _ = try Self.startThePlanner(on: url)
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    @MainActor
    @Test func theNextStartWithoutAFileStillRemovesTheLitter() throws {
        let directory = try TemporaryDirectory()
        let litter = Self.temporaryName("trips.json", pid: try Self.deadProcessID())
        _ = try directory.write("{\"version\": 1, \"tri", to: litter)

        _ = try Self.startThePlanner(on: directory.file("trips.json"))
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    @Test func aReaderLeavesTheLitterToTheWriter() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        try TripFileStore(url: url).write(TripFile(trips: [Trip(name: "Kept")]))
        let litter = Self.temporaryName("trips.json", pid: try Self.deadProcessID())
        _ = try directory.write("{\"version\": 1, \"tri", to: litter)

        #expect(try TripFileStore(url: url).read()?.trips.map(\.name) == ["Kept"])
        #expect(directory.fileNames == [litter, "trips.json"].sorted())
    }

    /// The planner's own start: `DataModel.load`, taking the lock as the full-screen program does.
    @MainActor
    private static func startThePlanner(on url: URL) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        try model.load { [] }
        return model
    }
}
