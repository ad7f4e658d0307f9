import CNCurses
#if canImport(Glibc)
import Glibc
#endif
import TextCanvas

/// Why a full-screen session could not start; each reads as a sentence the user can act on.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// `program` names what needs the terminal and `advice` says what to do instead: the
    /// program's words, passed in by it (`Terminal.Purpose`).
    case notATerminal(stream: String, program: String, advice: String)
    case noTerminalType
    case unknownTerminalType(String)
    case cannotAddressCursor(String)

    package var description: String {
        switch self {
        case .notATerminal(let stream, let program, let advice):
            return "\(program) needs a terminal, but standard \(stream) is not one; \(advice)"
        case .noTerminalType:
            return "the TERM environment variable is not set, so the terminal type is unknown; set it (for example TERM=xterm-256color)"
        case .unknownTerminalType(let name):
            return "the terminal type \"\(name)\" (from TERM) is not in the terminfo database; set TERM to a known type such as xterm-256color"
        case .cannotAddressCursor(let name):
            return "the terminal type \"\(name)\" cannot move the cursor, so a full-screen program cannot run on it; set TERM to a type such as xterm-256color"
        }
    }
}

/// One curses session: the screen, its colours, and key input. Every curses call of the program
/// goes through here or through `Surface`, on the main actor.
@MainActor
package final class Terminal {
    private let screen: OpaquePointer
    private var files: [UnsafeMutablePointer<FILE>] = []
    package let surface: Surface
    package let usesColor: Bool
    private var isRunning = true
    /// Where curses writes: the escape sequences it does not know are written there too.
    let outputDescriptor: Int32
    /// Clicks and drags made from the mouse reports, while the mouse is on.
    var mouseGestures: MouseGestures?
    /// What curses' KEY_MOUSE stands for (`mouseIntroducer()`), nil when the terminal has no mouse.
    let mouseIntroducer: [UInt32]?

    private init(screen: OpaquePointer, files: [UnsafeMutablePointer<FILE>], usesColor: Bool, outputDescriptor: Int32 = STDOUT_FILENO) {
        self.screen = screen
        self.files = files
        self.usesColor = usesColor
        self.outputDescriptor = outputDescriptor
        self.mouseIntroducer = Self.mouseIntroducer()
        self.surface = Surface(window: rt_stdscr()!, palette: Palette(usesColor: usesColor))
    }

    /// What the program is and what to do instead, for the refusal when it is not run on a
    /// terminal (`TerminalError.notATerminal`).
    package struct Purpose: Sendable {
        package var program: String
        package var advice: String

        package init(program: String, advice: String) {
            self.program = program
            self.advice = advice
        }
    }

    /// Starts full-screen mode on standard input and output, after checking that they are a
    /// terminal curses can drive.
    package static func start(environment: [String: String], purpose: Purpose) throws -> Terminal {
        try checkCanStart(environment: environment, purpose: purpose)
        let type = environment["TERM"] ?? ""
        TextWidth.adoptUserLocale()
        SignalTrap.installCrashHandlers()
        // newterm, unlike initscr, returns NULL for an unknown TERM instead of exiting.
        guard let screen = newterm(type, rt_stdout(), rt_stdin()) else { throw TerminalError.unknownTerminalType(type) }
        if !canAddressCursor() {
            endwin()
            delscreen(screen)
            throw TerminalError.cannotAddressCursor(type)
        }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let terminal = Terminal(screen: screen, files: [], usesColor: setUpModes(color: !noColor))
        SignalTrap.installQuitHandlers()
        return terminal
    }

    /// Checks, without touching the terminal, that standard input and output are a terminal and
    /// that TERM is set: a program that would hang or garble a pipe refuses at once instead.
    /// Also looks TERM up in terminfo and checks it can address the cursor, so that a program
    /// that is going to refuse does so before it opens (or creates) any file.
    package static func checkCanStart(environment: [String: String], purpose: Purpose) throws {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalError.notATerminal(stream: "input", program: purpose.program, advice: purpose.advice) }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal(stream: "output", program: purpose.program, advice: purpose.advice) }
        guard let type = environment["TERM"], !type.isEmpty else { throw TerminalError.noTerminalType }
        // With a status pointer, setupterm reports an unknown type instead of exiting.
        var status: Int32 = 0
        guard setupterm(type, STDOUT_FILENO, &status) == OK else { throw TerminalError.unknownTerminalType(type) }
        defer { del_curterm(rt_cur_term()) }
        guard canAddressCursor() else { throw TerminalError.cannotAddressCursor(type) }
    }

    /// Whether the current terminfo entry has `cup` (TERM=dumb has not).
    private static func canAddressCursor() -> Bool {
        let cursorAddress = tigetstr("cup")
        return cursorAddress != nil && Int(bitPattern: cursorAddress) != -1
    }

    /// A session that draws into memory only (output to /dev/null), for tests that draw real views
    /// and read the cells back.
    package static func offscreen(width: Int, height: Int, color: Bool = false, type: String = "xterm-256color") -> Terminal? {
        TextWidth.adoptUTF8Locale()
        guard let output = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r") else { return nil }
        guard let screen = newterm(type, output, input) else {
            fclose(output)
            fclose(input)
            return nil
        }
        let usesColor = setUpModes(color: color)
        resize_term(Int32(height), Int32(width))
        return Terminal(screen: screen, files: [output, input], usesColor: usesColor, outputDescriptor: fileno(output))
    }

    /// Input and drawing modes shared by real and off-screen sessions; returns whether colours are on.
    private static func setUpModes(color: Bool) -> Bool {
        cbreak()
        noecho()
        nonl()
        keypad(rt_stdscr(), true)
        // Esc alone must act at once, not after ncurses' default one-second wait for a sequence.
        set_escdelay(25)
        // No look for typed-ahead keys during an update: ncurses polled the input about ten
        // times a frame (strace), a system call each, to cut a frame short that the main loop
        // draws only when no key is waiting anyway.
        typeahead(-1)
        curs_set(0)
        // ncurses (6.4, and 6.6 still) flushes its output after every cursor move until the
        // screen has once been left and taken again: newterm leaves it "initial", and only the
        // refresh after an endwin marks it running. Every frame went out in dozens of writes, a
        // line or less each, which a terminal (and tmux) can show half drawn and which ssh sends
        // in as many packets. Leaving and taking it once now makes a frame one write, or a few
        // when it is larger than curses' buffer of about (rows + 2) × (columns + 6) bytes.
        endwin()
        wrefresh(rt_stdscr())
        guard color, has_colors() else { return false }
        start_color()
        use_default_colors()
        let palette = Palette(usesColor: true)
        palette.install()
        return true
    }

    package var width: Int { surface.width }
    package var height: Int { surface.height }

    /// Resizes the off-screen session (real sessions follow the terminal by themselves).
    package func resize(width: Int, height: Int) {
        resize_term(Int32(height), Int32(width))
    }

    /// Puts `text` in the input queue, as if typed all at once (for off-screen sessions in tests).
    package func queueInput(_ text: String) {
        // ncurses returns the last character pushed first.
        for scalar in text.unicodeScalars.reversed() { unget_wch(wchar_t(scalar.value)) }
    }

    /// Puts a resize in front of the input queue, as ncurses does when the terminal changes size
    /// (for off-screen sessions in tests, after `resize(width:height:)`).
    package func queueResize() {
        ungetch(KEY_RESIZE)
    }

    /// Waits up to `timeout` milliseconds for a key; nil when none came (or a signal interrupted).
    package func readKey(timeout: Int32) -> Key? {
        wtimeout(rt_stdscr(), timeout)
        var code: wint_t = 0
        let status = wget_wch(rt_stdscr(), &code)
        if status == ERR { return nil }
        if status == KEY_CODE_YES && Int32(truncatingIfNeeded: code) == KEY_MOUSE {
            return mouseIntroducer.flatMap { readMouseReport(startingWith: $0) }
        }
        let key = Key.decode(code: UInt32(code), isFunctionKey: status == KEY_CODE_YES)
        return key == .escape ? readAfterEscape() : key
    }

    /// An Esc from curses: a key of its own, or the start of a sequence curses did not know
    /// (`EscapeSequence`), whose characters are already waiting. Such a sequence becomes its key,
    /// or `.unknown(27)`, which no screen acts on; never Esc. A mouse report is read whole and
    /// becomes its key, or nil when no screen uses it.
    private func readAfterEscape() -> Key? {
        var codes: [UInt32] = []
        while codes.count < EscapeSequence.maximumLength {
            // The rest of a sequence comes in the same write as its Esc; a slow line gets 10 ms.
            wtimeout(rt_stdscr(), codes.isEmpty ? 0 : 10)
            var code: wint_t = 0
            let status = wget_wch(rt_stdscr(), &code)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                // A key curses decoded after the Esc: the Esc was a key, and so is this one.
                ungetch(Int32(truncatingIfNeeded: code))
                break
            }
            codes.append(UInt32(code))
            switch EscapeSequence.read(codes) {
            case .incomplete: continue
            case .complete(let key): return key ?? .unknown(27)
            case .mouse(let report): return report.flatMap(mouseKey)
            case .none:
                for scalar in codes.reversed() { unget_wch(wchar_t(scalar)) }
                return .escape
            }
        }
        return codes.isEmpty ? .escape : .unknown(27)
    }

    /// Sends what was drawn since the last update to the terminal (only the cells that changed).
    /// The cursor shows at `surface.cursorPosition` (a field being typed in), else is hidden.
    package func update() {
        if marksFrames { send(Self.title("roadtrip drawing \(framesSent + 1)")) }
        defer {
            framesSent += 1
            if marksFrames { send(Self.title("roadtrip frame \(framesSent)")) }
        }
        if let (row, column) = surface.cursorPosition, row >= 0, row < height, column >= 0, column < width {
            wmove(rt_stdscr(), Int32(row), Int32(column))
            if !isCursorVisible { curs_set(1) }
            isCursorVisible = true
        } else {
            leaveCursorHidden()
        }
        // Printed lines are not in curses' picture of the screen: once a frame has other ones
        // (another service's links) or none, the whole screen is drawn anew so that none of the
        // old text stays behind under the new.
        let printed = surface.printedLines.map { PrintedLine(row: $0.row, text: $0.text) }
        if printed != lastPrintedLines { invalidate() }
        wrefresh(rt_stdscr())
        lastPrintedLines = printed
        for line in surface.printedLines where line.row >= 0 && line.row < height {
            send(Self.printing(line.text, row: line.row))
        }
    }

    /// How many frames `update` has sent.
    package private(set) var framesSent = 0

    /// Whether each frame is framed by two window titles, "roadtrip drawing N" before it and
    /// "roadtrip frame N" after it, for end-to-end tests only: the terminal (tmux) takes output in
    /// order, so a screen read while the title says "frame N", and still says it after, holds
    /// frame N whole, never half of it nor a piece of the next.
    package var marksFrames = false

    /// After `endwin`: what the terminal shows now (the shell's lines) is whole. The terminal may
    /// have put back a title of its own: xterm's terminfo leaves the alternate screen with a
    /// "pop title", which would bring back a "drawing" mark pushed when curses took the screen.
    private func markLeft() {
        if marksFrames { send(Self.title("roadtrip frame \(framesSent)")) }
    }

    /// The escape sequence that sets the window title (OSC 2).
    static func title(_ text: String) -> String {
        "\u{1B}]2;\(text)\u{07}"
    }

    /// The last frame's printed lines (`Surface.printedLines`).
    private var lastPrintedLines: [PrintedLine] = []

    private struct PrintedLine: Equatable {
        let row: Int
        let text: String
    }

    /// `text` printed from the first column of `row` in the default colours, the cursor and
    /// attributes curses had saved before (DECSC) and put back after (DECRC), so that curses'
    /// next update starts from where it left the cursor.
    static func printing(_ text: String, row: Int) -> String {
        "\u{1B}7\u{1B}[0m\u{1B}[\(row + 1);1H\(TextWidth.printable(text))\u{1B}8"
    }

    /// Whether `update` last made the cursor visible (curs_set is not called for every frame).
    private var isCursorVisible = false

    private func leaveCursorHidden() {
        if isCursorVisible { curs_set(0) }
        isCursorVisible = false
    }

    /// Clears the physical screen at the next update, after a resize or a suspend.
    package func invalidate() {
        clearok(rt_stdscr(), true)
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and when it is continued (`fg`) takes
    /// the terminal again and repaints it whole (the shell has drawn over it meanwhile).
    package func suspend() {
        retakeTerminal { SignalTrap.stopProcess() }
    }

    /// After `kill -STOP` and `fg` (SIGCONT with no Ctrl-Z before it): the shell took the terminal
    /// back in line mode while the process was stopped, and nothing told curses. Leaving and
    /// entering curses mode again puts back its modes (no echo, a key at a time), the alternate
    /// screen and the mouse; the next frame repaints everything.
    package func resumeAfterContinue() {
        retakeTerminal {}
    }

    /// Gives the terminal back, runs `meanwhile`, then takes it again as curses had it and marks
    /// the whole screen to be drawn anew.
    private func retakeTerminal(_ meanwhile: () -> Void) {
        guard isRunning else { return }
        pauseMouse()
        endwin()
        markLeft()
        meanwhile()
        // Curses repaints what it had, not a frame of the program's: not whole until the next one.
        if marksFrames { send(Self.title("roadtrip drawing \(framesSent + 1)")) }
        wrefresh(rt_stdscr())
        resumeMouse()
        invalidate()
    }

    /// Leaves full-screen mode and gives the terminal back as it was. Safe to call twice.
    package func stop() {
        guard isRunning else { return }
        isRunning = false
        pauseMouse()
        endwin()
        markLeft()
        delscreen(screen)
        for file in files { fclose(file) }
        files = []
    }
}
