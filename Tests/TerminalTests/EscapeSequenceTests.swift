import Testing
@testable import Terminal

@Suite struct EscapeSequenceTests {
    static func read(_ text: String) -> EscapeSequence.Reading {
        EscapeSequence.read(text.unicodeScalars.map(\.value))
    }

    @Test(arguments: [
        ("[1~", Key.home), ("[4~", .end), ("[7~", .home), ("[8~", .end), ("[H", .home), ("[F", .end), ("OH", .home), ("OF", .end),
        ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown), ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left),
        ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left),
        ("[1;2A", .shiftUp), ("[1;2B", .shiftDown), ("[1;2C", .shiftRight), ("[1;2D", .shiftLeft),
        ("OP", .function(1)), ("OQ", .function(2)), ("OR", .function(3)), ("OS", .function(4)),
        ("[11~", .function(1)), ("[12~", .function(2)), ("[13~", .function(3)), ("[14~", .function(4)), ("[15~", .function(5)),
        ("[17~", .function(6)), ("[18~", .function(7)), ("[19~", .function(8)), ("[20~", .function(9)), ("[21~", .function(10)),
        ("[23~", .function(11)), ("[24~", .function(12)), ("[Z", .backTab), ("OM", .enter),
    ])
    func keysOfCommonTerminalsAreDecoded(_ sequence: String, _ key: Key) {
        #expect(Self.read(sequence) == .complete(key), "ESC \(sequence)")
    }

    /// Insert, keys with Ctrl or Alt (no screen has a use for them), and sequences no key sends.
    @Test(arguments: [
        "[2~", "[99~", "[1;5C", "[1;5D", "[1;3A", "[1;3D", "[1;5H", "[1;5F", "[3;5~", "[5;5~", "[200~", "[?1049h",
        "[38;5;200m", "OX", "[1;2;3;4;5Q", "[>0c",
    ])
    func unknownSequencesAreReadWholeAndIgnored(_ sequence: String) {
        #expect(Self.read(sequence) == .complete(nil), "ESC \(sequence)")
    }

    @Test func aSequenceIsIncompleteUntilItsFinalCharacter() {
        for partial in ["", "[", "[1", "[1;", "[1;2", "O"] {
            #expect(Self.read(partial) == .incomplete, "ESC \(partial)")
        }
        // Garbage that never ends is dropped once it is too long to be a sequence.
        #expect(Self.read("[" + String(repeating: "1", count: EscapeSequence.maximumLength)) == .complete(nil))
    }

    @Test func anythingElseAfterEscIsNotASequence() {
        for text in ["x", "a", " ", "é", "\u{1B}"] {
            #expect(Self.read(text) == .none, "ESC \(text)")
        }
    }

    /// Through curses itself: the characters waiting after an Esc are read as one key.
    @MainActor
    @Test func theTerminalReadsASequenceAsOneKeyAndAnEscAloneAsEsc() throws {
        try withOffscreenTerminal { terminal in
            terminal.queueInput("\u{1B}[1~a\u{1B}[4~\u{1B}[99;9~b")
            var keys: [Key] = []
            while let key = terminal.readKey(timeout: 0) { keys.append(key) }
            #expect(keys == [.home, .character("a"), .end, .unknown(27), .character("b")])
            terminal.queueInput("\u{1B}")
            #expect(terminal.readKey(timeout: 0) == .escape)
            terminal.queueInput("\u{1B}x")
            #expect(terminal.readKey(timeout: 0) == .escape)
            #expect(terminal.readKey(timeout: 0) == .character("x"))
        }
    }
}
