import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The stop editor as `WaypointAssembly.makeModule` builds it, over the trip detail screen, on a real model
/// over a temporary file and a small gazetteer: what is typed in Place finds places, Enter adds
/// the stop and closes the editor, Esc leaves the trip as it was.
@MainActor
@Suite struct WaypointAssemblyTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator(runner: ManualRunner())
    let output = WaypointOutputSpy()

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        let context = ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))
        navigator.push(TripDetailAssembly.makeModule(tripID: Fixtures.pacific.id, context: context))
        navigator.push(WaypointAssembly.makeModule(tripID: Fixtures.pacific.id, mode: .add(index: 1), context: context, output: output))
    }

    private func screen() throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: 100, height: 24))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        return terminal.surface.lines()
    }

    private func type(_ text: String) {
        for character in text { navigator.handle(.character(character)) }
    }

    @Test func typingInPlaceListsThePlacesTheGazetteerFinds() throws {
        #expect(navigator.top is WaypointView)
        #expect(try !screen().contains { $0.contains("Monterrey") })
        type("mont")
        let lines = try screen()
        #expect(lines.contains { $0.contains("Monterrey") && $0.contains("Nuevo León") }, "\(lines)")
        #expect(lines.contains { $0.contains("Monterey") && $0.contains("California") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Carmel-by-the-Sea") }, "\(lines)")
    }

    @Test func enterInsertsTheStopInTheModelAndClosesTheEditor() throws {
        type("carm")
        navigator.handle(.enter)
        #expect(navigator.top is TripDetailView)
        let stops = try #require(model.trip(id: Fixtures.pacific.id)).stops
        #expect(stops.map(\.name) == ["Monterey", "Carmel-by-the-Sea", "Big Sur", "Morro Bay"])
        #expect(stops[1].location == FakePlaces.carmel.coordinate)
        #expect(output.saved.map(\.0) == [stops[1].id])
        #expect(model.hasUnsavedChanges && model.canUndo)
    }

    @Test func escapeLeavesTheTripUnchanged() throws {
        type("carm")
        navigator.handle(.escape)
        #expect(navigator.top is TripDetailView)
        #expect(model.trips == Fixtures.trips)
        #expect(!model.hasUnsavedChanges && !model.canUndo)
        #expect(output.saved.isEmpty)
    }
}
