import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripTestSupport

/// Clicks and the wheel on the real trip list, drawn off-screen: the intents its keys report.
@MainActor
@Suite struct TripListViewMouseTests {
    let presenter = TripListPresenterSpy()
    let view: TripListView

    init() {
        view = TripListView(presenter: presenter)
        view.display(TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: nil, selectedID: Fixtures.alps.id, unit: .km, message: nil))
    }

    /// Draws the view (which is where it learns where its rows are) and returns its lines.
    @discardableResult
    private func draw(width: Int = 80, height: Int = 12) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds.inset(bottom: 1))
        return terminal.surface.lines()
    }

    private func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int = 5) {
        view.handle(.mouse(MouseEvent(kind, row: row, column: column)))
    }

    @Test func aClickSelectsTheTripUnderIt() throws {
        let lines = try draw()
        #expect(lines[2].contains("Pacific Drive"))
        mouse(.press, row: 2)
        mouse(.click, row: 2)
        #expect(presenter.intents == ["select 0"])
    }

    @Test func aDoubleClickOpensTheTripUnderIt() throws {
        try draw()
        mouse(.click, row: 4)
        mouse(.doubleClick, row: 4)
        #expect(presenter.intents == ["select 2", "select 2", "open"])
    }

    @Test func clicksOnTheTitleHeadingsOrBelowTheRowsDoNothing() throws {
        try draw()
        for row in [0, 1, 5, 9] { mouse(.click, row: row) }
        mouse(.doubleClick, row: 1)
        #expect(presenter.intents.isEmpty)
    }

    @Test func theWheelMovesTheSelectionAFewRows() throws {
        let trips = (1...50).map { Trip(name: "Trip \($0)") }
        let viewModel = TripListPresenter.makeViewModel(trips: trips, filter: nil, selectedID: trips[0].id, unit: .km, message: nil)
        view.display(viewModel)
        presenter.answerSelections(in: view, showing: viewModel)
        try draw()
        mouse(.wheelDown, row: 3)
        mouse(.wheelDown, row: 3)
        mouse(.wheelUp, row: 3)
        #expect(presenter.intents == ["select 3", "select 6", "select 3"])
    }

    @Test func aClickCountsTheScrollOffset() throws {
        let trips = (1...50).map { Trip(name: "Trip \($0)") }
        view.display(TripListPresenter.makeViewModel(trips: trips, filter: nil, selectedID: trips[39].id, unit: .km, message: nil))
        let lines = try draw(height: 10)
        let row = try #require(lines.firstIndex { $0.contains("Trip 38 ") })
        mouse(.click, row: row)
        #expect(presenter.intents == ["select 37"])
    }

    @Test func clickingYesAnswersTheQuestionAndTheRestOfTheDoubleClickDoesNotOpen() throws {
        view.askToConfirm("Delete “Alpine Loop”?")
        let lines = try draw()
        let row = try #require(lines.firstIndex { $0.contains("Yes") })
        let column = try #require(lines[row].range(of: "Yes")).lowerBound.utf16Offset(in: lines[row])
        mouse(.click, row: 2) // outside the box: nothing
        mouse(.press, row: row, column: column)
        mouse(.click, row: row, column: column)
        mouse(.press, row: row, column: column)
        mouse(.doubleClick, row: row, column: column)
        #expect(presenter.intents == ["answer true"])
    }

    @Test func whileRenamingTheMouseDoesNothing() throws {
        view.beginRenaming(text: "Alpine Loop")
        try draw()
        mouse(.click, row: 2)
        mouse(.doubleClick, row: 2)
        mouse(.wheelDown, row: 2)
        #expect(presenter.intents.isEmpty)
    }
}
