import Foundation

/// Runs `osmium` (Debian `osmium-tool`) and the other tools an import uses as child processes,
/// with their error output kept in a file of the import's work folder, and the way to stop them.
struct ChildTools {
    /// Where the tools' error output goes (a file in the work folder, read back for a failure).
    let logFile: URL
    /// Asked while a tool runs; true stops it and the import.
    let isCancelled: @Sendable () -> Bool
    /// Told how far a tool has read its input file, while it runs.
    var reading: (@Sendable (_ path: String, _ bytes: Int64) -> Void)?

    /// Where a tool's standard output goes when it is captured (read back after a failure too).
    var outputFile: URL { logFile.deletingLastPathComponent().appendingPathComponent("output.txt") }

    /// The package each tool comes from, for the sentence when it is missing.
    static let packages = ["osmium": "osmium-tool", "sha256sum": "coreutils", "md5sum": "coreutils", "planetsplitter": "routino", "curl": "curl"]

    /// The full path of `tool` on `$PATH`; throws a sentence naming its Debian package when there is none.
    static func locate(_ tool: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RegionError) -> String {
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw .missingTool(tool: tool, package: packages[tool] ?? tool)
    }

    /// Runs `tool` with `arguments`; its standard output is returned when `capture` is set, else
    /// thrown away. Throws when it fails (with the last lines it wrote), or when cancelled.
    /// `input` names the file it reads, whose progress `reading` is told.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], input: String? = nil, capture: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.locate(tool))
        process.arguments = arguments
        let output = capture ? outputFile : nil
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let lowestFree = try wait(for: process, reading: input)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw failure(of: tool, process, lowestFree: lowestFree)
        }
        return try output.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// Waits for `process`, telling `reading` how far it has read `input`; stops it when the import
    /// is cancelled. Returns the least room there was on the work folder's disk while it ran.
    private func wait(for process: Process, reading input: String?) throws -> Int64 {
        let watched = input.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: $0)) ?? $0 }.map(Self.resolved)
        var lowestFree = Int64.max
        while process.isRunning {
            if isCancelled() {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw RegionError.cancelled
            }
            lowestFree = min(lowestFree, Self.freeBytes(at: logFile.deletingLastPathComponent().path) ?? .max)
            if let watched, let reading, let position = Self.readPosition(of: process.processIdentifier, in: watched) {
                reading(watched, position)
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        // Ctrl-C reaches the tool too (one process group): its death is then the cancel's.
        if isCancelled() { throw RegionError.cancelled }
        return lowestFree
    }

    /// Below this much room a tool that fails is taken to have failed for want of room: the
    /// tools do not always say so (planetsplitter goes on with the writes that failed, then fails
    /// on a file it finds empty, and removes its work files, so the room is back afterwards).
    static let nearlyFull: Int64 = 64 * 1_024

    /// Why `tool` failed: its last line of error output, or the signal that killed it, or, when
    /// the disk ran out of room under it, that.
    private func failure(of tool: String, _ process: Process, lowestFree: Int64) -> RegionError {
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        var said = log.split(separator: "\n").last.map(String.init) ?? "no message"
        if process.terminationReason == .uncaughtSignal {
            said = "it was killed by signal \(process.terminationStatus) (\(String(cString: strsignal(process.terminationStatus))))"
        }
        if lowestFree < Self.nearlyFull { said = RegionShelf.errorText(ENOSPC) }
        return RegionError.toolFailed(tool: tool, status: process.terminationStatus, message: said)
    }

    static func freeBytes(at path: String) -> Int64? {
        var space = statvfs()
        guard statvfs(path, &space) == 0 else { return nil }
        return Int64(space.f_bavail) * Int64(space.f_frsize)
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// How far process `pid` has read the file at `path`: the offset of the descriptor it has open
    /// on it (Linux `/proc/PID/fdinfo`). nil when it has none open (yet).
    static func readPosition(of pid: Int32, in path: String) -> Int64? {
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for descriptor in descriptors {
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")) == path,
                  let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8) else { continue }
            for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
                return Int64(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }
}
