import CNCurses
#if canImport(Glibc)
import Glibc
#endif

/// The mouse of a curses session: on when asked and the terminal speaks xterm's mouse, read
/// as `Key.mouse`.
///
/// curses' own mouse is not used (`MouseReport` says why). The terminal is asked here for
/// button-event tracking (mode 1002: presses, releases, moves while a button is held, never
/// bare hovering) in SGR form (1006: any column, and a release says which button), and the
/// modes are turned off again before a suspend and on every way out (`stop`, and the crash
/// handlers of `SignalTrap`), since `endwin` does not know of them.
extension Terminal {
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// Whether clicks and the wheel come as keys.
    package var hasMouse: Bool { mouseGestures != nil }

    /// Asks for mouse reports; returns whether the terminal gives them: its terminfo entry has a
    /// mouse key (`kmous`) of xterm's kind, which TERM=linux without gpm or vt100 have not (and
    /// the program works with the keys alone).
    @discardableResult
    package func enableMouse() -> Bool {
        guard mouseGestures == nil else { return true }
        guard mouseIntroducer != nil else { return false }
        mouseGestures = MouseGestures()
        write(Self.mouseOn)
        return true
    }

    /// What curses' KEY_MOUSE stands for, after `ESC [`: `<` under TERM=xterm-256color, `M` for
    /// older entries; nil when the entry has no mouse of xterm's kind.
    static func mouseIntroducer() -> [UInt32]? {
        guard let kmous = tigetstr("kmous"), Int(bitPattern: kmous) != -1 else { return nil }
        let codes = String(cString: kmous).unicodeScalars.map(\.value)
        guard codes.count == 3, codes[0] == 27, codes[1] == UInt32(UInt8(ascii: "[")), MouseReport.starts(with: codes[2]) else { return nil }
        return [codes[2]]
    }

    /// Reads the rest of a mouse report whose first characters after `ESC [` are `codes`, and
    /// returns its key, or nil when no screen uses it or the mouse is off (the report is still
    /// read whole, so its characters never come as typing).
    func readMouseReport(startingWith codes: [UInt32]) -> Key? {
        var codes = codes
        while codes.count < EscapeSequence.maximumLength {
            if case .complete(let report) = MouseReport.read(codes) { return report.flatMap(mouseKey) }
            // The rest of a report comes in the same write; a slow line gets 10 ms.
            wtimeout(rt_stdscr(), 10)
            var code: wint_t = 0
            let status = wget_wch(rt_stdscr(), &code)
            if status == ERR { return nil }
            if status == KEY_CODE_YES {
                ungetch(Int32(truncatingIfNeeded: code))
                return nil
            }
            codes.append(UInt32(code))
        }
        return nil
    }

    func mouseKey(for report: MouseReport) -> Key? {
        mouseGestures?.event(for: report, at: .now).map { .mouse($0) }
    }

    /// Before a suspend: the shell must not get mouse reports as text.
    func pauseMouse() {
        if hasMouse { write(Self.mouseOff) }
    }

    /// After a suspend, when the terminal is the program's again.
    func resumeMouse() {
        if hasMouse { write(Self.mouseOn) }
    }

    /// Writes `sequence` to the terminal as it is, past curses (which knows nothing of it).
    func send(_ sequence: String) {
        write(sequence)
    }

    private func write(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.write(outputDescriptor, $0.baseAddress, $0.count) }
    }
}
