import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The trip detail screen opens the itinerary as `ItineraryAssembly` builds it, on a real model: a change made
/// there shows in the plan, and Esc goes back.
@MainActor
@Suite struct ItineraryAssemblyTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator(runner: ManualRunner())

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: [ItineraryFixtures.route66], in: directory)
        navigator.push(
            TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))))
        navigator.handle(.enter)
        navigator.handle(.character("i"))
    }

    private func screen() throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: 100, height: 16))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        return terminal.surface.lines()
    }

    @Test func iOpensTheTripDayByDayAndEscapeGoesBack() throws {
        #expect(navigator.top is ItineraryView)
        #expect(try screen().contains { $0.contains("Day 2 · ") })
        navigator.handle(.escape)
        #expect(navigator.top is TripDetailView)
    }

    @Test func undoOnTheItineraryUndoesTheTripsChange() throws {
        model.updateTrip(id: ItineraryFixtures.route66.id, "change the settings") { $0.settings.dailyLimitHours = 14 }
        #expect(try !screen().contains { $0.contains("Day 2 · ") })
        navigator.handle(.character("u"))
        #expect(try screen().contains { $0.contains("Day 2 · ") })
    }
}
