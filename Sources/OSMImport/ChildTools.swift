import ChildProcesses
import Foundation
import RoadtripRegions
#if canImport(Glibc)
import Glibc
#endif

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
        guard let path = ChildProcess.locate(tool, environment: environment) else { throw .missingTool(tool: tool, package: packages[tool] ?? tool) }
        return path
    }

    /// Runs `tool` with `arguments`; its standard output is returned when `capture` is set, else
    /// thrown away. Throws when it fails (with the last lines it wrote), or when cancelled.
    /// `input` names the file it reads, whose progress `reading` is told.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], input: String? = nil, capture: Bool = false) throws -> String {
        let output = capture ? outputFile : nil
        let child = try ChildProcess(
            try Self.locate(tool), arguments, output: output.map { .file($0.path) } ?? .null, error: .file(logFile.path),
            diesWithParent: true)
        let (ended, lowestFree) = try wait(for: child, reading: input)
        guard ended.succeeded else { throw failure(of: tool, ended, lowestFree: lowestFree) }
        return try output.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// Runs `tool` and hands `line` each line of its standard output (without the line break) as
    /// it comes, through a pipe: for output too big to keep whole. Throws as `run` does; a throw
    /// from `line` or a cancel stops the tool.
    func eachLine(of tool: String, _ arguments: [String], input: String? = nil, _ line: (ArraySlice<UInt8>) throws -> Void) throws {
        let (pipeOut, pipeIn) = try ChildProcess.pipe()
        defer { close(pipeOut) }
        let child: ChildProcess
        do {
            child = try ChildProcess(try Self.locate(tool), arguments, output: .descriptor(pipeIn), error: .file(logFile.path), diesWithParent: true)
        } catch {
            close(pipeIn)
            throw error
        }
        close(pipeIn)
        var finished = false
        defer {
            if !finished {
                child.signal(SIGKILL)
                _ = child.wait()
            }
        }
        let watched = input.map(Self.watched)
        var told = DispatchTime.now()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(pipeOut, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if isCancelled() { throw RegionError.cancelled }
            if let watched, let reading, DispatchTime.now() > told + .milliseconds(10) {
                told = .now()
                Self.readPosition(of: child.pid, in: watched).map { reading(watched, $0) }
            }
            pending.append(contentsOf: chunk[..<count])
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try line(pending[start..<end])
                start = end + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { try line(pending[...]) }
        let (ended, lowestFree) = try wait(for: child, reading: input)
        finished = true
        guard ended.succeeded else { throw failure(of: tool, ended, lowestFree: lowestFree) }
    }

    /// Waits for `child`, telling `reading` how far it has read `input`; stops it when the import
    /// is cancelled. Returns how it ended and the least room there was on the work folder's disk
    /// while it ran (looked at every 10 ms; the wait itself ends when the child does).
    private func wait(for child: ChildProcess, reading input: String?) throws -> (ChildProcess.Termination, lowestFree: Int64) {
        let watched = input.map(Self.watched)
        var lowestFree = Int64.max
        let (ended, stopped) = child.wait(checkingEvery: .milliseconds(10)) {
            if isCancelled() { return false }
            lowestFree = min(lowestFree, Self.freeBytes(at: logFile.deletingLastPathComponent().path) ?? .max)
            if let watched, let reading, let position = Self.readPosition(of: child.pid, in: watched) {
                reading(watched, position)
            }
            return true
        }
        // Ctrl-C reaches the tool too (one process group): its death is then the cancel's.
        if stopped || isCancelled() { throw RegionError.cancelled }
        return (ended, lowestFree)
    }

    /// Below this much room a tool that fails is taken to have failed for want of room: the
    /// tools do not always say so (planetsplitter goes on with the writes that failed, then fails
    /// on a file it finds empty, and removes its work files, so the room is back afterwards).
    static let nearlyFull: Int64 = 64 * 1_024

    /// Why `tool` failed: its last line of error output, or the signal that killed it, or, when
    /// the disk ran out of room under it, that.
    private func failure(of tool: String, _ ended: ChildProcess.Termination, lowestFree: Int64) -> RegionError {
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        var said = log.split(separator: "\n").last.map(String.init) ?? "no message"
        let status: Int32
        switch ended {
        case .exited(let code): status = code
        case .killed(let signal):
            status = signal
            said = "it was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
        }
        if lowestFree < Self.nearlyFull { said = RegionShelf.errorText(ENOSPC) }
        return RegionError.toolFailed(tool: tool, status: status, message: said)
    }

    static func freeBytes(at path: String) -> Int64? {
        var space = statvfs()
        guard statvfs(path, &space) == 0 else { return nil }
        return Int64(space.f_bavail) * Int64(space.f_frsize)
    }

    /// The file a tool reading `input` has open: the one a link leads to, by its real path.
    private static func watched(_ input: String) -> String {
        resolved((try? FileManager.default.destinationOfSymbolicLink(atPath: input)) ?? input)
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
                let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8)
            else { continue }
            for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
                return Int64(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }
}
