import Foundation
@testable import RoadtripCore
import RoadtripStore
import RoadtripStoreTestSupport
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// The edits of a trip through the use case itself, on a real model: what it holds after, what
/// `u` says and undoes, and what is saved.
@MainActor
@Suite struct EditTripTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let edit: EditTrip

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        edit = EditTrip(Fixtures.pacific.id, in: model)
    }

    private var stops: [String] { edit.trip?.stops.map(\.name) ?? [] }

    @Test func renamesTypedKeyByKeyAreUndoneAsOne() throws {
        try edit.rename(to: "P", session: "typing")
        try edit.rename(to: "Pa", session: "typing")
        #expect(edit.trip?.name == "Pa")
        #expect(model.undo() == "rename trip Pacific Drive")
        #expect(edit.trip?.name == "Pacific Drive")
        #expect(!model.canUndo)
    }

    /// Issue 57, item 2: only `roadtrip rename` refused another trip's name; the planner's `r`
    /// made a second “Alpine Loop”. The use case refuses, for both.
    @Test func aNameAnotherTripHasInAnyCaseIsRefusedWithOneThatIsFree() throws {
        #expect(edit.refusal(ofName: "alpine loop") == NameInUse(name: "alpine loop", suggestion: "alpine loop (2)", change: .renaming))
        #expect(edit.refusal(ofName: "Pacific Drive") == nil) // its own name
        #expect(edit.refusal(ofName: "Highway 1") == nil)
        #expect(throws: NameInUse.self) { try edit.rename(to: "ALPINE LOOP") }
        #expect(edit.trip?.name == "Pacific Drive" && !model.canUndo)
        #expect(
            "\(NameInUse(name: "x", suggestion: "x (2)", change: .renaming))"
                == "Another trip is named “x” already; nothing was renamed. Give another name, such as “x (2)”.")
    }

    /// The planner's `a` and `roadtrip new`: one rule, one sentence; `--force` takes the free name.
    @Test func aNewTripTakesAFreeNameOrIsRefused() throws {
        let add = AddTrip(to: model)
        #expect(add.offeredName == "New Trip")
        let first = try add.add(Trip(name: "New Trip"))
        #expect(add.offeredName == "New Trip (2)")
        let refusal = NameInUse(name: "new trip", suggestion: "new trip (2)", change: .adding)
        #expect(throws: refusal) { try add.add(Trip(name: "new trip")) }
        #expect("\(refusal)" == "A trip is named “new trip” already: give the new trip another name, such as “new trip (2)”.")
        let (forced, spared) = add.addRenamingIfInUse(Trip(name: "New Trip"))
        #expect(forced.name == "New Trip (2)" && spared?.suggestion == "New Trip (2)")
        #expect(model.trips.prefix(2).map(\.id) == [forced.id, first.id])
    }

    /// A copy of a copy, or a second copy, is not a second trip of one name.
    @Test func aCopyTakesAFreeName() throws {
        let copies = [edit.duplicate(), edit.duplicate()].compactMap { $0?.name }
        #expect(copies == ["Pacific Drive (copy)", "Pacific Drive (copy) (2)"])
    }

    @Test func theSettingsAreOneChange() throws {
        var settings = Fixtures.pacific.settings
        settings.dailyLimitHours = 3
        edit.changeSettings(to: settings)
        #expect(edit.trip?.settings.dailyLimitHours == 3)
        _ = try model.save()
        let saved = try #require(try TripFileStore(url: model.store.url).read())
        #expect(saved.trips.first { $0.id == Fixtures.pacific.id }?.settings.dailyLimitHours == 3)
        #expect(model.undo() == "change the settings")
    }

    @Test func stopsAreAddedMovedChangedAndRemovedEachOneUndoableChange() {
        edit.insertStop(Stop(name: "Carmel", location: Coordinate(latitude: 36.5552, longitude: -121.9233)), at: 1)
        #expect(stops == ["Monterey", "Carmel", "Big Sur", "Morro Bay"])
        #expect(edit.moveStop(id: Fixtures.pacific.stops[2].id, by: -4) == false)
        #expect(edit.moveStop(id: Fixtures.pacific.stops[2].id, by: -2))
        #expect(stops == ["Monterey", "Morro Bay", "Carmel", "Big Sur"])
        var bigSur = Fixtures.pacific.stops[1]
        bigSur.notes = "Bixby Bridge"
        edit.updateStop(bigSur)
        #expect(edit.trip?.stops.last?.notes == "Bixby Bridge")
        edit.removeStop(id: Fixtures.pacific.stops[0].id)
        #expect(stops == ["Morro Bay", "Carmel", "Big Sur"])
        #expect(
            [model.undo(), model.undo(), model.undo(), model.undo()] == ["delete stop Monterey", "edit stop Big Sur", "move stop Morro Bay", "add stop Carmel"])
        #expect(model.trips == Fixtures.trips)
    }

    @Test func theTripIsReversedCopiedAndDeleted() {
        edit.reverseStops()
        #expect(stops == ["Morro Bay", "Big Sur", "Monterey"])
        let copy = edit.duplicate()
        #expect(model.trips.map(\.id) == [Fixtures.pacific.id, copy?.id, Fixtures.alps.id, Fixtures.empty.id])
        edit.delete()
        #expect(edit.trip == nil)
        #expect(model.trips.map(\.name) == [copy?.name, "Alpine Loop", "Someday"])
    }

    @Test func theFirstStopsTimeZoneIsThePlacesNearestIt() {
        #expect(edit.firstStopTimeZone(places: .fixed(FakePlaces.california)) == "America/Los_Angeles")
        #expect(edit.firstStopTimeZone(places: .unavailable) == nil)
        #expect(EditTrip(Fixtures.empty.id, in: model).firstStopTimeZone(places: .fixed(FakePlaces.california)) == nil)
    }
}
