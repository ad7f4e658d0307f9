import Testing
@testable import Terminal
@testable import TextCanvas

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
