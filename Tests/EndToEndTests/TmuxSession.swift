import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

// Harness of the end-to-end tests: the built `roadtrip` binary, a temporary directory per test,
// a private tmux server per test that runs the full-screen program in a pane of a known size, and
// a helper that runs the binary directly for the command-line tests.

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
            throw EndToEndFailure("""
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
    /// posix_spawn and waitpid rather than Foundation's `Process`, which on Linux hung this suite:
    /// `tmux new-session` forks a server that lives on, and when tests run in parallel it could
    /// inherit the write end of another test's output pipe, so that test never saw the end of its
    /// output (two tests doing it to each other wait forever); and the child got the spawning
    /// thread's blocked signals, so the tmux server ignored the SIGTERM of `kill-server`. Here
    /// pipes are close-on-exec, children are started under one lock, and with no blocked signals.
    static func process(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessResult {
        let child = try spawnLock.withLock { try spawn(executable, arguments, environment: environment) }
        let (output, error) = readToEnd(child.output, child.error)
        close(child.output)
        close(child.error)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) == -1 && errno == EINTR {}
        // The shell's convention: the exit status, or 128 + the signal that killed it.
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            status: exitStatus,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self)
        )
    }

    /// Pipes are made close-on-exec and children spawned under this lock, so that no other test's
    /// child (a tmux server lives on!) inherits the write end of a pipe and keeps it open.
    private static let spawnLock = NSLock()

    /// Starts the child with standard input from /dev/null and its output into two pipes, and
    /// returns its pid and the read ends of the pipes.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (pid: pid_t, output: Int32, error: Int32) {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard makePipe(&outputPipe) else { throw EndToEndFailure("pipe: \(String(cString: strerror(errno)))") }
        guard makePipe(&errorPipe) else {
            outputPipe.forEach { _ = close($0) }
            throw EndToEndFailure("pipe: \(String(cString: strerror(errno)))")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

        let started = startChild(executable, [executable] + arguments, environment: environment, actions: &actions)
        close(outputPipe[1])
        close(errorPipe[1])
        switch started {
        case .success(let pid):
            return (pid, outputPipe[0], errorPipe[0])
        case .failure(let failure):
            close(outputPipe[0])
            close(errorPipe[0])
            throw EndToEndFailure("Cannot start \(executable): \(failure)")
        }
    }

    /// posix_spawn with the given file actions, `argv` (its first element is the program's name),
    /// and a child that starts with no blocked signals and the default action for the ones tests
    /// send (the test runner may block or ignore some, and children inherit that).
    static func startChild(_ executable: String, _ argv: [String], environment: [String: String],
                           actions: inout posix_spawn_file_actions_t) -> Result<pid_t, SpawnFailure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), defaultSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, arguments, variables)
        return error == 0 ? .success(pid) : .failure(SpawnFailure(code: error))
    }

    /// Why posix_spawn failed: its error code, printed as the C library's sentence.
    struct SpawnFailure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        guard pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads two pipes until both are at their end.
    private static func readToEnd(_ first: Int32, _ second: Int32) -> (Data, Data) {
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

/// The sample trips a first run seeds the data file with, in order.
enum SampleTrips {
    static let names = ["Pacific Coast Drive", "Route 66", "Iceland Ring Road", "Romantic Road", "Great Ocean Road"]
    static let stopCounts = [7, 11, 10, 7, 6]
}

/// One tmux server (private socket) with one session whose single pane runs `roadtrip`, then
/// prints `EXIT=<status>` and `stty -a` (and an end marker), then sleeps, so the test can read
/// how the program left.
final class TmuxSession {
    let socket = "roadtrip-e2e-\(UUID().uuidString)"
    let directory: TemporaryDirectory
    let width: Int
    let height: Int
    private let environment: [String: String]
    private var isClosed = false

    var dataFile: URL { directory.dataFile }

    /// Starts `roadtrip arguments…` in a `width`×`height` pane, with `ROADTRIP_FILE` in a new
    /// temporary directory (or in `directory` when given, for tests that prepare a file first).
    /// `variables` adds to or replaces the variables of the program's command line (TERM=dumb…).
    init(
        arguments: [String] = [],
        width: Int = 100,
        height: Int = 30,
        directory: TemporaryDirectory? = nil,
        variables: [String: String] = [:]
    ) throws {
        self.directory = try directory ?? TemporaryDirectory()
        self.width = width
        self.height = height
        // tmux itself needs a UTF-8 locale to keep wide characters; its own environment is also
        // the one the pane's shell starts with.
        environment = Run.environment(["LANG": "C.UTF-8", "SHELL": "/bin/sh"])
        let binary = try RoadtripBinary.path()

        var programVariables = [
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
            "ROADTRIP_FILE": self.directory.dataFile.path,
            "SWIFT_BACKTRACE": "enable=no",
        ]
        programVariables.merge(variables) { _, new in new }
        let assignments = programVariables.keys.sorted().map { "\($0)=\(Run.shellQuoted(programVariables[$0]!))" }
        let program = (["env", "-u", "LC_ALL", "-u", "LC_CTYPE"] + assignments + [Run.shellQuoted(binary)] + arguments.map(Run.shellQuoted))
            .joined(separator: " ")
        // The shell catches SIGINT (Ctrl-C goes to the whole foreground process group) so that it
        // survives to print the status; a caught signal is back to its default in the program.
        // The marker after `stty -a` tells a test its output is complete on the screen. The pane
        // then waits for `close()`: under a full suite on two cores a test may first read it more
        // than a minute after a program that exits at once (a corrupt file, TERM=dumb) has gone.
        let commandLine = "trap : INT; \(program); echo \"EXIT=$?\"; stty -a; echo \(Self.endMarker); sleep 3600"
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", commandLine])
    }

    /// An interactive bash with job control in the pane (no program started): for what only a
    /// real shell shows, like Ctrl-Z and `fg`. `commandLine` is the line that starts roadtrip.
    init(interactiveShellWidth width: Int, height: Int) throws {
        directory = try TemporaryDirectory()
        self.width = width
        self.height = height
        environment = Run.environment(["LANG": "C.UTF-8", "SHELL": "/bin/bash", "PS1": "ready$ "])
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "env PS1='ready$ ' bash --noprofile --norc -i"])
    }

    /// The shell line that starts roadtrip on this session's data file.
    func commandLine() throws -> String {
        let variables = ["LANG=C.UTF-8", "TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no", "ROADTRIP_FILE=\(Run.shellQuoted(dataFile.path))"]
        return (["env"] + variables + [Run.shellQuoted(try RoadtripBinary.path())]).joined(separator: " ")
    }

    deinit {
        close()
    }

    /// Stops the tmux server (and with it the program, if still running). Safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"], allowFailure: true)
    }

    // MARK: Input

    /// Sends tmux key names (`Enter`, `Escape`, `Down`, `C-c`, `a`…), each as one key.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Resizes the window, as a user dragging the terminal's corner would (the program gets
    /// SIGWINCH and KEY_RESIZE).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible pane with colours and attributes as escape sequences (`capture-pane -e`).
    func captureWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "0"])
    }

    /// Sends what the terminal sends for a mouse event in the SGR form (mode 1006) the program
    /// asks for: `button` in xterm's code (0 the left button, 32 added for a move, 64 and 65 the
    /// wheel), at a 0-based row and column; `release` ends with `m` instead of `M`. tmux passes
    /// the bytes to the pane as if its terminal had sent them.
    func sendMouse(button: Int, row: Int, column: Int, release: Bool = false) throws {
        try sendText("\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")")
    }

    /// tmux's view of the pane's mouse modes: `standard button sgr` (1000, 1002, 1006), each 0 or 1.
    func mouseModes() throws -> String {
        try tmux(["display-message", "-p", "-t", "0", "#{mouse_standard_flag} #{mouse_button_flag} #{mouse_sgr_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types `text` literally (any Unicode).
    func sendText(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    // MARK: Output

    /// The visible pane, one line per screen row. `joined` joins lines the terminal wrapped (for
    /// long messages printed by the shell or the program after it left full-screen mode).
    func capture(joined: Bool = false) throws -> String {
        let text = try tmux(["capture-pane", "-p", "-t", "0"] + (joined ? ["-J"] : []))
        // Every line ends with a newline; without the last one, the text has one line per row.
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Polls the screen every 50 ms until `text` appears; throws with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitUntil("“\(text)” on the screen", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Polls the screen every 50 ms until `condition` holds for it; throws with the last screen
    /// after `timeout`.
    @discardableResult
    func waitUntil(
        _ description: String,
        timeout: Duration = .seconds(30),
        joined: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = ""
        while true {
            screen = try capture(joined: joined)
            if condition(screen) { return try await settled(screen, joined: joined, condition) }
            if clock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw EndToEndFailure("Timed out after \(timeout) waiting for \(description). Last screen:\n\(framed(screen))", sourceLocation: sourceLocation)
    }

    /// The screen once the frame that showed `condition` is whole. A frame reaches tmux in many
    /// writes (strace shows dozens for the help box at 80×24), so a capture can hold its first
    /// rows and not the rest: CI once saw the help's title and half its lines. Polls
    /// until two captures 20 ms apart agree, for at most half a second, so that a screen that
    /// keeps changing (a progress count) still returns; a later screen on which `condition`
    /// no longer holds leaves the earlier one as the answer.
    private func settled(_ first: String, joined: Bool, _ condition: (String) -> Bool) async throws -> String {
        var screen = first
        for _ in 0..<25 {
            try await Task.sleep(for: .milliseconds(20))
            let next = try capture(joined: joined)
            if next == screen || !condition(next) { return screen }
            screen = next
        }
        return screen
    }

    /// Waits for the program to end (the pane prints `EXIT=n`) and returns its exit status and
    /// what the pane shows then (the status and `stty -a`).
    func waitForExit(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async throws -> (status: Int32, screen: String) {
        let screen = try await waitUntil("the program to exit (EXIT=… and the stty -a output)", timeout: timeout, joined: true, sourceLocation: sourceLocation) {
            Self.exitStatus(in: $0) != nil && $0.contains(Self.endMarker)
        }
        return (Self.exitStatus(in: screen)!, screen)
    }

    static let endMarker = "END-OF-STTY"

    static func exitStatus(in screen: String) -> Int32? {
        for line in screen.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("EXIT="), let status = Int32(trimmed.dropFirst("EXIT=".count)) { return status }
        }
        return nil
    }

    /// Whether the `stty -a` output shows the terminal in its normal (cooked, echoing) mode.
    static func showsNormalTerminalModes(_ screen: String) -> Bool {
        let words = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon") && !words.contains("-echo")
    }

    /// The screen in a frame, for failure messages (so blank lines and trailing text are visible).
    func framed(_ screen: String) -> String {
        let rule = "+" + String(repeating: "-", count: width) + "+"
        return ([rule] + screen.components(separatedBy: "\n").map { "|" + $0 }
            + [rule]).joined(separator: "\n")
    }

    // MARK: Processes

    /// The process id of the program: the child of the pane's shell.
    func programProcessID(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
        let shellText = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let shell = pid_t(shellText) else {
            throw EndToEndFailure("tmux gave no pane pid (\(shellText))", sourceLocation: sourceLocation)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { continue }
            // After "pid (comm) ": state, then the parent's pid.
            let fields = stat[close.upperBound...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == shell { return pid }
        }
        throw EndToEndFailure("No child process of the pane's shell (pid \(shell)): the program is not running.", sourceLocation: sourceLocation)
    }

    // MARK: tmux

    /// Any tmux command on this session's server (`set -g set-clipboard on`, `show-buffer`,
    /// `display-message -p '#{cursor_flag}'`), returning what it prints.
    @discardableResult
    func control(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Whether the pane's cursor is visible, as the program last left it (tmux's `cursor_flag`).
    func cursorIsVisible() throws -> Bool {
        try control("display-message", "-p", "-t", "0", "#{cursor_flag}").trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// tmux, found on the PATH (`make test` installs it).
    static func tmuxPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw EndToEndFailure("tmux is not installed (the end-to-end tests need it): sudo apt-get install tmux")
    }

    @discardableResult
    private func tmux(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let result = try Run.process(try Self.tmuxPath(), ["-f", "/dev/null", "-L", socket] + arguments, environment: environment)
        if result.status != 0 && !allowFailure {
            throw EndToEndFailure("tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }
}
