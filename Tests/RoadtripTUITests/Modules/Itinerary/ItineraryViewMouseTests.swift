import Foundation
@testable import RoadtripTUI
import Terminal
import Testing

/// Clicks and the wheel on the real itinerary, drawn off-screen: they ask for a line, which the
/// presenter selects (the spy answers as it does).
@MainActor
@Suite struct ItineraryViewMouseTests {
    let presenter = ItineraryPresenterSpy()
    let view: ItineraryView

    init() {
        view = ItineraryView(presenter: presenter)
        let trip = ItineraryFixtures.route66
        var viewModel = ItineraryPresenter.makeViewModel(trip: trip, itinerary: ItineraryInteractorSpy(trip: nil).itinerary(for: trip, unit: .km), unit: .km)
        viewModel.selectedRow = 0
        view.display(viewModel)
        presenter.answerSelections(in: view, showing: viewModel)
    }

    /// Draws the view and returns its lines and the row drawn selected.
    private func draw(height: Int = 16) throws -> (lines: [String], selectedRow: Int?) {
        let terminal = try #require(Terminal.offscreen(width: 100, height: height))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let surface = terminal.surface
        return (surface.lines(), (0..<surface.height).first { surface.style(row: $0, column: 0) == .selected })
    }

    @Test func aClickSelectsTheLineUnderIt() throws {
        #expect(try draw().selectedRow == 1)
        view.handle(.mouse(MouseEvent(.click, row: 4, column: 30)))
        #expect(try draw().selectedRow == 4)
        view.handle(.mouse(MouseEvent(.click, row: 0, column: 30)))
        #expect(try draw().selectedRow == 4, "the title is not a line")
        #expect(presenter.intents == ["select 3"])
    }

    @Test func theWheelScrolls() throws {
        let first = try draw(height: 8).lines
        for _ in 0..<3 { view.handle(.mouse(MouseEvent(.wheelDown, row: 3, column: 30))) }
        let scrolled = try draw(height: 8)
        #expect(scrolled.lines[1] != first[1], "the first day scrolled away")
        #expect(scrolled.selectedRow != nil)
    }
}
