import Testing
@testable import Terminal

/// Widgets drawn into an off-screen session and read back cell by cell. Curses is global state:
/// every test is synchronous and on the main actor, and `withOffscreenTerminal` stops the session.
@MainActor
@Suite struct StatusBarDrawingTests {
    private let hints = [KeyHint(key: "n", label: "New"), KeyHint(key: "d", label: "Delete"), KeyHint(key: "q", label: "Quit")]

    @Test func showsTheMessageFirstThenKeyAndLabelHints() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            StatusBar.draw(on: surface, row: 9, hints: hints, message: StatusMessage("Saved"))
            #expect(surface.lines()[9] == " Saved   n New  d Delete  q Quit")
            #expect(surface.style(row: 9, column: 1) == .message)
            #expect(surface.style(row: 9, column: 9) == .statusKey)
            #expect(surface.style(row: 9, column: 11) == .statusBar)
        }
    }

    @Test func withoutAMessageHintsStartAtTheLeft() throws {
        try withOffscreenTerminal { terminal in
            StatusBar.draw(on: terminal.surface, row: 0, hints: hints, message: nil)
            #expect(terminal.surface.lines()[0] == " n New  d Delete  q Quit")
        }
    }

    @Test func errorMessageUsesTheErrorStyle() throws {
        try withOffscreenTerminal(color: true) { terminal in
            StatusBar.draw(on: terminal.surface, row: 0, hints: [], message: .error("Disk full"))
            #expect(terminal.surface.lines()[0] == " Disk full")
            #expect(terminal.surface.style(row: 0, column: 1) == .error)
        }
    }

    @Test func fillsTheWholeRowInTheStatusBarStyle() throws {
        try withOffscreenTerminal(color: true) { terminal in
            StatusBar.draw(on: terminal.surface, row: 9, hints: hints, message: nil)
            #expect(terminal.surface.style(row: 9, column: 39) == .statusBar)
            #expect(terminal.surface.style(row: 8, column: 39) == .normal)
        }
    }

    @Test func dropsHintsThatDoNotFitWhole() throws {
        try withOffscreenTerminal(width: 20, height: 3) { terminal in
            StatusBar.draw(on: terminal.surface, row: 2, hints: hints, message: StatusMessage("Saved"))
            let line = terminal.surface.lines()[2]
            #expect(line == " Saved   n New")
            #expect(!line.contains("Delete") && !line.contains("Quit"))
        }
    }
}

@MainActor
@Suite struct ConfirmDialogTests {
    private let dialog = ConfirmDialog(question: "Delete the trip to Alps?")

    @Test(arguments: [Key.character("y"), .character("Y")])
    func yesKeysAnswerYes(key: Key) {
        #expect(dialog.answer(for: key) == .yes)
    }

    @Test(arguments: [Key.character("n"), .character("N"), .escape, .character("q")])
    func noKeysAnswerNo(key: Key) {
        #expect(dialog.answer(for: key) == .no)
    }

    @Test(arguments: [Key.enter, .character("x"), .character(" "), .control("c"), .tab, .down])
    func otherKeysAreSwallowed(key: Key) {
        #expect(dialog.answer(for: key) == nil)
    }

    @Test func drawsTheQuestionAndChoicesInsideABox() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            dialog.draw(on: surface)
            let lines = surface.lines()
            let top = try #require(lines.firstIndex { $0.contains("┌") })
            let bottom = try #require(lines.firstIndex { $0.contains("└") })
            let question = try #require(lines.firstIndex { $0.contains("Delete the trip to Alps?") })
            let choices = try #require(lines.firstIndex { $0.contains("y  Yes     n  No") })
            #expect(top < question && question < choices && choices < bottom)
            // Every character of the border rows takes one column, so offsets are columns.
            let left = try #require(Array(lines[top]).firstIndex(of: "┌"))
            let right = try #require(Array(lines[top]).firstIndex(of: "┐"))
            #expect(Array(lines[bottom])[left] == "└" && Array(lines[bottom])[right] == "┘")
            for row in (top + 1)..<bottom {
                #expect(surface.cell(row: row, column: left).text == "│")
                #expect(surface.cell(row: row, column: right).text == "│")
            }
            let questionColumn = Array(lines[question]).firstIndex(of: "D") ?? 0
            #expect(questionColumn > left && questionColumn + TextWidth.width(dialog.question) <= right)
        }
    }

    @Test func choiceKeysAreHighlighted() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            dialog.draw(on: surface)
            let lines = surface.lines()
            let row = try #require(lines.firstIndex { $0.contains("y  Yes") })
            let y = try #require(lines[row].firstRange(of: "y  Yes")).lowerBound
            let column = lines[row].distance(from: lines[row].startIndex, to: y)
            #expect(surface.style(row: row, column: column) == .statusKey)
            #expect(surface.style(row: row, column: column + 11) == .statusKey)
            #expect(surface.cell(row: row, column: column + 11).text == "n")
            #expect(surface.style(row: row, column: column + 3) == .normal)
        }
    }

    @Test func longQuestionWrapsInsideTheBox() throws {
        try withOffscreenTerminal(width: 30, height: 12) { terminal in
            let long = ConfirmDialog(question: "Delete the trip to the Alps with all its seven stops and notes?")
            long.draw(on: terminal.surface)
            let text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("Delete the trip to the"))
            #expect(text.contains("notes?"))
            #expect(terminal.surface.lines().allSatisfy { !$0.contains("…") })
        }
    }
}

@MainActor
@Suite struct HelpOverlayTests {
    private func entries(_ count: Int) -> [HelpEntry] {
        (1...count).map { HelpEntry(keys: "k\($0)", text: "Command number \($0 < 10 ? "0" : "")\($0)") }
    }

    @Test func listsEveryEntryWithItsKeys() throws {
        try withOffscreenTerminal(width: 60, height: 20) { terminal in
            var overlay = HelpOverlay(title: "Trips", entries: [
                HelpEntry(keys: "n Ctrl-N", text: "Add a trip"),
                HelpEntry(keys: "d Delete", text: "Delete the selected trip"),
                HelpEntry(keys: "q Esc", text: "Leave the planner"),
            ])
            overlay.draw(on: terminal.surface)
            let lines = terminal.surface.lines()
            #expect(lines.contains { $0.contains(" Trips ") })
            for (keys, text) in [("n Ctrl-N", "Add a trip"), ("d Delete", "Delete the selected trip"), ("q Esc", "Leave the planner")] {
                #expect(lines.contains { $0.contains(keys) && $0.contains(text) }, "\(keys)")
            }
        }
    }

    @Test func scrollsDownWhenEntriesDoNotFit() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            let surface = terminal.surface
            var overlay = HelpOverlay(title: "Help", entries: entries(12))
            overlay.draw(on: surface)
            var text = surface.lines().joined(separator: "\n")
            #expect(text.contains("Command number 01"))
            #expect(text.contains("Command number 06"))
            #expect(!text.contains("Command number 07"))

            let stillOpen = overlay.handle(.down)
            #expect(stillOpen)
            surface.clear()
            overlay.draw(on: surface)
            text = surface.lines().joined(separator: "\n")
            #expect(!text.contains("Command number 01"))
            #expect(text.contains("Command number 02"))
            #expect(text.contains("Command number 07"))
        }
    }

    @Test func scrollingStopsAtTheLastEntry() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            let surface = terminal.surface
            var overlay = HelpOverlay(title: "Help", entries: entries(12))
            overlay.draw(on: surface)
            for _ in 0..<20 {
                let stillOpen = overlay.handle(.pageDown)
                #expect(stillOpen)
            }
            surface.clear()
            overlay.draw(on: surface)
            let text = surface.lines().joined(separator: "\n")
            #expect(text.contains("Command number 12"))
            #expect(text.contains("Command number 07"))
            #expect(!text.contains("Command number 06"))
        }
    }

    @Test(arguments: [Key.up, .down, .character("j"), .character("k"), .pageUp, .pageDown, .resize])
    func scrollKeysKeepItOpen(key: Key) {
        var overlay = HelpOverlay(title: "Help", entries: entries(3))
        let stillOpen = overlay.handle(key)
        #expect(stillOpen)
    }

    @Test(arguments: [Key.escape, .enter, .character("q"), .character("?"), .character("x"), .function(1), .home, .tab])
    func otherKeysClose(key: Key) {
        var overlay = HelpOverlay(title: "Help", entries: entries(3))
        let stillOpen = overlay.handle(key)
        #expect(!stillOpen)
    }
}

@MainActor
@Suite struct TextFieldDrawingTests {
    @Test func showsTheTextWithTheCursorCellAfterIt() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "hello").draw(on: surface, row: 1, column: 2, width: 10)
            #expect(surface.lines()[1] == "  hello")
            #expect((2..<7).allSatisfy { surface.style(row: 1, column: $0) == .input })
            #expect(surface.style(row: 1, column: 7) == .cursor)
            #expect((8..<12).allSatisfy { surface.style(row: 1, column: $0) == .input })
            #expect(surface.style(row: 1, column: 12) == .normal)
        }
    }

    @Test func cursorCellIsTheCharacterUnderTheCursor() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            var field = TextField(text: "hello")
            _ = field.handle(.home)
            field.draw(on: surface, row: 0, column: 0, width: 10)
            #expect(surface.cell(row: 0, column: 0).text == "h")
            #expect(surface.style(row: 0, column: 0) == .cursor)
            #expect(surface.style(row: 0, column: 1) == .input)
        }
    }

    @Test func unfocusedFieldShowsNoCursor() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "hello").draw(on: surface, row: 0, column: 0, width: 10, focused: false)
            #expect((0..<10).allSatisfy { surface.style(row: 0, column: $0) == .input })
        }
    }

    @Test func monochromeCursorStandsOutFromTheReversedField() throws {
        try withOffscreenTerminal(color: false) { terminal in
            let surface = terminal.surface
            TextField(text: "ab").draw(on: surface, row: 0, column: 0, width: 6)
            let field = surface.cell(row: 0, column: 0).attributes
            let cursor = surface.cell(row: 0, column: 2).attributes
            #expect(field != cursor)
        }
    }

    @Test func longTextScrollsToKeepTheCursorVisible() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "abcdefghijklmnop").draw(on: surface, row: 0, column: 0, width: 6)
            #expect(surface.lines()[0] == "lmnop")
            #expect(surface.style(row: 0, column: 5) == .cursor)
            #expect(surface.style(row: 0, column: 6) == .normal)
        }
    }

    @Test func wideCharacterUnderTheCursorIsDrawn() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            var field = TextField(text: "ab東")
            _ = field.handle(.left)
            field.draw(on: surface, row: 0, column: 0, width: 3)
            #expect(surface.lines()[0] == "b東")
            #expect(surface.style(row: 0, column: 1) == .cursor)
        }
    }

    @Test func wideAndCombiningTextIsShownWhole() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "東京 cafe\u{301}").draw(on: surface, row: 0, column: 0, width: 12)
            #expect(surface.lines()[0] == "東京 cafe\u{301}")
            #expect(surface.style(row: 0, column: 9) == .cursor)
        }
    }
}

@MainActor
@Suite struct ListDrawingTests {
    @Test func drawsTheVisibleRowsScrolledToTheSelectionWithAScrollIndicator() throws {
        try withOffscreenTerminal(width: 20, height: 6) { terminal in
            let surface = terminal.surface
            var state = ListState(count: 10, selection: 7)
            var drawn: [Int] = []
            surface.list(&state, in: Rect(row: 1, column: 0, width: 10, height: 4)) { index, rect, isSelected in
                drawn.append(index)
                #expect(rect.width == 9)
                #expect(isSelected == (index == 7))
                surface.text("row \(index)", row: rect.row, column: rect.column, width: rect.width)
            }
            #expect(drawn == [4, 5, 6, 7])
            let lines = surface.lines()
            #expect(lines[1].hasPrefix("row 4"))
            #expect(lines[4].hasPrefix("row 7"))
            #expect((1...4).allSatisfy { ["│", "┃"].contains(surface.cell(row: $0, column: 9).text) })
            #expect(lines[0] == "" && lines[5] == "")
        }
    }

    @Test func listThatFitsHasNoScrollIndicator() throws {
        try withOffscreenTerminal(width: 20, height: 6) { terminal in
            let surface = terminal.surface
            var state = ListState(count: 3)
            surface.list(&state, in: Rect(row: 0, column: 0, width: 10, height: 4)) { index, rect, _ in
                #expect(rect.width == 10)
                surface.text("row \(index)", row: rect.row, column: rect.column, width: rect.width)
            }
            #expect(surface.lines() == ["row 0", "row 1", "row 2", "", "", ""])
        }
    }
}
