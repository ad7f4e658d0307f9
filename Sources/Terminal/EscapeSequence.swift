/// The keys terminals send as escape sequences that curses' terminfo entry does not list, read
/// after curses has handed over their Esc: tmux sends `\e[1~`/`\e[4~` for Home/End under
/// `TERM=xterm-256color`, whose entry says `\eOH`/`\eOF`; rxvt sends `\e[7~`/`\e[8~`; and any
/// key with a modifier may come as `\e[1;5C`. A sequence this does not know is read to its end
/// and dropped: taken for Esc, it would close a form and throw the typing away (docs/PITFALLS.md).
enum EscapeSequence {
    /// What the characters after an Esc are so far.
    enum Reading: Equatable {
        /// Not a sequence: the Esc was a key of its own, and the characters are keys too.
        case none
        /// The start of a sequence: more characters are on their way.
        case incomplete
        /// A whole sequence: the key it stands for, or nil for one to ignore.
        case complete(Key?)
        /// A whole mouse report (nil: one to ignore), for the terminal's mouse to make an event of.
        case mouse(MouseReport?)
    }

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt32 { scalar.value }

    /// Longest sequence read; anything longer is garbage, dropped.
    static let maximumLength = 32

    /// Reads `codes`, the characters after an Esc (Unicode scalar values).
    static func read(_ codes: [UInt32]) -> Reading {
        guard let introducer = codes.first else { return .incomplete }
        switch introducer {
        case ascii("["): return readCSI(Array(codes.dropFirst()))
        case ascii("O"):
            guard codes.count >= 2 else { return .incomplete }
            return .complete(ss3Keys[codes[1]])
        default: return .none
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then one final byte (0x40–0x7E).
    private static func readCSI(_ codes: [UInt32]) -> Reading {
        if let first = codes.first, MouseReport.starts(with: first) {
            guard case .complete(let report) = MouseReport.read(codes) else { return .incomplete }
            return .mouse(report)
        }
        guard let end = codes.firstIndex(where: { !(0x20...0x3F).contains($0) }) else {
            return codes.count >= maximumLength ? .complete(nil) : .incomplete
        }
        let final = codes[end]
        guard (0x40...0x7E).contains(final) else { return .complete(nil) } // not a CSI after all: drop it
        let parameters = String(decoding: codes[..<end].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifier = parameters.count > 1 ? parameters[1] ?? 1 : 1
        if final == ascii("~") {
            guard let number = parameters.first ?? nil, modifier == 1 else { return .complete(nil) }
            return .complete(tildeKeys[number])
        }
        guard let key = letterKeys[final] else { return .complete(nil) }
        switch (key, modifier) {
        case (_, 1): return .complete(key)
        case (.up, 2): return .complete(.shiftUp)
        case (.down, 2): return .complete(.shiftDown)
        case (.left, 2): return .complete(.shiftLeft)
        case (.right, 2): return .complete(.shiftRight)
        default: return .complete(nil) // Ctrl- or Alt-arrows: no screen has a use for them
        }
    }

    /// `ESC [ n ~`: the VT220 editing keys (both numberings of Home and End) and F1–F12.
    private static let tildeKeys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// `ESC [ X`, with or without parameters.
    private static let letterKeys: [UInt32: Key] = [
        ascii("A"): .up, ascii("B"): .down, ascii("C"): .right, ascii("D"): .left,
        ascii("H"): .home, ascii("F"): .end, ascii("Z"): .backTab,
    ]

    /// `ESC O X`: application-mode arrows, Home and End, and F1–F4.
    private static let ss3Keys: [UInt32: Key] = [
        ascii("A"): .up, ascii("B"): .down, ascii("C"): .right, ascii("D"): .left,
        ascii("H"): .home, ascii("F"): .end, ascii("M"): .enter,
        ascii("P"): .function(1), ascii("Q"): .function(2), ascii("R"): .function(3), ascii("S"): .function(4),
    ]
}
