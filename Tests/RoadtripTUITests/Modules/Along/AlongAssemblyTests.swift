import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The panel as `AlongAssembly` builds it, opened with `A` from the trip detail screen and from
/// the itinerary on one real model: its search runs on the model's runner, and Enter's stop
/// shows on the screen it came from, undone in one step.
@MainActor
@Suite struct AlongAssemblyTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let runner: ManualRunner
    let navigator = Navigator(runner: ManualRunner())

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: [AlongFixtures.valley], in: directory)
        runner = try #require(model.runner as? ManualRunner)
        let places = FakePlaces([AlongFixtures.camp, AlongFixtures.museum, AlongFixtures.peak])
        navigator.push(TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(places))))
        navigator.handle(.enter)
    }

    @Test func aOnTheTripListsThePlacesAndEnterAddsTheSelectedOneBetweenItsStops() throws {
        navigator.handle(.character("A"))
        #expect(navigator.top is AlongView)
        #expect(try navigator.drawnLines(width: 110).contains { $0.contains("Looking along the road…") })
        runner.runAll()
        let lines = try navigator.drawnLines(width: 110)
        #expect(
            lines.contains { $0.contains("Càmping Valira") && $0.contains("camp site") && $0.contains("≈ ") && $0.contains(" min") && !$0.contains(" · ") },
            "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("Casa d'Areny-Plandolit") } && !lines.contains { $0.contains("Casamanya") })
        navigator.handle(.enter)
        #expect(navigator.top is TripDetailView)
        #expect(model.trips[0].stops.map(\.name) == ["Andorra la Vella", "Càmping Valira", "Ordino"])
        let trip = try navigator.drawnLines(width: 110)
        #expect(trip.contains { $0.contains("2.") && $0.contains("Càmping Valira") })
        #expect(trip.last?.contains("Added “Càmping Valira” between Andorra la Vella and Ordino — u undoes.") == true, "\(trip.last ?? "")")
        navigator.handle(.character("u"))
        #expect(model.trips[0].stops.map(\.name) == ["Andorra la Vella", "Ordino"])
    }

    @Test func fromTheItineraryThePanelLooksAlongTheSelectedDayAndEscapeGoesBack() throws {
        navigator.handle(.character("i"))
        navigator.handle(.character("A"))
        runner.runAll()
        let lines = try navigator.drawnLines(width: 110)
        #expect(lines[0].hasSuffix("day 1") && lines.contains { $0.contains("Càmping Valira") })
        navigator.handle(.escape)
        #expect(navigator.top is ItineraryView)
    }
}
