import Testing
@testable import Terminal
@testable import TextCanvas

/// The form's field help (`F1`): it scrolls as less does and keeps its keys (issue 53).
@MainActor
@Suite struct FieldHelpPanelTests {
    static func lines(_ count: Int) -> (Int) -> [FieldHelpPanel.Line] {
        { _ in (1...count).map { FieldHelpPanel.Line(text: "Line \($0)", isFocused: $0 == 1) } }
    }

    @Test func aHelpLongerThanTheScreenScrollsAndSaysWhichLinesShow() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            var panel = FieldHelpPanel(title: "Settings")
            panel.draw(on: terminal.surface, in: terminal.surface.bounds, width: 60, lines: Self.lines(20))
            var text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("Line 1") && !text.contains("Line 7"))
            #expect(text.contains("lines 1–6 of 20"))
            #expect(panel.handle(.character(" ")) == true)
            #expect(panel.offset == 6)
            #expect(panel.handle(.character("G")) == true)
            terminal.surface.clear()
            panel.draw(on: terminal.surface, in: terminal.surface.bounds, width: 60, lines: Self.lines(20))
            text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("Line 20") && text.contains("lines 15–20 of 20"))
            #expect(panel.handle(.character("j")) == true, "at the end j still scrolls, never closes")
            #expect(panel.offset == 14)
            #expect(panel.handle(.character("g")) == true)
            #expect(panel.offset == 0)
        }
    }

    @Test func aHelpThatFitsSaysOnlyHowToCloseIt() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            var panel = FieldHelpPanel(title: "Settings")
            panel.draw(on: terminal.surface, in: terminal.surface.bounds, width: 60, lines: Self.lines(3))
            #expect(terminal.surface.lines().joined().contains("Esc closes the help"))
            #expect(terminal.surface.cursorPosition == nil)
        }
    }

    @Test func closingKeysAndAnyOtherKeyCloseItButAResizeDoesNot() {
        var panel = FieldHelpPanel(title: "Settings")
        for key in [Key.escape, .function(1), .character("q"), .enter, .character("x"), .tab] {
            #expect(panel.handle(key) == false, "\(key)")
        }
        #expect(panel.handle(.resize) == true)
    }
}
