import Foundation
@preconcurrency import OpenCombine
import Testing
@testable import RoadtripKit

@MainActor
@Suite struct DataModelTests {
    private func makeModel(in directory: TemporaryDirectory, seed: [Trip] = Fixtures.trips) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json")))
        try model.load { seed }
        return model
    }

    @Test func firstRunSeedsAndWritesTheFile() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        #expect(model.trips == Fixtures.trips)
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips == Fixtures.trips)
        #expect(!model.hasUnsavedChanges)
    }

    @Test func anExistingFileIsLoadedNotSeeded() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(Fixtures.iOSFile, to: "trips.json")
        let model = try makeModel(in: directory)
        #expect(model.trips.map(\.name) == ["Pacific Drive"])
    }

    @Test func changesRoundTripThroughTheFile() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        let added = model.addTrip(Trip(name: "Fresh"))
        model.renameTrip(id: Fixtures.alps.id, to: "Alps")
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(model.hasUnsavedChanges)
        try model.save()
        let reloaded = try makeModel(in: directory, seed: [])
        #expect(reloaded.trips.map(\.name) == ["Fresh", "Pacific Drive", "Alps"])
        #expect(reloaded.trips.first?.id == added.id)
    }

    @Test func publishesEveryChange() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        var received: [[String]] = []
        let subscription = model.$trips.sink { received.append($0.map(\.name)) }
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        model.deleteTrip(id: Fixtures.empty.id)
        subscription.cancel()
        #expect(received == [
            ["Pacific Drive", "Alpine Loop", "Someday"],
            ["Coast", "Alpine Loop", "Someday"],
            ["Coast", "Alpine Loop"],
        ])
    }

    @Test func changesThatChangeNothingAreNotChanges() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.renameTrip(id: Fixtures.pacific.id, to: "Pacific Drive")
        model.deleteTrip(id: UUID())
        #expect(!model.hasUnsavedChanges)
    }

    @Test func autosaveWaitsForChangesToSettle() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        #expect(try model.saveIfDue(now: Date()) == nil)
        #expect(try model.saveIfDue(now: Date().addingTimeInterval(DataModel.autosaveDelay + 0.01)) == .saved)
        #expect(!model.hasUnsavedChanges)
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.first?.name == "Coast")
        #expect(try model.saveIfDue(now: Date().addingTimeInterval(10)) == nil)
    }

    @Test func reloadReadsTheFileAgain() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.deleteTrip(id: Fixtures.pacific.id)
        try model.reload()
        #expect(model.trips == Fixtures.trips)
        #expect(!model.hasUnsavedChanges)
    }

    @Test func aCorruptFileIsNeitherLoadedNorTouched() throws {
        let directory = try TemporaryDirectory()
        let corrupt = "{\"version\": 1, \"trips\": [\n  {\"id\": \"x\""
        let url = try directory.write(corrupt, to: "trips.json")
        let model = DataModel(store: TripFileStore(url: url))
        #expect(throws: DataFileError.self) { try model.load { Fixtures.trips } }
        #expect(try String(contentsOf: url, encoding: .utf8) == corrupt)
        // Nothing but the writer's lock beside it (FileLock): no temporary file, no copy.
        #expect(directory.fileNames == ["trips.json", "trips.json.lock"])
        #expect(model.trips.isEmpty)
    }

    @Test func savingKeepsUnknownFields() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(#"{"version": 1, "future": true, "trips": []}"#, to: "trips.json")
        let model = try makeModel(in: directory)
        model.addTrip(Trip(name: "X"))
        try model.save()
        let text = try String(contentsOf: directory.file("trips.json"), encoding: .utf8)
        #expect(text.contains("\"future\" : true"))
    }

    @Test func savedBytesAreDeterministic() throws {
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        _ = try makeModel(in: first)
        _ = try makeModel(in: second)
        #expect(try Data(contentsOf: first.file("trips.json")) == Data(contentsOf: second.file("trips.json")))
    }
}
