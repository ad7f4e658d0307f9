import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

// Harness of the end-to-end tests, part two: a private tmux server per test that runs the
// full-screen program in a pane of a known size, screens read only when a frame is whole, and
// the gate that holds the program's long work where a test wants it.

/// The sample trips a first run seeds the data file with, in order.
enum SampleTrips {
    static let names = ["Pacific Coast Drive", "Route 66", "Iceland Ring Road", "Romantic Road", "Great Ocean Road"]
    static let stopCounts = [7, 11, 10, 7, 6]
}

/// How long a wait may last before the harness calls it a hang. Only a guard: no test passes or
/// fails by how fast the machine is, each wait ends on what the program shows or writes.
/// `ROADTRIP_E2E_HANG_SECONDS` changes it (a machine many times slower than this one).
enum HangGuard {
    static let limit: Duration = .seconds(ProcessInfo.processInfo.environment["ROADTRIP_E2E_HANG_SECONDS"].flatMap(Int.init) ?? 120)

    static func failure(_ what: String, after limit: Duration, sourceLocation: SourceLocation) -> EndToEndFailure {
        EndToEndFailure(
            "Hang: \(what) did not happen within \(limit), the harness's guard against a hang (ROADTRIP_E2E_HANG_SECONDS)", sourceLocation: sourceLocation)
    }
}

/// At most this many tests run tmux sessions at once (`ROADTRIP_E2E_SESSIONS`, else 4): every
/// session is a program drawing in a pane and a test reading it, and on two cores a few at a time
/// get through the suite sooner than all of them at once, each starving the others. A test
/// holds one slot however many sessions it opens (a second planner on the same file): a test that
/// waited for a second slot while holding one could wait for ever.
final class SessionSlots: @unchecked Sendable {
    static let shared = SessionSlots(count: ProcessInfo.processInfo.environment["ROADTRIP_E2E_SESSIONS"].flatMap(Int.init) ?? 4)

    /// Who holds a slot: the task a test runs in (each test, and each case of a parameterized
    /// one, runs in a task of its own; its sessions are opened in it).
    typealias Holder = Int

    private let lock = NSLock()
    private var free: Int
    private var sessions: [Holder: Int] = [:]
    private var waiting: [(holder: Holder, continuation: CheckedContinuation<Void, Never>)] = []

    init(count: Int) {
        free = max(1, count)
    }

    /// The holder the current task is.
    static var currentHolder: Holder {
        withUnsafeCurrentTask { $0?.hashValue } ?? 0
    }

    /// Takes a slot for `holder`, waiting for one unless it holds one already.
    func take(for holder: Holder) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if let open = sessions[holder] {
                    sessions[holder] = open + 1
                    return true
                }
                guard free > 0 else {
                    waiting.append((holder, continuation))
                    return false
                }
                free -= 1
                sessions[holder] = 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// `holder` closed a session; its slot goes to the next test once it has none open.
    func give(for holder: Holder) {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            let open = (sessions[holder] ?? 1) - 1
            guard open == 0 else {
                sessions[holder] = open
                return nil
            }
            sessions[holder] = nil
            guard !waiting.isEmpty else {
                free += 1
                return nil
            }
            let (taker, continuation) = waiting.removeFirst()
            sessions[taker] = 1
            return continuation
        }
        next?.resume()
    }
}

/// One tmux server (private socket) with one session whose single pane runs `roadtrip`, then
/// prints `EXIT=<status>` and `stty -a` (and an end marker), then sleeps, so the test can read
/// how the program left.
///
/// The program runs under a test gate (`ROADTRIP_TEST_GATE`, a folder of the session's): it
/// marks each frame with the window title ("roadtrip drawing N" before, "roadtrip frame N"
/// after), so that the screen is read only when whole; and it holds the long work named in `hold`
/// until the test releases it (`waitUntilHeld`, `release`, `waitUntilEnded`).
final class TmuxSession {
    let socket = "roadtrip-e2e-\(UUID().uuidString)"
    let directory: TemporaryDirectory
    let width: Int
    let height: Int
    /// The folder the program's gate writes its files in, and reads releases from.
    let gate: TemporaryDirectory
    private let environment: [String: String]
    private var isClosed = false
    /// The test that holds this session's slot.
    private let holder = SessionSlots.currentHolder
    /// The control-mode client the screen is read through, once it has been read.
    private var controlMode: TmuxControl?

    var dataFile: URL { directory.dataFile }

    /// Starts `roadtrip arguments…` in a `width`×`height` pane, with `ROADTRIP_FILE` in a new
    /// temporary directory (or in `directory` when given, for tests that prepare a file first).
    /// `variables` adds to or replaces the variables of the program's command line (TERM=dumb…);
    /// `hold` names the long work the gate holds ("import", "autosave"…); `workingDirectory`, the
    /// folder the program is started in (else the test's own); `binary`, another roadtrip than the
    /// one built (the one a package installs). Waits for a free slot first (`SessionSlots`).
    init(
        binary: String? = nil,
        arguments: [String] = [],
        width: Int = 100,
        height: Int = 30,
        directory: TemporaryDirectory? = nil,
        variables: [String: String] = [:],
        hold: [String] = [],
        workingDirectory: URL? = nil
    ) async throws {
        self.directory = try directory ?? TemporaryDirectory()
        gate = try TemporaryDirectory()
        self.width = width
        self.height = height
        // tmux itself needs a UTF-8 locale to keep wide characters; its own environment is also
        // the one the pane's shell starts with.
        environment = Run.environment(["LANG": "C.UTF-8", "SHELL": "/bin/sh"])
        let binary = try binary ?? RoadtripBinary.path()

        var programVariables = Self.gateVariables(gate, hold: hold).merging([
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
            "ROADTRIP_FILE": self.directory.dataFile.path,
            "SWIFT_BACKTRACE": "enable=no",
        ]) { _, new in new }
        programVariables.merge(variables) { _, new in new }
        let assignments = programVariables.keys.sorted().map { "\($0)=\(Run.shellQuoted(programVariables[$0]!))" }
        let program = (["env", "-u", "LC_ALL", "-u", "LC_CTYPE"] + assignments + [Run.shellQuoted(binary)] + arguments.map(Run.shellQuoted))
            .joined(separator: " ")
        // The shell catches SIGINT (Ctrl-C goes to the whole foreground process group) so that it
        // survives to print the status; a caught signal is back to its default in the program.
        // The marker after `stty -a` tells a test its output is complete on the screen. The pane
        // then waits for `close()`.
        let commandLine = "trap : INT; \(program); echo \"EXIT=$?\"; stty -a; echo \(Self.endMarker); sleep 3600"
        try await start(["new-session", "-d", "-x", "\(width)", "-y", "\(height)"] + (workingDirectory.map { ["-c", $0.path] } ?? []) + [commandLine])
    }

    /// An interactive bash with job control in the pane (no program started): for what only a
    /// real shell shows, like Ctrl-Z and `fg`. `commandLine` is the line that starts roadtrip.
    init(interactiveShellWidth width: Int, height: Int) async throws {
        directory = try TemporaryDirectory()
        gate = try TemporaryDirectory()
        self.width = width
        self.height = height
        environment = Run.environment(["LANG": "C.UTF-8", "SHELL": "/bin/bash", "PS1": "ready$ "])
        try await start(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "env PS1='ready$ ' bash --noprofile --norc -i"])
    }

    /// Takes a slot and starts the server; gives the slot back when that fails.
    private func start(_ newSession: [String]) async throws {
        await SessionSlots.shared.take(for: holder)
        do {
            try await tmux(newSession)
        } catch {
            isClosed = true
            SessionSlots.shared.give(for: holder)
            throw error
        }
    }

    /// The variables that put a program under the test gate in `folder`, holding `hold`.
    static func gateVariables(_ folder: TemporaryDirectory, hold: [String] = []) -> [String: String] {
        var variables = ["ROADTRIP_TEST_GATE": folder.path]
        if !hold.isEmpty { variables["ROADTRIP_TEST_HOLD"] = hold.joined(separator: ",") }
        return variables
    }

    /// The shell line that starts roadtrip on this session's data file.
    func commandLine() throws -> String {
        let variables = [
            "LANG=C.UTF-8", "TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no", "ROADTRIP_FILE=\(Run.shellQuoted(dataFile.path))",
            "ROADTRIP_TEST_GATE=\(Run.shellQuoted(gate.path))",
        ]
        return (["env"] + variables + [Run.shellQuoted(try RoadtripBinary.path())]).joined(separator: " ")
    }

    deinit {
        close()
    }

    /// Stops the tmux server (and with it the program, if still running) and frees the slot.
    /// Safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        controlMode?.close()
        _ = try? Run.process(try Self.tmuxPath(), ["-f", "/dev/null", "-L", socket, "kill-server"], environment: environment)
        gate.remove()
        SessionSlots.shared.give(for: holder)
    }

    // MARK: Input

    /// Sends tmux key names (`Enter`, `Escape`, `Down`, `C-c`, `a`…), each as one key.
    func sendKeys(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Resizes the window, as a user dragging the terminal's corner would (the program gets
    /// SIGWINCH and KEY_RESIZE).
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Sends what the terminal sends for a mouse event in the SGR form (mode 1006) the program
    /// asks for: `button` in xterm's code (0 the left button, 32 added for a move, 64 and 65 the
    /// wheel), at a 0-based row and column; `release` ends with `m` instead of `M`. tmux passes
    /// the bytes to the pane as if its terminal had sent them.
    func sendMouse(button: Int, row: Int, column: Int, release: Bool = false) async throws {
        try await sendText(Self.mouseReport(button: button, row: row, column: column, release: release))
    }

    /// The bytes of one SGR mouse report (see `sendMouse`).
    static func mouseReport(button: Int, row: Int, column: Int, release: Bool = false) -> String {
        "\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")"
    }

    /// tmux's view of the pane's mouse modes: `standard button sgr` (1000, 1002, 1006), each 0 or 1.
    func mouseModes() async throws -> String {
        try await tmux(["display-message", "-p", "-t", "0", "#{mouse_standard_flag} #{mouse_button_flag} #{mouse_sgr_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types `text` literally (any Unicode).
    func sendText(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Pastes `text` into the pane as a terminal paste does (tmux load-buffer and paste-buffer).
    func paste(_ text: some StringProtocol) async throws {
        let file = gate.url.appendingPathComponent("paste.txt")
        try Data(text.utf8).write(to: file)
        try await tmux(["load-buffer", file.path])
        try await tmux(["paste-buffer", "-t", "0"])
    }

    // MARK: Output

    /// The visible pane, one line per screen row, once the program's last frame is whole (see
    /// `Frame`). `joined` joins lines the terminal wrapped (for long messages printed by the shell
    /// or the program after it left full-screen mode); `attributes` keeps colours and attributes
    /// as escape sequences (`capture-pane -e`).
    func capture(joined: Bool = false, attributes: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let clock = ContinuousClock(), deadline = clock.now + HangGuard.limit
        let title = "display-message -p -t 0 '#{pane_title}'"
        let capture = "capture-pane -p -t 0" + (joined ? " -J" : "") + (attributes ? " -e" : "")
        let client = try controlClient()
        while true {
            let answers = try await client.run([title, capture, title]).map { try $0.get() }
            let frame = Frame(before: answers[0], screen: answers[1], after: answers[2])
            if frame.isWhole { return frame.screen }
            if clock.now >= deadline { throw HangGuard.failure("a whole frame", after: HangGuard.limit, sourceLocation: sourceLocation) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The control-mode client, attached at the first look at the screen.
    private func controlClient() throws -> TmuxControl {
        if let controlMode { return controlMode }
        let client = try TmuxControl(tmux: try Self.tmuxPath(), socket: socket, environment: environment)
        controlMode = client
        return client
    }

    /// The visible pane with colours and attributes as escape sequences (`capture-pane -e`).
    func captureWithAttributes() async throws -> String {
        try await capture(attributes: true)
    }

    /// What one look at the pane gave: the window title before, the screen, the title after.
    ///
    /// The program (under the gate) sets the title to "roadtrip drawing N" before it sends frame
    /// N and to "roadtrip frame N" once all of it is sent, and tmux reads the program's output in
    /// order: when the title says "roadtrip frame N" both before and after the screen was read,
    /// the screen holds frame N whole, and nothing of frame N+1 (which "roadtrip drawing N+1"
    /// would have come before). A title the program never set (no frame yet, or the shell's
    /// output after the program) counts as whole when it did not change.
    struct Frame {
        let before: String
        let screen: String
        let after: String

        /// The three commands' outputs, each line of which ends with a newline.
        init(before: String, screen: String, after: String) {
            self.before = before.trimmingCharacters(in: .newlines)
            self.after = after.trimmingCharacters(in: .newlines)
            // One line per screen row: without the last newline.
            self.screen = screen.hasSuffix("\n") ? String(screen.dropLast()) : screen
        }

        var isWhole: Bool { before == after && !before.hasPrefix("roadtrip drawing ") }
    }

    /// Polls the screen until `text` appears; throws with the last screen when that is a hang.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitUntil("“\(text)” on the screen", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Polls the screen (whole frames only) every 20 ms until `condition` holds for it; throws
    /// with the last screen when that is a hang (`HangGuard`). `attributes`: the screen with its
    /// colours and attributes as escape sequences (`capture-pane -e`), for what only they show
    /// (the selected row).
    @discardableResult
    func waitUntil(
        _ description: String,
        joined: Bool = false,
        attributes: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + HangGuard.limit
        var screen = ""
        while true {
            screen = try await capture(joined: joined, attributes: attributes, sourceLocation: sourceLocation)
            if condition(screen) { return screen }
            if clock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw EndToEndFailure(
            "\(HangGuard.failure(description, after: HangGuard.limit, sourceLocation: sourceLocation).description). Last screen:\n\(framed(screen))")
    }

    /// Waits for the program to end (the pane prints `EXIT=n`) and returns its exit status and
    /// what the pane shows then (the status and `stty -a`).
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (status: Int32, screen: String) {
        let screen = try await waitUntil("the program to exit (EXIT=… and the stty -a output)", joined: true, sourceLocation: sourceLocation) {
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
        return
            ([rule] + screen.components(separatedBy: "\n").map { "|" + $0 }
            + [rule]).joined(separator: "\n")
    }

    // MARK: The gate

    /// Waits until `count` jobs called `name` are held at the gate (the session's `hold` names it).
    func waitUntilHeld(_ name: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await GateFile(folder: gate, name: "\(name).held").waitFor(count, sourceLocation: sourceLocation)
    }

    /// Lets `name` through the gate, now and for good.
    func release(_ name: String) throws {
        try Data().write(to: gate.url.appendingPathComponent("\(name).release"))
    }

    /// Waits until `count` jobs called `name` have ended: their values handed over to the
    /// program's main loop, or dropped when cancelled.
    func waitUntilEnded(_ name: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await GateFile(folder: gate, name: "\(name).ended").waitFor(count, sourceLocation: sourceLocation)
    }

    /// How many jobs called `name` have ended so far.
    func endedCount(_ name: String) -> Int {
        GateFile(folder: gate, name: "\(name).ended").count
    }

    // MARK: Processes

    /// The process id of the program: the child of the pane's shell.
    func programProcessID(sourceLocation: SourceLocation = #_sourceLocation) async throws -> pid_t {
        let shellText = try await tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let shell = pid_t(shellText) else {
            throw EndToEndFailure("tmux gave no pane pid (\(shellText))", sourceLocation: sourceLocation)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.range(of: ")", options: .backwards)
            else { continue }
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
    func control(_ arguments: String...) async throws -> String {
        try await tmux(arguments)
    }

    /// Whether the pane's cursor is visible, as the program last left it (tmux's `cursor_flag`).
    func cursorIsVisible() async throws -> Bool {
        try await control("display-message", "-p", "-t", "0", "#{cursor_flag}").trimmingCharacters(in: .whitespacesAndNewlines) == "1"
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
    private func tmux(_ arguments: [String]) async throws -> String {
        let result = try await Run.processOffThePool(try Self.tmuxPath(), ["-f", "/dev/null", "-L", socket] + arguments, environment: environment)
        if result.status != 0 {
            throw EndToEndFailure("tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }
}

/// A count the program's gate keeps in a file (`<name>.held`, `<name>.ended`).
struct GateFile {
    let folder: TemporaryDirectory
    let name: String

    /// The count, 0 while the file does not exist.
    var count: Int {
        (try? String(contentsOf: folder.file(name), encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    }

    /// Waits until the count is at least `count`.
    func waitFor(_ count: Int, sourceLocation: SourceLocation) async throws {
        let clock = ContinuousClock(), deadline = clock.now + HangGuard.limit
        while self.count < count {
            if clock.now >= deadline {
                throw HangGuard.failure("\(name) reaching \(count) (it is \(self.count))", after: HangGuard.limit, sourceLocation: sourceLocation)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
