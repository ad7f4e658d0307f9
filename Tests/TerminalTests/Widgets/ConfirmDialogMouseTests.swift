import Testing
@testable import Terminal

@MainActor
@Suite struct ConfirmDialogMouseTests {
    @Test func clicksOnYesAndNoAnswerAndOthersDoNot() throws {
        try withOffscreenTerminal(width: 60, height: 12) { terminal in
            let dialog = ConfirmDialog(question: "Delete the trip?")
            dialog.draw(on: terminal.surface)
            let bounds = terminal.surface.bounds
            let lines = terminal.surface.lines()
            let row = try #require(lines.firstIndex { $0.contains("Yes") && $0.contains("No") })
            let yes = try #require(lines[row].firstIndex(of: "Y")).utf16Offset(in: lines[row])
            let no = try #require(lines[row].firstIndex(of: "N")).utf16Offset(in: lines[row])
            #expect(dialog.answer(for: MouseEvent(.click, row: row, column: yes), in: bounds) == .yes)
            #expect(dialog.answer(for: MouseEvent(.click, row: row, column: yes - 3), in: bounds) == .yes, "the y key")
            #expect(dialog.answer(for: MouseEvent(.click, row: row, column: no), in: bounds) == .no)
            #expect(dialog.answer(for: MouseEvent(.press, row: row, column: yes), in: bounds) == nil)
            #expect(dialog.answer(for: MouseEvent(.click, row: row - 2, column: yes), in: bounds) == nil)
            #expect(dialog.answer(for: MouseEvent(.click, row: 0, column: 0), in: bounds) == nil, "outside")
        }
    }
}
