import ChildProcesses
import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

// Harness of the end-to-end tests, part one: the built `roadtrip` binary, and running programs
// to their end (the command-line tests; tmux itself, for `TmuxSession`).

/// A failure of the harness itself or of a wait; its description is what the test report shows.
struct EndToEndFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
        self.description = "\(sourceLocation.fileName):\(sourceLocation.line): \(description)"
    }
}

/// The `roadtrip` executable under test: `$ROADTRIP_BINARY`, else `roadtrip` beside the running
/// test executable (SwiftPM puts both in the same build products folder).
enum RoadtripBinary {
    static func path() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["ROADTRIP_BINARY"], !explicit.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw EndToEndFailure("ROADTRIP_BINARY is set to \(explicit), which is not an executable file.")
            }
            return explicit
        }
        let testExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: testExecutable).deletingLastPathComponent().appendingPathComponent("roadtrip").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw EndToEndFailure(
                """
                The roadtrip binary was not found at \(candidate) (beside the test executable \(testExecutable)). \
                Build it first (swift build --build-tests) or set ROADTRIP_BINARY to its path.
                """)
        }
        return candidate
    }
}

/// The result of running a program to its end.
struct ProcessResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

/// Helpers to run programs directly (no tmux) and to look at files and text.
enum Run {
    /// The environment children get: the test's own, without locale or tmux variables that would
    /// change what they do, plus `overrides`.
    /// An XDG data folder that does not exist, so a program run by a test finds no regions.
    static let noDataHome = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-e2e-no-data-home-\(getpid())").path

    static func environment(_ overrides: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG", "LANGUAGE", "TMUX", "TMUX_PANE", "ROADTRIP_FILE", "ROADTRIP_RESOURCES", "NO_COLOR"] {
            environment[name] = nil
        }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // No regions but a test's own: the user's ~/.local/share/roadtrip/regions stays out of it.
        environment["XDG_DATA_HOME"] = noDataHome
        environment["XDG_CACHE_HOME"] = noDataHome + "-cache"
        environment.merge(overrides) { _, new in new }
        return environment
    }

    /// Runs `executable` with standard input from /dev/null and returns its status and output.
    ///
    /// `ChildProcess` rather than Foundation's `Process`, which on Linux hung this suite: `tmux
    /// new-session` forks a server that lives on, and when tests run in parallel it could inherit
    /// the write end of another test's output pipe, so that test never saw the end of its output
    /// (two tests doing it to each other wait forever); and the child got the spawning thread's
    /// blocked signals, so the tmux server ignored the SIGTERM of `kill-server`. Here pipes are
    /// close-on-exec, children are started under one lock, inherit no other descriptor, and
    /// start with no blocked signals.
    static func process(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessResult {
        try start(executable, arguments, environment: environment).finish()
    }

    /// `process`, waited for on a thread of its own: an async test that runs a program (tmux, at
    /// every look at the screen) leaves the few threads Swift's concurrency runs all the tests on
    /// to the other tests meanwhile, instead of blocking one of them until the program ends.
    static func processOffThePool(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> ProcessResult {
        let child = try start(executable, arguments, environment: environment)
        return await child.finishOffThePool()
    }

    /// A program started with standard input from /dev/null and its output into two pipes, for
    /// a test to act on while it runs (a signal) and then finish.
    struct Child: Sendable {
        let process: ChildProcess
        fileprivate let output: Int32
        fileprivate let error: Int32

        /// Reads both pipes to their end, waits for the program, and returns its status (the
        /// shell's convention: 128 + the signal that killed it) and output.
        func finish() -> ProcessResult {
            let (outputData, errorData) = Run.readToEnd(output, error)
            close(output)
            close(error)
            return ProcessResult(
                status: process.wait().shellStatus,
                standardOutput: String(decoding: outputData, as: UTF8.self),
                standardError: String(decoding: errorData, as: UTF8.self)
            )
        }

        /// `finish`, on a thread of its own (see `processOffThePool`).
        func finishOffThePool() async -> ProcessResult {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: finish()) }
            }
        }
    }

    /// Starts `executable` (see `Child`).
    static func start(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Child {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard makePipe(&outputPipe) else { throw EndToEndFailure("pipe: \(String(cString: strerror(errno)))") }
        guard makePipe(&errorPipe) else {
            outputPipe.forEach { _ = close($0) }
            throw EndToEndFailure("pipe: \(String(cString: strerror(errno)))")
        }
        let started: ChildProcess
        do {
            started = try startChild(executable, arguments, environment: environment, output: .descriptor(outputPipe[1]), error: .descriptor(errorPipe[1]))
        } catch {
            (outputPipe + errorPipe).forEach { _ = close($0) }
            throw error
        }
        close(outputPipe[1])
        close(errorPipe[1])
        return Child(process: started, output: outputPipe[0], error: errorPipe[0])
    }

    /// Children are spawned under this lock, so that no other test's child (a tmux server lives
    /// on!) inherits the write end of a pipe and keeps it open.
    private static let spawnLock = NSLock()

    /// Starts `executable` with `arguments` and the streams given (standard input from /dev/null
    /// unless said), under the lock; the child inherits no blocked signals and no other descriptor.
    static func startChild(
        _ executable: String, _ arguments: [String], environment: [String: String], input: ChildProcess.Stream = .null,
        output: ChildProcess.Stream, error: ChildProcess.Stream
    ) throws(EndToEndFailure) -> ChildProcess {
        do {
            return try spawnLock.withLock {
                try ChildProcess(executable, arguments, environment: environment, input: input, output: output, error: error)
            }
        } catch {
            throw EndToEndFailure("Cannot start \(executable): \(error)")
        }
    }

    /// A pipe, read from `descriptors[0]` and written to `descriptors[1]`: a socket pair, which
    /// behaves like a pipe here and, unlike pipe(), is made close-on-exec at once, so that no
    /// child another test starts meanwhile (under the lock or not: tmux's control client)
    /// inherits either end.
    static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0
    }

    /// Reads two pipes until both are at their end.
    fileprivate static func readToEnd(_ first: Int32, _ second: Int32) -> (Data, Data) {
        var data = [Data(), Data()]
        var descriptors = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open > 0 {
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = read(descriptors[index].fd, &buffer, buffer.count)
                if count > 0 {
                    data[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    descriptors[index].fd = -1
                    open -= 1
                }
            }
        }
        return (data[0], data[1])
    }

    /// A string as one word for `sh`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The data file as a JSON object.
    static func jsonObject(at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw EndToEndFailure("\(url.path) is not a JSON object:\n\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        return object
    }

    /// The `trips` array of the data file.
    static func trips(at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let object = try jsonObject(at: url, sourceLocation: sourceLocation)
        guard let trips = object["trips"] as? [[String: Any]] else {
            throw EndToEndFailure("\(url.path) has no \"trips\" array: \(object)", sourceLocation: sourceLocation)
        }
        return trips
    }

    static func names(of trips: [[String: Any]]) -> [String] {
        trips.map { $0["name"] as? String ?? "<no name>" }
    }
}
