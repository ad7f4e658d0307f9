import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Where the trip list's router takes the user, on a real navigator over a real model.
@MainActor
@Suite struct TripListRouterTests {
    let directory: TemporaryDirectory
    let navigator = Navigator(runner: ManualRunner())
    let router: TripListRouter

    init() throws {
        directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        let context = ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))
        let list = TripListAssembly.makeModule(context: context)
        navigator.push(list)
        router = TripListRouter(context: context)
        router.view = list
    }

    @Test func openTripPushesTheScreenOfThatTrip() throws {
        router.openTrip(id: Fixtures.alps.id)
        #expect(navigator.top is TripDetailView)
        #expect(navigator.stack.count == 2)
        #expect(try navigator.drawnLines()[0].hasPrefix(" Alpine Loop"))
    }

    @Test func openHelpShowsTheKeysOfTheList() throws {
        router.openHelp()
        #expect(navigator.isShowingHelp)
        #expect(navigator.top is TripListView && navigator.stack.count == 1)
        let title = try #require(navigator.top?.helpTitle)
        #expect(try navigator.drawnLines().contains { $0.contains(title) })
    }

    @Test func closeAppQuits() {
        #expect(!navigator.isFinished)
        router.closeApp()
        #expect(navigator.isFinished)
    }

    /// The regions manager opens over the list, which hosts it: its panel is drawn and has the
    /// keys; Esc gives them back to the list.
    @Test func openRegionsPutsThePanelOverTheList() throws {
        router.openRegions(output: TripListPresenter(interactor: TripListInteractorSpy(trips: []), router: TripListRouterSpy(), unit: .km))
        #expect(navigator.stack.count == 1)
        #expect(try navigator.drawnLines().contains { $0.contains("No region yet") })
        #expect(navigator.top?.helpTitle == "Regions — keys")
        navigator.handle(.escape)
        #expect(navigator.top?.helpTitle == "Roadtrips — keys")
        #expect(try !navigator.drawnLines().contains { $0.contains("No region yet") })
    }
}
