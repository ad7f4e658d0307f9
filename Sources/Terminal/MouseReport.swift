/// One report of the terminal's mouse: a button change, a move with a button held, or a wheel
/// turn, at a cell. Read from the report's own characters (`MouseReport.read`), not by curses:
/// ncurses 6.4 keeps only one event of several that arrive in one read (a double click sent in
/// one burst came out as one press), and it returns its KEY_MOUSE for the report's start even
/// when its mouse is off, leaving the rest to come as typed characters.
struct MouseReport: Equatable {
    enum Action: Equatable {
        case buttonDown, buttonUp, motion, wheelUp, wheelDown
    }

    let action: Action
    /// From 0 at the top left.
    let row: Int
    let column: Int

    /// What the characters after `ESC [` are so far, when they start as a mouse report does.
    enum Reading: Equatable {
        case incomplete
        /// The whole report: what it says, or nil for one no screen uses (buttons 2 and 3, a
        /// move with no button down, a sideways wheel) or a malformed one.
        case complete(MouseReport?)
    }

    /// Whether characters after `ESC [` starting with `first` are a mouse report: SGR (`<`,
    /// mode 1006) or X10 (`M`).
    static func starts(with first: UInt32) -> Bool {
        first == UInt32(UInt8(ascii: "<")) || first == UInt32(UInt8(ascii: "M"))
    }

    /// Reads `codes`, the characters after `ESC [`: SGR `<b;x;y` then `M` (press) or `m`
    /// (release), or X10 `M` then three characters of 32 plus the button, column and row.
    static func read(_ codes: [UInt32]) -> Reading {
        guard let first = codes.first else { return .incomplete }
        if first == UInt32(UInt8(ascii: "M")) {
            guard codes.count >= 4 else { return .incomplete }
            let values = codes[1...3].map { Int($0) - 32 }
            return .complete(report(button: values[0], column: values[1], row: values[2], released: values[0] & 3 == 3))
        }
        let body = codes.dropFirst()
        guard let end = body.firstIndex(where: { !(0x30...0x3B).contains($0) }) else {
            return codes.count >= EscapeSequence.maximumLength ? .complete(nil) : .incomplete
        }
        let final = body[end]
        let numbers = String(decoding: body[..<end].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, final == UInt32(UInt8(ascii: "M")) || final == UInt32(UInt8(ascii: "m")) else { return .complete(nil) }
        return .complete(report(button: numbers[0], column: numbers[1], row: numbers[2], released: final == UInt32(UInt8(ascii: "m"))))
    }

    /// The report for xterm's button code (bits 0–1 the button, 32 a move, 64 the wheel) at a
    /// 1-based column and row.
    private static func report(button: Int, column: Int, row: Int, released: Bool) -> MouseReport? {
        guard column >= 1, row >= 1 else { return nil }
        let action: Action
        switch (button & 64 != 0, button & 32 != 0, button & 3) {
        case (true, _, 0): action = .wheelUp
        case (true, _, 1): action = .wheelDown
        case (true, _, _): return nil
        case (false, true, 3): return nil // a move with no button down (mode 1003 of another program)
        case (false, true, _): action = .motion
        case (false, false, 0): action = released ? .buttonUp : .buttonDown
        case (false, false, 3) where released: action = .buttonUp // X10 does not say which button came up
        default: return nil
        }
        return MouseReport(action: action, row: row - 1, column: column - 1)
    }
}
