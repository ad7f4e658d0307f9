import Foundation
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing

/// The real curses view, drawn off-screen and read back.
@MainActor
@Suite struct ItineraryViewTests {
    let presenter = ItineraryPresenterSpy()
    let view: ItineraryView

    init() {
        view = ItineraryView(presenter: presenter)
        let interactor = ItineraryInteractorSpy(trip: nil)
        let trip = ItineraryFixtures.route66
        view.display(ItineraryPresenter.makeViewModel(trip: trip, itinerary: interactor.itinerary(for: trip, unit: .km), unit: .km))
    }

    private func render(width: Int = 100, height: Int = 16) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        return (terminal, terminal.surface.lines())
    }

    @Test func drawsDaysStopsLegsAndTheSun() throws {
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Route 66 — day by day"))
        #expect(lines[1].hasPrefix(" Day 1 · Wed 1 Jul 2026") && lines[1].contains("driving"))
        #expect(lines[2].contains("→ 09:00") && lines[2].contains("CDT") && lines[2].contains("1. Chicago") && lines[2].contains("sun "))
        #expect(lines[3].contains("↓ ≈ "))
        #expect(lines.contains { $0.contains("3. St. Louis") && $0.contains("night here (daily limit)") })
        #expect(lines.contains { $0.hasPrefix(" Day 2 · Thu 2 Jul 2026") })
        #expect(lines[15].hasPrefix(" In all: ≈ ") && lines[15].contains("driving"))
    }

    @Test func narrowScreensDropTheSunFirst() throws {
        let (terminal, lines) = try render(width: 60)
        defer { terminal.stop() }
        #expect(lines[2].contains("1. Chicago"))
        #expect(!lines[2].contains("sun "))
    }

    @Test func aViewModelMadeForNoKeyKeepsTheMessageShown() {
        var said = ItineraryViewModel()
        said.message = StatusMessage("Added “Cuba”.")
        view.display(said)
        said.message = nil
        said.keepsMessage = true
        view.display(said)
        #expect(view.statusMessage == StatusMessage("Added “Cuba”."))
        said.keepsMessage = false
        view.display(said)
        #expect(view.statusMessage == nil)
    }

    @Test func keysBecomeIntents() {
        for key: Key in [.character("u"), .control("r"), .character("s"), .character("?"), .escape, .character("q"), .character("i"), .left] {
            view.handle(key)
        }
        #expect(presenter.intents == ["undo", "redo", "save", "help", "back", "back", "back", "back"])
        // `a` (the add key everywhere) names the selected line.
        view.handle(.character("a"))
        #expect(presenter.intents.last == "night 0")
        view.handle(.character("A"))
        #expect(presenter.intents.last == "along 0")
    }

    /// Issue 53: `n` is the next match here too, as in every list; the line moves only when the
    /// presenter answers (it owns the selection).
    @Test func searchAndPagingKeysBecomeIntents() {
        for key: Key in [.character("/"), .character("n"), .character("N"), .control("d"), .character(" ")] {
            view.handle(key)
        }
        #expect(presenter.intents == ["search", "next match", "previous match", "select 5", "select 9"])
    }
}
