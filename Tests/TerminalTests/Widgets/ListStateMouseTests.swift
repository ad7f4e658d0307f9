import Testing
@testable import Terminal
@testable import TextCanvas

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
