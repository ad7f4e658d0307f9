import CNCurses
#if canImport(Glibc)
import Glibc
#endif

/// The mouse of a curses session: on when asked and the terminal has one, read as `Key.mouse`.
///
/// Under TERM=xterm-256color, ncurses 6.4 turns on only clicks and the wheel (its `XM` string is
/// `\e[?1006;1000h`, whatever the mask), so xterm and tmux send no moves and a drag cannot be
/// seen. Button-event tracking (mode 1002: moves while a button is held, never bare hovering)
/// is turned on here after curses' own sequence, again after a suspend (curses sends its own
/// again then), and off on every way out (`stop`, and the crash handlers' `SignalTrap`).
extension Terminal {
    static let buttonMotionOn = "\u{1B}[?1002h"
    static let buttonMotionOff = "\u{1B}[?1002l"

    /// Whether clicks and the wheel come as keys.
    public var hasMouse: Bool { mouseGestures != nil }

    /// Asks for mouse reports; returns whether the terminal gives them (TERM=linux without gpm,
    /// TERM=vt100… do not, and the program works with the keys alone).
    @discardableResult
    public func enableMouse() -> Bool {
        guard mouseGestures == nil else { return true }
        guard mousemask(MouseReport.mask, nil) != 0, has_mouse() else { return false }
        // Clicks are made by `MouseGestures`, with no wait after a press.
        mouseinterval(0)
        mouseGestures = MouseGestures()
        sendsButtonMotion = Self.speaksXtermMouse()
        if sendsButtonMotion { write(Self.buttonMotionOn) }
        return true
    }

    /// Whether the terminal's mouse reports are xterm's (`kmous` is `\e[M` or `\e[<`), which
    /// is what understands mode 1002.
    private static func speaksXtermMouse() -> Bool {
        guard let kmous = tigetstr("kmous"), Int(bitPattern: kmous) != -1 else { return false }
        return String(cString: kmous).hasPrefix("\u{1B}[")
    }

    /// A mouse report from curses, as a key; nil for one no screen uses.
    func readMouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK,
              let report = MouseReport.decode(state: event.bstate, row: Int(event.y), column: Int(event.x)),
              let mouse = mouseGestures?.event(for: report, at: .now) else { return nil }
        return .mouse(mouse)
    }

    /// After a suspend curses has sent its own mouse sequence again, which in tmux replaces 1002.
    func resumeMouse() {
        if sendsButtonMotion { write(Self.buttonMotionOn) }
    }

    /// After `endwin` (which has turned curses' modes off and flushed its output).
    func stopMouse() {
        if sendsButtonMotion { write(Self.buttonMotionOff) }
        sendsButtonMotion = false
    }

    /// Puts a mouse report in the input queue, as curses does when the terminal sends one (for
    /// off-screen sessions in tests, after `enableMouse`).
    func queueMouse(state: mmask_t, row: Int, column: Int) {
        var event = MEVENT(id: 0, x: Int32(column), y: Int32(row), z: 0, bstate: state)
        ungetmouse(&event)
    }

    private func write(_ sequence: String) {
        // curses flushes its own output before these calls, so the order on the wire is kept.
        let bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.write(outputDescriptor, $0.baseAddress, $0.count) }
    }
}
