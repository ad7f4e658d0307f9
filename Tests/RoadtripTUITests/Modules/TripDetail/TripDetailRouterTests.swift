import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Where the trip detail screen's router takes the user, on a real navigator over a real model: the
/// trip detail screen is opened from the list, as in the program.
@MainActor
@Suite struct TripDetailRouterTests {
    let directory: TemporaryDirectory
    let navigator = Navigator(runner: ManualRunner())
    let router: TripDetailRouter

    init() throws {
        directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        let context = ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))
        navigator.push(TripListAssembly.makeModule(context: context))
        navigator.push(TripDetailAssembly.makeModule(tripID: Fixtures.pacific.id, context: context))
        router = TripDetailRouter(tripID: Fixtures.pacific.id, context: context)
        router.view = navigator.top // the screen it closes, as the assembly wires it
    }

    @Test func openItineraryPushesTheTripDayByDay() throws {
        router.openItinerary()
        #expect(navigator.top is ItineraryView)
        #expect(navigator.stack.count == 3)
        #expect(try navigator.drawnLines()[0].contains("Pacific Drive"))
    }

    @Test func openAlongPushesThePlacesAlongThisTripsRoad() throws {
        router.openAlong(output: AlongOutputSpy())
        #expect(navigator.top is AlongView)
        #expect(navigator.stack.count == 3)
        #expect(try navigator.drawnLines()[0].contains("Along the road: Pacific Drive"))
    }

    @Test func openWaypointEditorPushesTheEditorForThisTrip() throws {
        let output = WaypointOutputSpy()
        router.openWaypointEditor(.add(index: 1), mapCentre: nil, output: output)
        #expect(navigator.top is WaypointView)
        #expect(navigator.stack.count == 3)
        #expect(try navigator.drawnLines()[0].contains("Pacific Drive"))
    }

    @Test func closeTripPopsBackToTheList() {
        router.closeTrip()
        #expect(navigator.top is TripListView)
        #expect(navigator.stack.count == 1 && !navigator.isFinished)
    }

    @Test func closeTripClosesItsOwnScreenAndTheEditorOverIt() {
        router.openWaypointEditor(.add(index: 1), mapCentre: nil, output: WaypointOutputSpy())
        #expect(navigator.top is WaypointView)
        router.closeTrip() // the trip went away while its stop editor was open
        #expect(navigator.top is TripListView)
        #expect(navigator.stack.count == 1)
    }

    @Test func openHelpShowsTheKeysOfTheTripScreen() throws {
        router.openHelp()
        #expect(navigator.isShowingHelp)
        #expect(navigator.top is TripDetailView && navigator.stack.count == 2)
        let title = try #require(navigator.top?.helpTitle)
        #expect(try navigator.drawnLines().contains { $0.contains(title) })
    }
}
