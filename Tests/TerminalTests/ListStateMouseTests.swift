import Testing
@testable import Terminal

/// Hit-testing a list: the row under a click, given where the list was drawn and its scroll.
@Suite struct ListStateMouseTests {
    let rect = Rect(row: 2, column: 0, width: 40, height: 5)

    private func scrolled(count: Int, selection: Int) -> ListState {
        var list = ListState(count: count, selection: selection)
        list.scrollToSelection(height: rect.height)
        return list
    }

    @Test func aClickSelectsTheRowUnderIt() {
        let list = scrolled(count: 10, selection: 0)
        #expect(list.action(for: MouseEvent(.click, row: 2, column: 3), in: rect) == .select(0))
        #expect(list.action(for: MouseEvent(.click, row: 6, column: 39), in: rect) == .select(4))
    }

    @Test func theScrollOffsetIsCounted() {
        let list = scrolled(count: 50, selection: 39)
        #expect(list.offset == 35)
        #expect(list.action(for: MouseEvent(.click, row: 2, column: 3), in: rect) == .select(35))
        #expect(list.action(for: MouseEvent(.doubleClick, row: 5, column: 3), in: rect) == .activate(38))
    }

    @Test func clicksOutsideTheListOrBelowItsLastRowDoNothing() {
        let list = scrolled(count: 3, selection: 0)
        #expect(list.action(for: MouseEvent(.click, row: 1, column: 3), in: rect) == nil, "the headings")
        #expect(list.action(for: MouseEvent(.click, row: 5, column: 3), in: rect) == nil, "blank rows under the list")
        #expect(list.action(for: MouseEvent(.click, row: 3, column: 40), in: rect) == nil, "right of it")
        #expect(list.action(for: MouseEvent(.press, row: 3, column: 3), in: rect) == nil, "a press is not a click")
    }

    @Test func theWheelMovesTheSelectionAFewRowsWithinTheList() {
        var list = scrolled(count: 10, selection: 8)
        #expect(list.action(for: MouseEvent(.wheelDown, row: 3, column: 3), in: rect) == .scroll(ListState.wheelStep))
        #expect(list.action(for: MouseEvent(.wheelUp, row: 3, column: 3), in: rect) == .scroll(-ListState.wheelStep))
        list.moveSelection(by: 3)
        #expect(list.selection == 9)
        list.moveSelection(by: -20)
        #expect(list.selection == 0)
    }
}

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

@Suite struct HelpOverlayMouseTests {
    @Test func theWheelScrollsAClickClosesAndAPressDoesNot() {
        var overlay = HelpOverlay(title: "Keys", entries: [HelpEntry(keys: "a", text: "A")])
        func keepsOpen(_ kind: MouseEvent.Kind) -> Bool { overlay.handle(.mouse(MouseEvent(kind, row: 0, column: 0))) }
        #expect(keepsOpen(.wheelDown))
        #expect(keepsOpen(.press))
        #expect(keepsOpen(.click) == false)
    }
}
