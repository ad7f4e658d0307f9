import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing

/// Clicks and the wheel on the real panel, drawn off-screen: a click asks for a row, a double
/// click adds its place, as Enter does.
@MainActor
@Suite struct AlongViewMouseTests {
    let presenter = AlongPresenterSpy()
    let view: AlongView

    init() throws {
        view = AlongView(presenter: presenter)
        var viewModel = AlongPresenter.makeViewModel(
            trip: AlongFixtures.valley, day: nil, kinds: Set(AlongKind.allCases), reach: 2_000,
            finding: AlongFinding(found: AlongFixtures.along, tripMeters: 11_600, roads: []),
            detours: [nil, nil], isSearching: false, unit: .km)
        viewModel.selectedRow = 0
        view.display(viewModel)
        let terminal = try #require(Terminal.offscreen(width: 100, height: 12))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
    }

    @Test func aClickAsksForTheRowADoubleClickAddsItsPlaceTheWheelMoves() {
        // The title, the kinds on two lines, the headings, then the rows from line 4.
        view.handle(.mouse(MouseEvent(.click, row: 5, column: 30)))
        view.handle(.mouse(MouseEvent(.doubleClick, row: 5, column: 30)))
        view.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 30)))
        view.handle(.mouse(MouseEvent(.click, row: 2, column: 30)))
        #expect(presenter.intents == ["select 1", "select 1", "add 1", "select 1"], "the kinds' line is not a row")
    }
}
