import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import RoadtripRegions
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The module as `TripListAssembly` builds it, on a real model and navigator.
@MainActor
@Suite struct TripListAssemblyTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator(runner: ManualRunner())
    let view: TripListView

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        view = TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california)))
        navigator.push(view)
    }

    private func screenLines() throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: 80, height: 12))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        return terminal.surface.lines()
    }

    @Test func showsTheModelsTrips() throws {
        let lines = try screenLines()
        #expect(lines[2].contains("Pacific Drive"))
        #expect(lines[4].contains("Someday"))
        #expect(lines[11].contains("a New"))
    }

    @Test func modelChangesReachTheScreen() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast Road")
        #expect(navigator.needsDisplay)
        #expect(try screenLines()[2].contains("Coast Road"))
    }

    @Test func undoingADeleteSelectsTheTripItBringsBack() throws {
        navigator.handle(.character("j")) // Alpine Loop
        navigator.handle(.character("d"))
        navigator.handle(.character("y"))
        #expect(!model.trips.contains { $0.id == Fixtures.alps.id })
        navigator.handle(.character("g")) // the selection moves away meanwhile
        navigator.handle(.character("u"))
        let selected = try #require(view.viewModel.selectedRow)
        #expect(view.viewModel.rows[selected].name == "Alpine Loop")
        #expect(try screenLines().contains { $0.contains("Undid: delete trip Alpine Loop") })
    }

    @Test func keysChangeTheModel() {
        navigator.handle(.character("a"))
        #expect(model.trips.first?.name == "Pacific Drive") // the name is asked first
        navigator.handle(.enter)
        #expect(model.trips.first?.name == "New Trip")
        navigator.handle(.character("j"))
        navigator.handle(.character("d"))
        navigator.handle(.character("y"))
        #expect(model.trips.map(\.name) == ["New Trip", "Alpine Loop", "Someday"])
    }

    @Test func enterOpensTheTripDetail() throws {
        navigator.handle(.character("j"))
        navigator.handle(.enter)
        #expect(navigator.stack.count == 2)
        #expect(navigator.top is TripDetailView)
        #expect(try screenLines()[0].contains("Alpine Loop"))
        navigator.handle(.escape)
        #expect(navigator.stack.count == 1)
    }

    @Test func questionMarkShowsHelpAndAnyKeyClosesIt() throws {
        navigator.handle(.character("?"))
        #expect(navigator.isShowingHelp)
        #expect(try screenLines().contains { $0.contains("Roadtrips — keys") })
        navigator.handle(.character("x"))
        #expect(!navigator.isShowingHelp)
        #expect(model.trips.count == 3)
    }

    /// Issue 39: with a regions folder, the panel's `D` reads the catalogue the environment names.
    @Test func theCatalogueComesFromTheEnvironmentsAddress() throws {
        let runner = ManualRunner()
        let navigator = Navigator(runner: runner)
        let catalogue = directory.file("index-v1.json")
        try Data(
            #"{"features": [{"properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}}}]}"#.utf8
        )
        .write(to: catalogue)
        let context = ModuleContext(
            model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california),
            regions: RegionShelf(directory: directory.file("regions")),
            environment: ["ROADTRIP_EXTRACTS_URL": catalogue.absoluteString, "XDG_CACHE_HOME": directory.file("cache").path])
        navigator.push(TripListAssembly.makeModule(context: context))
        navigator.handle(.character("M"))
        navigator.handle(.character("D"))
        runner.runAll()
        let text = try navigator.drawnLines(width: 100, height: 24).joined(separator: "\n")
        #expect(text.contains("Download a region") && text.contains("europe/andorra") && text.contains(catalogue.absoluteString), "\(text)")
    }

    @Test func qQuits() {
        navigator.handle(.character("q"))
        #expect(navigator.isFinished)
    }
}
