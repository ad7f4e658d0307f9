import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The interactor on a real DataModel over a temporary file.
@MainActor
@Suite struct TripListInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let interactor: TripListInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        interactor = TripListInteractor(model: model, services: .offScreen)
    }

    private func savedNames() throws -> [String] {
        try TripFileStore(url: directory.file("trips.json")).read()?.trips.map(\.name) ?? []
    }

    @Test func publishesTheModelsTripsWithWhatChanged() {
        var latest: [Trip] = []
        var changes: [TripsChange?] = []
        let subscription = interactor.trips.sink { update in
            latest = update.trips
            changes.append(update.change)
        }
        #expect(latest == Fixtures.trips)
        let place = Fixtures.trips.firstIndex { $0.id == Fixtures.empty.id }!
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(latest.count == 2)
        // First the trips as they are (nothing to update yet), then the one trip gone.
        #expect(changes == [nil, TripsChange(trips: RunChange(head: place, tail: 2 - place, oldCount: 3, newCount: 2), stops: [:])])
        subscription.cancel()
    }

    @Test func addPutsANewTripWithItsNameAtTheTop() throws {
        let trip = try interactor.addTrip(named: "Lofoten by van")
        #expect(trip.name == "Lofoten by van")
        #expect(trip.stops.isEmpty)
        #expect(model.trips.first == trip)
        _ = try interactor.save()
        #expect(try savedNames() == ["Lofoten by van", "Pacific Drive", "Alpine Loop", "Someday"])
    }

    @Test func renameChangesOnlyTheName() throws {
        try interactor.renameTrip(id: Fixtures.pacific.id, to: "Big Sur Coast")
        #expect(model.trips[0].name == "Big Sur Coast")
        #expect(model.trips[0].stops == Fixtures.pacific.stops)
    }

    @Test func deleteRemovesTheTrip() throws {
        interactor.deleteTrip(id: Fixtures.alps.id)
        _ = try interactor.save()
        #expect(try savedNames() == ["Pacific Drive", "Someday"])
    }

    @Test func saveReturnsThePathAndTheFileHasTheChanges() throws {
        try interactor.renameTrip(id: Fixtures.alps.id, to: "Alps")
        #expect(try interactor.save() == directory.file("trips.json").path)
        #expect(try savedNames() == ["Pacific Drive", "Alps", "Someday"])
    }

    /// The copy's name and ids are the trip's rule (`TripEditingTests`); here, where it goes and its undo.
    @Test func aCopyGoesJustAfterTheTripAndIsOneUndo() throws {
        let copy = try #require(interactor.duplicateTrip(id: Fixtures.pacific.id))
        #expect(copy.name == "Pacific Drive (copy)")
        #expect(model.trips[1] == copy)
        #expect(model.trips.map(\.name) == ["Pacific Drive", "Pacific Drive (copy)", "Alpine Loop", "Someday"])
        #expect(model.undo() == "add trip Pacific Drive (copy)")
        #expect(model.trips == Fixtures.trips)
    }

    @Test func reverseIsOneUndo() throws {
        interactor.reverseStops(ofTrip: Fixtures.pacific.id)
        #expect(model.trips[0].stops.map(\.name) == ["Morro Bay", "Big Sur", "Monterey"])
        _ = try interactor.save()
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips[0].stops.first?.name == "Morro Bay")
        _ = model.undo()
        #expect(model.trips == Fixtures.trips)
    }
}
