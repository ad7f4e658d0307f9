import Foundation
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripTestSupport

/// Clicks, the wheel and drags on the real trip detail screen, drawn off-screen: the intents its keys
/// report, and the map moved as its keys move it.
@MainActor
@Suite struct TripDetailViewMouseTests {
    let presenter = TripDetailPresenterSpy()
    let view: TripDetailView

    init() {
        view = TripDetailView(presenter: presenter)
        view.showBasemap(SquareIsland())
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil))
    }

    @discardableResult
    private func draw(width: Int = 130, height: Int = 24) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds.inset(bottom: 1))
        return terminal.surface.lines()
    }

    private func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int = 10) {
        view.handle(.mouse(MouseEvent(kind, row: row, column: column)))
    }

    /// The middle of the map at 130 columns (it takes the right 52).
    private let mapRow = 10, mapColumn = 104

    @Test func aClickSelectsAStopAndADoubleClickEditsIt() throws {
        let lines = try draw()
        #expect(lines[3].contains("Big Sur"))
        mouse(.click, row: 3)
        mouse(.doubleClick, row: 3)
        #expect(presenter.intents == ["select 1", "select 1", "edit"])
    }

    @Test func theWheelOverTheStopsMovesTheSelection() throws {
        try draw()
        mouse(.wheelDown, row: 3)
        mouse(.wheelUp, row: 3)
        #expect(presenter.intents == ["select 2", "select 0"])
    }

    @Test func theWheelOverTheMapZoomsItAndTellsThePresenterNothing() throws {
        let before = try draw()
        mouse(.wheelUp, row: mapRow, column: mapColumn)
        let zoomed = try draw()
        #expect(zoomed != before)
        #expect(presenter.intents.isEmpty)
        view.handle(.character("a"))
        #expect(presenter.intents == ["add near the map's centre"], "the user has moved the map")
    }

    @Test func zoomingInAndOutAboutOnePointComesBack() throws {
        let before = try draw()
        mouse(.wheelUp, row: mapRow - 3, column: mapColumn + 7)
        mouse(.wheelDown, row: mapRow - 3, column: mapColumn + 7)
        #expect(try draw() == before)
    }

    @Test func aDragPansTheMapAndADragBackUndoesIt() throws {
        let before = try draw()
        mouse(.press, row: mapRow, column: mapColumn)
        mouse(.drag, row: mapRow + 2, column: mapColumn + 6)
        mouse(.release, row: mapRow + 2, column: mapColumn + 6)
        #expect(try draw() != before)
        mouse(.press, row: mapRow + 2, column: mapColumn + 6)
        // A drag keeps panning when the pointer leaves the map.
        mouse(.drag, row: mapRow, column: 20)
        mouse(.drag, row: mapRow, column: mapColumn)
        mouse(.release, row: mapRow, column: mapColumn)
        #expect(try draw() == before)
        #expect(presenter.intents.isEmpty)
    }

    @Test func aClickFocusesTheMapAndAClickOnTheStopsGivesTheKeysBack() throws {
        try draw()
        mouse(.click, row: mapRow, column: mapColumn)
        #expect(view.statusHints == TripMapPanel.statusHints)
        view.handle(.down)
        #expect(presenter.intents.isEmpty, "↓ pans the focused map")
        mouse(.click, row: 4)
        #expect(view.statusHints != TripMapPanel.statusHints)
        #expect(presenter.intents == ["select 2"])
    }

    @Test func onANarrowScreenTheOpenMapTakesTheClicks() throws {
        try draw(width: 90)
        view.handle(.character("m"))
        try draw(width: 90)
        mouse(.click, row: 3)
        mouse(.wheelUp, row: 3)
        #expect(presenter.intents.isEmpty)
    }

    @Test func clickingNoAnswersTheQuestion() throws {
        view.askToConfirm("Delete “Big Sur”?", details: [])
        let lines = try draw()
        let row = try #require(lines.firstIndex { $0.contains("Yes") && $0.contains("No") })
        let column = try #require(lines[row].range(of: "No")).lowerBound.utf16Offset(in: lines[row])
        mouse(.click, row: 3)
        mouse(.wheelUp, row: mapRow, column: mapColumn)
        mouse(.click, row: row, column: column)
        #expect(presenter.intents == ["answer false"])
    }

    @Test func formsAndTheNameFieldTakeNoMouse() throws {
        view.beginRenaming(text: "Pacific Drive")
        try draw()
        mouse(.doubleClick, row: 3)
        view.endRenaming()
        view.beginForm(.settings, title: "Settings", fields: [.text("Start", "")])
        try draw()
        mouse(.doubleClick, row: 3)
        #expect(presenter.intents.isEmpty)
    }
}
