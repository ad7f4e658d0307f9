import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The interactor on a real DataModel over a temporary file, with a small in-memory gazetteer.
@MainActor
@Suite struct WaypointInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let interactor: WaypointInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        interactor = WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: .fixed(FakePlaces.california))
    }

    @Test func namesAreSearchedAndCoordinatesParsed() {
        let near = interactor.placement(for: .add(index: 0)).searchContext
        #expect(interactor.lookUp("", near: near) == .empty)
        #expect(interactor.lookUp("  ", near: near) == .empty)
        // The fake ranks by population alone; the one near the trip comes first all the same (issue 56).
        #expect(interactor.lookUp("Mont", near: near) == .places([FakePlaces.monterey, FakePlaces.monterrey]))
        guard case .coordinate(let point) = interactor.lookUp("36.28, -121.81", near: near) else {
            Issue.record("expected a point")
            return
        }
        #expect(point.coordinate == Coordinate(latitude: 36.28, longitude: -121.81) && point.nearest == FakePlaces.bigSur)
        #expect(point.region == "California" && point.country == "United States")
        guard case .invalidCoordinates(let reason) = interactor.lookUp("36.28, -200", near: near) else {
            Issue.record("expected invalid coordinates")
            return
        }
        #expect(reason.contains("Longitude -200.0 is out of range"))
    }

    @Test func aPlaceFarOutOfLineWithTheTripIsToldWithItsDistanceFromTheNearestStop() throws {
        let glencoeIllinois = Coordinate(latitude: 42.135, longitude: -87.758)
        let found = try #require(interactor.outOfLine(glencoeIllinois, for: .add(index: 3)))
        #expect(found.neighbour == "Morro Bay")
        #expect(abs(found.meters - Geodesy.distance(from: Fixtures.morroBay, to: glencoeIllinois)) < 1)
        #expect(interactor.outOfLine(Coordinate(latitude: 35.56, longitude: -121.08), for: .add(index: 3)) == nil, "Cambria is on the way")
        // Moved far away, Big Sur would be a detour between Monterey and Morro Bay, the nearer of the two.
        let bigSur = try #require(Fixtures.pacific.stops.dropFirst().first)
        #expect(interactor.outOfLine(glencoeIllinois, for: .edit(bigSur.id))?.neighbour == "Morro Bay")
    }

    @Test func aGazetteerThatCannotLoadIsReportedNotFatal() {
        struct Broken: Error, CustomStringConvertible { var description: String { "gazetteer.bin is damaged" } }
        let interactor = WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: PlaceIndexProvider { throw Broken() })
        let near = interactor.placement(for: .add(index: 0)).searchContext
        #expect(interactor.lookUp("Mont", near: near) == .searchUnavailable("gazetteer.bin is damaged"))
        #expect(
            interactor.lookUp("36.28, -121.81", near: near)
                == .coordinate(CoordinatePlace(coordinate: Coordinate(latitude: 36.28, longitude: -121.81), nearest: nil)))
    }

    @Test func searchesAreMadeFromTheNeighboursOfTheStop() {
        let (monterey, bigSur, morroBay) = (Fixtures.monterey, Fixtures.bigSur, Fixtures.morroBay)
        let contexts: [(WaypointEditorMode, [Coordinate]?)] = [
            (.add(index: 0), [monterey]),
            (.add(index: 1), [monterey, bigSur]),
            (.add(index: 3), [morroBay]),
            (.edit(Fixtures.uuid(11)), [bigSur]),
            (.edit(Fixtures.uuid(12)), [monterey, morroBay]),
            (.edit(Fixtures.uuid(13)), [bigSur]),
        ]
        for (mode, points) in contexts {
            #expect(interactor.searchContext(for: mode)?.points == points, "\(mode)")
        }
        let places = FakePlaces(FakePlaces.california.places) // its own: it records the last search
        let searching = WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: .fixed(places))
        _ = searching.lookUp("Big", near: searching.placement(for: .add(index: 1)).searchContext)
        #expect(places.lastContext?.points == [monterey, bigSur])
        let empty = WaypointInteractor(tripID: Fixtures.empty.id, model: model, places: .fixed(places))
        _ = empty.lookUp("Big", near: empty.placement(for: .add(index: 0)).searchContext)
        #expect(places.lastContext == nil)
        // A trip without stops, on a map the user moved: around the map's centre.
        let centre = Coordinate(latitude: 45.5, longitude: -122.7)
        let moved = WaypointInteractor(tripID: Fixtures.empty.id, model: model, places: .fixed(places), mapCentre: centre)
        _ = moved.lookUp("Big", near: moved.placement(for: .add(index: 0)).searchContext)
        #expect(places.lastContext?.points == [centre])
        // Neighbours come first.
        #expect(
            WaypointInteractor(tripID: Fixtures.pacific.id, model: model, places: .fixed(places), mapCentre: centre)
                .searchContext(for: .add(index: 0))?.points == [Fixtures.monterey])
    }

    @Test func thePreviousStopOfEachMode() {
        #expect(interactor.previousStop(for: .add(index: 0)) == nil)
        #expect(interactor.previousStop(for: .add(index: 2))?.name == "Big Sur")
        #expect(interactor.previousStop(for: .add(index: 3))?.name == "Morro Bay")
        #expect(interactor.previousStop(for: .edit(Fixtures.pacific.stops[0].id)) == nil)
        #expect(interactor.previousStop(for: .edit(Fixtures.pacific.stops[2].id))?.name == "Big Sur")
    }

    @Test func thePlacementOfEachModeIsWhatTheEditorShows() {
        let (monterey, bigSur, morroBay) = (Fixtures.pacific.stops[0], Fixtures.pacific.stops[1], Fixtures.pacific.stops[2])
        #expect(
            interactor.placement(for: .add(index: 1))
                == WaypointPlacement(
                    tripName: "Pacific Drive", editedStop: nil, previousStop: monterey, stopNumber: 2,
                    searchContext: SearchContext([monterey.location, bigSur.location])))
        #expect(
            interactor.placement(for: .edit(morroBay.id))
                == WaypointPlacement(
                    tripName: "Pacific Drive", editedStop: morroBay, previousStop: bigSur, stopNumber: 3, searchContext: SearchContext([bigSur.location])))
    }

    @Test func insertAndUpdateAreUndoableChangesOfTheModel() throws {
        let stop = Stop(name: "Carmel", location: FakePlaces.carmel.coordinate, notes: "Beach")
        interactor.insertStop(stop, at: 1)
        #expect(model.trip(id: Fixtures.pacific.id)?.stops.map(\.name) == ["Monterey", "Carmel", "Big Sur", "Morro Bay"])
        var renamed = stop
        renamed.name = "Carmel-by-the-Sea"
        interactor.updateStop(renamed)
        #expect(model.undo() == "edit stop Carmel-by-the-Sea")
        #expect(model.undo() == "add stop Carmel")
        try model.save()
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.first?.stops.count == 3)
    }

    @Test func notesAreSavedInTheFile() throws {
        interactor.insertStop(Stop(name: "Carmel", location: FakePlaces.carmel.coordinate, notes: "Beach walk"), at: 1)
        try model.save()
        let text = try String(contentsOf: directory.file("trips.json"), encoding: .utf8)
        #expect(text.contains("\"notes\" : \"Beach walk\""))
    }
}
