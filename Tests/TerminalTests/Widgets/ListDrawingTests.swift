import Testing
@testable import Terminal
@testable import TextCanvas

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
