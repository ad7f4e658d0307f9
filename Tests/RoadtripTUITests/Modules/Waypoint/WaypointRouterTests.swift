import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Where the stop editor's router takes the user, on a real navigator: the editor over the trip
/// screen, as the trip detail screen opens it.
@MainActor
@Suite struct WaypointRouterTests {
    let directory: TemporaryDirectory
    let navigator = Navigator(runner: ManualRunner())
    let router: WaypointRouter

    init() throws {
        directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        let context = ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))
        navigator.push(TripDetailAssembly.makeModule(tripID: Fixtures.pacific.id, context: context))
        navigator.push(WaypointAssembly.makeModule(tripID: Fixtures.pacific.id, mode: .add(index: 1), context: context, output: nil))
        router = WaypointRouter(navigator: navigator)
        router.view = navigator.top // the screen it closes, as the assembly wires it
    }

    @Test func closeEditorPopsBackToTheTrip() {
        router.closeEditor()
        #expect(navigator.top is TripDetailView)
        #expect(navigator.stack.count == 1 && !navigator.isFinished)
    }

    @Test func openHelpShowsTheKeysOfTheEditor() throws {
        router.openHelp()
        #expect(navigator.isShowingHelp)
        #expect(navigator.top is WaypointView && navigator.stack.count == 2)
        let title = try #require(navigator.top?.helpTitle)
        #expect(try navigator.drawnLines().contains { $0.contains(title) })
    }
}
