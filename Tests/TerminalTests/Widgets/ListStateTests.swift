import Testing
@testable import Terminal

@Suite struct ListStateTests {
    @Test func emptyListHasNoSelection() {
        var state = ListState(count: 0)
        #expect(state.selection == nil)
        state.apply(.down, pageSize: 10)
        state.apply(.last, pageSize: 10)
        #expect(state.selection == nil)
        #expect(state.visibleRows(height: 5) == 0..<0)
    }

    @Test func nonEmptyListSelectsTheFirstRowByDefault() {
        #expect(ListState(count: 3).selection == 0)
    }

    @Test func initialSelectionIsClampedToTheRows() {
        #expect(ListState(count: 3, selection: 7).selection == 2)
        #expect(ListState(count: 3, selection: -2).selection == 0)
    }

    @Test func upStopsAtTheFirstRow() {
        var state = ListState(count: 5, selection: 1)
        state.apply(.up, pageSize: 3)
        #expect(state.selection == 0)
        state.apply(.up, pageSize: 3)
        #expect(state.selection == 0)
    }

    @Test func downStopsAtTheLastRow() {
        var state = ListState(count: 5, selection: 3)
        state.apply(.down, pageSize: 3)
        #expect(state.selection == 4)
        state.apply(.down, pageSize: 3)
        #expect(state.selection == 4)
    }

    @Test func pageDownMovesByOneLessThanThePageAndClamps() {
        var state = ListState(count: 30)
        state.apply(.pageDown, pageSize: 10)
        #expect(state.selection == 9)
        state.apply(.pageDown, pageSize: 10)
        #expect(state.selection == 18)
        state.apply(.pageDown, pageSize: 10)
        state.apply(.pageDown, pageSize: 10)
        #expect(state.selection == 29)
    }

    @Test func pageUpMovesByOneLessThanThePageAndClamps() {
        var state = ListState(count: 30, selection: 20)
        state.apply(.pageUp, pageSize: 10)
        #expect(state.selection == 11)
        state.apply(.pageUp, pageSize: 10)
        #expect(state.selection == 2)
        state.apply(.pageUp, pageSize: 10)
        #expect(state.selection == 0)
    }

    /// Issue 53: Ctrl-D and Ctrl-U move half of what shows, as in vim and less.
    @Test func halfPagesMoveByHalfThePageAndClamp() {
        var state = ListState(count: 30, selection: 3)
        state.apply(.halfPageDown, pageSize: 10)
        #expect(state.selection == 8)
        state.apply(.halfPageDown, pageSize: 11)
        #expect(state.selection == 13)
        state.apply(.halfPageUp, pageSize: 10)
        #expect(state.selection == 8)
        state.apply(.halfPageUp, pageSize: 10)
        state.apply(.halfPageUp, pageSize: 10)
        #expect(state.selection == 0)
        state.apply(.last, pageSize: 10)
        state.apply(.halfPageDown, pageSize: 10)
        #expect(state.selection == 29)
    }

    @Test func tinyHalfPageStillMovesOneRow() {
        var state = ListState(count: 5, selection: 2)
        state.apply(.halfPageDown, pageSize: 1)
        #expect(state.selection == 3)
        state.apply(.halfPageUp, pageSize: 0)
        #expect(state.selection == 2)
    }

    @Test func tinyPageStillMovesOneRow() {
        var state = ListState(count: 5, selection: 2)
        state.apply(.pageDown, pageSize: 1)
        #expect(state.selection == 3)
        state.apply(.pageUp, pageSize: 0)
        #expect(state.selection == 2)
    }

    @Test func firstAndLast() {
        var state = ListState(count: 8, selection: 4)
        state.apply(.last, pageSize: 3)
        #expect(state.selection == 7)
        state.apply(.first, pageSize: 3)
        #expect(state.selection == 0)
    }

    @Test func shrinkingKeepsTheSelectionInRange() {
        var state = ListState(count: 10, selection: 8)
        state.setCount(3)
        #expect(state.count == 3)
        #expect(state.selection == 2)
    }

    @Test func shrinkingToEmptyClearsTheSelectionAndOffset() {
        var state = ListState(count: 20, selection: 15)
        state.scrollToSelection(height: 5)
        state.setCount(0)
        #expect(state.selection == nil)
        #expect(state.offset == 0)
        #expect(state.visibleRows(height: 5).isEmpty)
    }

    @Test func growingFromEmptySelectsTheFirstRow() {
        var state = ListState(count: 0)
        state.setCount(4)
        #expect(state.selection == 0)
    }

    @Test func growingKeepsTheSelection() {
        var state = ListState(count: 4, selection: 2)
        state.setCount(10)
        #expect(state.selection == 2)
    }

    @Test func scrollingDownShowsTheSelectionOnTheLastVisibleRow() {
        var state = ListState(count: 20, selection: 10)
        state.scrollToSelection(height: 5)
        #expect(state.offset == 6)
        #expect(state.visibleRows(height: 5) == 6..<11)
    }

    @Test func scrollingUpShowsTheSelectionOnTheFirstVisibleRow() {
        var state = ListState(count: 20, selection: 10)
        state.scrollToSelection(height: 5)
        state.select(2)
        state.scrollToSelection(height: 5)
        #expect(state.offset == 2)
        #expect(state.visibleRows(height: 5) == 2..<7)
    }

    @Test func selectionAlreadyVisibleDoesNotScroll() {
        var state = ListState(count: 20, selection: 10)
        state.scrollToSelection(height: 5)
        state.select(8)
        state.scrollToSelection(height: 5)
        #expect(state.offset == 6)
    }

    @Test func offsetNeverLeavesEmptyRowsBelowTheList() {
        var state = ListState(count: 20, selection: 19)
        state.scrollToSelection(height: 5)
        #expect(state.offset == 15)
        state.setCount(3)
        state.scrollToSelection(height: 5)
        #expect(state.offset == 0)
        #expect(state.visibleRows(height: 5) == 0..<3)
    }

    @Test func everyMoveKeepsTheSelectionVisibleAndTheOffsetInBounds() throws {
        var state = ListState(count: 37)
        let moves: [ListState.Move] = [.down, .pageDown, .pageDown, .down, .last, .up, .pageUp, .first, .pageDown, .last, .pageUp, .pageUp]
        for (height, move) in zip([1, 3, 7, 7, 4, 10, 2, 5, 36, 40, 6, 9], moves) {
            state.apply(move, pageSize: height)
            state.scrollToSelection(height: height)
            let selection = try #require(state.selection)
            #expect(state.visibleRows(height: height).contains(selection), "\(move) at height \(height)")
            #expect(state.offset >= 0 && state.offset <= max(0, state.count - height))
        }
    }

    @Test func visibleRowsStopAtTheEndOfAShortList() {
        let state = ListState(count: 3)
        #expect(state.visibleRows(height: 10) == 0..<3)
        #expect(state.visibleRows(height: 2) == 0..<2)
        #expect(state.visibleRows(height: 0).isEmpty)
    }
}
