import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// What a missing data file starts as: the planner's sample trips, or, for the command line,
/// nothing at all until something is saved.
@MainActor
@Suite struct FirstRunTests {
    @Test func withoutASeedAMissingFileIsNoTripsAndNothingWritten() throws {
        let directory = try TemporaryDirectory()
        for locking in [false, true] {
            let model = DataModel(store: TripFileStore(url: directory.file("trips.json")), runner: ManualRunner())
            try model.load(locking: locking, seed: nil)
            #expect(model.trips.isEmpty)
            #expect(model.startedWithoutFile)
            #expect(!model.hasUnsavedChanges)
            #expect(!directory.fileNames.contains("trips.json"), "locking: \(locking)")
        }
    }

    @Test func theFirstSaveCreatesTheFileWithOnlyWhatWasAdded() throws {
        let directory = try TemporaryDirectory()
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json")), runner: ManualRunner())
        try model.load(seed: nil)
        model.addTrip(Trip(name: "Only"))
        try model.save()
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.map(\.name) == ["Only"])
    }

    @Test func openChoosesWhatAFirstRunStartsWith() throws {
        let directory = try TemporaryDirectory()
        let empty = try DataModel.open(directory.file("a.json"), environment: [:], runner: ManualRunner())
        #expect(empty.trips.isEmpty && empty.startedWithoutFile)
        #expect(!directory.fileNames.contains("a.json"))
        let samples = try DataModel.open(directory.file("b.json"), environment: [:], firstRun: .sampleTrips, runner: ManualRunner())
        #expect(samples.trips.count == 5)
        #expect(directory.fileNames.contains("b.json"))
        let again = try DataModel.open(directory.file("b.json"), environment: [:], runner: ManualRunner())
        #expect(!again.startedWithoutFile && again.trips.count == 5)
    }
}
