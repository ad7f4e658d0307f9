import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Where the itinerary's router takes the user, on a real navigator: the itinerary over the trip
/// screen, as the trip detail screen opens it.
@MainActor
@Suite struct ItineraryRouterTests {
    let directory: TemporaryDirectory
    let navigator = Navigator(runner: ManualRunner())
    let router: ItineraryRouter

    init() throws {
        directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: [ItineraryFixtures.route66], in: directory)
        let context = ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))
        navigator.push(TripDetailAssembly.makeModule(tripID: ItineraryFixtures.route66.id, context: context))
        navigator.push(ItineraryAssembly.makeModule(tripID: ItineraryFixtures.route66.id, context: context))
        router = ItineraryRouter(tripID: ItineraryFixtures.route66.id, context: context)
        router.view = navigator.top // the screen it closes, as the assembly wires it
    }

    @Test func closeItineraryPopsBackToTheTrip() {
        router.closeItinerary()
        #expect(navigator.top is TripDetailView)
        #expect(navigator.stack.count == 1 && !navigator.isFinished)
    }

    @Test func openAlongPushesThePlacesAlongTheDaysRoad() throws {
        router.openAlong(day: 2, output: AlongOutputSpy())
        #expect(navigator.top is AlongView && navigator.stack.count == 3)
        let lines = try navigator.drawnLines()
        #expect(lines[0].contains("Along the road: Route 66") && lines[0].hasSuffix("day 2"), "\(lines[0])")
    }

    @Test func openHelpShowsTheKeysOfTheItinerary() throws {
        router.openHelp()
        #expect(navigator.isShowingHelp)
        #expect(navigator.top is ItineraryView && navigator.stack.count == 2)
        let title = try #require(navigator.top?.helpTitle)
        #expect(try navigator.drawnLines().contains { $0.contains(title) })
    }
}
