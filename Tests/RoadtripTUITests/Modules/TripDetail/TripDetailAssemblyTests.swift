import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// TripList and TripDetail as their assemblies build them, on one real model: what happens in the
/// trip shows in the list behind it.
@MainActor
@Suite struct TripDetailAssemblyTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator(runner: ManualRunner())

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        navigator.push(
            TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))))
        navigator.handle(.enter)
    }

    private func screen(_ width: Int = 100, _ height: Int = 12) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        return terminal.surface.lines()
    }

    private func type(_ text: String) {
        for character in text { navigator.handle(.character(character)) }
    }

    @Test func enterOpensTheTripDetail() throws {
        #expect(navigator.top is TripDetailView)
        #expect(try screen()[0].hasPrefix(" Pacific Drive"))
    }

    @Test func theTripListFollowsARenameKeystrokeByKeystroke() throws {
        navigator.handle(.character("r"))
        navigator.handle(.end) // the name starts selected: End keeps it and types after it
        type(" Coast")
        #expect(model.trips[0].name == "Pacific Drive Coast")
        navigator.handle(.escape)
        #expect(model.trips[0].name == "Pacific Drive")
        #expect(!model.canUndo)
    }

    @Test func addingAStopByCoordinatesThroughTheEditor() throws {
        navigator.handle(.character("a"))
        #expect(navigator.top is WaypointView)
        type("36.5552, -121.9233")
        navigator.handle(.tab)
        type("Carmel")
        navigator.handle(.enter)
        #expect(navigator.top is TripDetailView)
        #expect(model.trips[0].stops.map(\.name) == ["Monterey", "Carmel", "Big Sur", "Morro Bay"])
        let lines = try screen()
        #expect(lines.contains { $0.contains("2.") && $0.contains("Carmel") })
        #expect(lines.last?.contains("Added “Carmel”.") == true)
    }

    @Test func addingAStopFoundByName() throws {
        navigator.handle(.character("a"))
        type("carm")
        navigator.handle(.enter)
        let stop = model.trips[0].stops[1]
        #expect(stop.name == "Carmel-by-the-Sea")
        #expect(stop.region == "California" && stop.country == "United States")
    }

    @Test func undoAndRedoAcrossTheScreen() throws {
        navigator.handle(.character("d"))
        navigator.handle(.character("y"))
        #expect(model.trips[0].stops.count == 2)
        navigator.handle(.character("u"))
        #expect(model.trips[0].stops.count == 3)
        #expect(try screen().last?.contains("Undid: delete stop Monterey.") == true)
        navigator.handle(.control("r"))
        #expect(model.trips[0].stops.count == 2)
    }

    @Test func backKeepsTheTripSelectedInTheList() throws {
        navigator.handle(.escape)
        navigator.handle(.character("j"))
        navigator.handle(.enter)
        navigator.handle(.character("h"))
        #expect(navigator.top is TripListView)
        let lines = try screen()
        let terminal = try #require(Terminal.offscreen(width: 100, height: 12))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(lines[3].contains("Alpine Loop"))
        #expect(terminal.surface.style(row: 3, column: 2) == .selected)
    }

    @Test func undoingTheTripsCreationClosesItsScreen() {
        navigator.handle(.escape)
        navigator.handle(.character("a"))
        navigator.handle(.enter) // the name offered
        navigator.handle(.enter) // open the new trip
        #expect(navigator.top is TripDetailView)
        navigator.handle(.character("u"))
        #expect(navigator.top is TripListView)
        #expect(model.trips.count == 3)
    }
}
