import Foundation
import Testing
@testable import RoadtripKit

/// The interactor on a real DataModel over a temporary file, with a small in-memory gazetteer.
@MainActor
@Suite struct WaypointInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let interactor: WaypointInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = DataModel(store: TripFileStore(url: directory.file("trips.json")))
        try model.load { Fixtures.trips }
        interactor = WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: .fixed(FakePlaces.california))
    }

    @Test func namesAreSearchedAndCoordinatesParsed() {
        #expect(interactor.lookUp("") == .empty)
        #expect(interactor.lookUp("  ") == .empty)
        #expect(interactor.lookUp("Mont") == .places([FakePlaces.monterrey, FakePlaces.monterey]))
        let point = Coordinate(latitude: 36.28, longitude: -121.81)
        #expect(interactor.lookUp("36.28, -121.81") == .coordinate(point, nearest: FakePlaces.bigSur))
        guard case .invalidCoordinates(let reason) = interactor.lookUp("36.28, -200") else {
            Issue.record("expected invalid coordinates")
            return
        }
        #expect(reason.contains("Longitude -200.0 is out of range"))
    }

    @Test func aGazetteerThatCannotLoadIsReportedNotFatal() {
        struct Broken: Error, CustomStringConvertible { var description: String { "gazetteer.bin is damaged" } }
        let interactor = WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: PlaceSearchProvider { throw Broken() })
        #expect(interactor.lookUp("Mont") == .searchUnavailable("gazetteer.bin is damaged"))
        #expect(interactor.lookUp("36.28, -121.81") == .coordinate(Coordinate(latitude: 36.28, longitude: -121.81), nearest: nil))
    }

    @Test func thePreviousStopOfEachMode() {
        #expect(interactor.previousStop(for: .add(index: 0)) == nil)
        #expect(interactor.previousStop(for: .add(index: 2))?.name == "Big Sur")
        #expect(interactor.previousStop(for: .add(index: 3))?.name == "Morro Bay")
        #expect(interactor.previousStop(for: .edit(Fixtures.pacific.waypoints[0].id)) == nil)
        #expect(interactor.previousStop(for: .edit(Fixtures.pacific.waypoints[2].id))?.name == "Big Sur")
    }

    @Test func insertAndUpdateAreUndoableChangesOfTheModel() throws {
        let stop = Waypoint(name: "Carmel", location: FakePlaces.carmel.coordinate, notes: "Beach")
        interactor.insertStop(stop, at: 1)
        #expect(model.trip(id: Fixtures.pacific.id)?.waypoints.map(\.name) == ["Monterey", "Carmel", "Big Sur", "Morro Bay"])
        var renamed = stop
        renamed.name = "Carmel-by-the-Sea"
        interactor.updateStop(renamed)
        #expect(model.undo() == "edit stop Carmel-by-the-Sea")
        #expect(model.undo() == "add stop Carmel")
        try model.save()
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.first?.waypoints.count == 3)
    }

    @Test func notesAreSavedInTheFile() throws {
        interactor.insertStop(Waypoint(name: "Carmel", location: FakePlaces.carmel.coordinate, notes: "Beach walk"), at: 1)
        try model.save()
        let text = try String(contentsOf: directory.file("trips.json"), encoding: .utf8)
        #expect(text.contains("\"notes\" : \"Beach walk\""))
    }
}
