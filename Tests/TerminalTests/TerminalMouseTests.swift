import Testing
@testable import Terminal

/// The real path: curses' queue (where its KEY_MOUSE takes the report's start), then the rest.
@MainActor
@Suite struct TerminalMouseTests {
    @Test func reportsComeAsMouseKeysOnceTheMouseIsOn() throws {
        try withOffscreenTerminal { terminal in
            #expect(!terminal.hasMouse)
            #expect(terminal.enableMouse())
            #expect(terminal.hasMouse)
            // A double click and a wheel turn in one burst: nothing is lost.
            terminal.queueInput("\u{1B}[<0;8;3M\u{1B}[<0;8;3m\u{1B}[<0;8;3M\u{1B}[<0;8;3m\u{1B}[<65;2;2Mx")
            var keys: [Key] = []
            while let key = terminal.readKey(timeout: 0) { keys.append(key) }
            #expect(
                keys == [
                    .mouse(MouseEvent(.press, row: 2, column: 7)), .mouse(MouseEvent(.click, row: 2, column: 7)),
                    .mouse(MouseEvent(.press, row: 2, column: 7)), .mouse(MouseEvent(.doubleClick, row: 2, column: 7)),
                    .mouse(MouseEvent(.wheelDown, row: 1, column: 1)), .character("x"),
                ])
        }
    }

    @Test func withTheMouseOffReportsAreReadWholeAndDropped() throws {
        try withOffscreenTerminal { terminal in
            terminal.queueInput("\u{1B}[<0;8;3M\u{1B}[<0;8;3mm0")
            // A dropped report reads as no key, like a wait that timed out.
            let keys = (0..<8).compactMap { _ in terminal.readKey(timeout: 0) }
            #expect(keys.allSatisfy { $0 != .character(";") && $0 != .character("M") })
            #expect(keys.suffix(2) == [.character("m"), .character("0")], "keys typed after them still come")
        }
    }

    @Test func aTerminalWithoutAMouseLeavesItOff() throws {
        let terminal = try #require(Terminal.offscreen(width: 40, height: 10, type: "vt100"))
        defer { terminal.stop() }
        #expect(!terminal.enableMouse())
        #expect(!terminal.hasMouse)
    }
}
