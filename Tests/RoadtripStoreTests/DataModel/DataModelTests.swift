import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

@MainActor
@Suite struct DataModelTests {
    /// The models' clock: the autosave tests move it by hand.
    let clock = TestClock()

    private func makeModel(in directory: TemporaryDirectory, seed: [Trip] = Fixtures.trips) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json")), now: clock.read, runner: ManualRunner())
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
        #expect(
            received == [
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
        #expect(try model.autosaveToTheEnd() == nil)
        #expect(!model.isSaving)
        clock.advance(by: DataModel.autosaveDelay + 0.01)
        #expect(try model.autosaveToTheEnd() == .saved)
        #expect(!model.hasUnsavedChanges)
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.first?.name == "Coast")
        clock.advance(by: 10)
        #expect(try model.autosaveToTheEnd() == nil)
        #expect(!model.isSaving)
    }

    @Test func aCorruptFileIsNeitherLoadedNorTouched() throws {
        let directory = try TemporaryDirectory()
        let corrupt = "{\"version\": 1, \"trips\": [\n  {\"id\": \"x\""
        let url = try directory.write(corrupt, to: "trips.json")
        let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        #expect(throws: DataFileError.self) { try model.load { Fixtures.trips } }
        #expect(try String(contentsOf: url, encoding: .utf8) == corrupt)
        // Nothing but the writer's lock beside it (FileLock): no temporary file, no copy.
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
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

    // MARK: Files a save must not replace

    @Test func aReadOnlyFileOpensReadOnlyAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(Fixtures.iOSFile, to: "trips.json")
        chmod(url.path, 0o444)
        let model = try makeModel(in: directory)
        #expect(model.readOnlyReason == "the file is read-only (mode 444); make it writable (chmod u+w) to save it")
        model.addTrip(Trip(name: "Refused"))
        #expect(model.trips.count == 1)
    }

    @Test func aHardLinkedFileOpensReadOnlyAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(Fixtures.iOSFile, to: "trips.json")
        #expect(link(url.path, directory.file("shared.json").path) == 0)
        let model = try makeModel(in: directory)
        #expect(model.readOnlyReason?.hasPrefix("it has 1 other hard link") == true)
    }

    @Test func aFirstRunThatCannotCreateTheFileSaysSoWithoutMentioningChanges() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("a file", to: "data")
        let model = DataModel(store: TripFileStore(url: directory.file("data/roadtrip/trips.json")), runner: ManualRunner())
        let error = #expect(throws: DataFileError.self) { try model.load { Fixtures.trips } }
        #expect(
            error?.description == "Cannot create \(directory.file("data/roadtrip/trips.json").path): \(directory.file("data").path) is a file, not a folder.")
    }

    // MARK: When the file cannot be saved

    @Test func aCopyHoldsTheChangesAndLeavesTheFileAndTheSavedStateAlone() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.addTrip(Trip(name: "Unsaved"))
        let before = try Data(contentsOf: directory.file("trips.json"))
        try model.saveCopy(to: directory.file("elsewhere/copy.json"))
        #expect(try TripFileStore(url: directory.file("elsewhere/copy.json")).read()?.trips.first?.name == "Unsaved")
        #expect(try Data(contentsOf: directory.file("trips.json")) == before)
        #expect(model.hasUnsavedChanges)
        #expect(throws: DataFileError.self) { try model.saveCopy(to: directory.file("elsewhere/copy.json")) }
    }

    @Test func aRecoveryCopyGoesBesideTheFileElseIntoTheStateFolder() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.addTrip(Trip(name: "Unsaved"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let environment = ["XDG_STATE_HOME": directory.file("state").path]
        let first = try model.saveRecoveryCopy(environment: environment, now: now)
        #expect(first.deletingLastPathComponent().path == directory.url.path)
        #expect(first.lastPathComponent == "trips.json.recovered-\(RecoveryFile.timestamp(now))")
        // The name beside it is taken now: the next copy of the same second goes to the state folder.
        let second = try model.saveRecoveryCopy(environment: environment, now: now)
        #expect(second.path == directory.file("state/roadtrip/\(first.lastPathComponent)").path)
        #expect(try TripFileStore(url: second).read()?.trips.first?.name == "Unsaved")
    }

    @Test func aFailedAutosaveIsRetriedAfterTheNextChangeOrAWhile() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory)
        model.addTrip(Trip(name: "Unsaved"))
        try Data("{".utf8).write(to: directory.file("trips.json"))
        clock.advance(by: DataModel.autosaveDelay + 1)
        #expect(throws: DataFileError.self) { try model.autosaveToTheEnd() }
        clock.advance(by: 1)
        #expect(try model.autosaveToTheEnd() == nil)
        #expect(!model.isSaving)
        try TripFile(trips: []).encoded().write(to: directory.file("trips.json"))
        clock.advance(by: AutosaveSchedule.retryDelay)
        #expect(try model.autosaveToTheEnd() != nil)
    }

    // MARK: Issue 52, item 12: a change that would make the file larger than the program reads

    /// A model whose store takes files of at most `byteLimit` bytes, seeded with the fixtures.
    private func makeModel(in directory: TemporaryDirectory, byteLimit: Int) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json"), byteLimit: byteLimit), now: clock.read, runner: ManualRunner())
        try model.load { Fixtures.trips }
        return model
    }

    /// A trip of `count` stops: about 200 bytes each in the file.
    private func longTrip(_ count: Int) -> Trip {
        Trip(name: "Long", stops: (0..<count).map { Stop(name: "Stop \($0)", location: Coordinate(latitude: 45, longitude: Double($0) / 100)) })
    }

    @Test func aChangeThatMakesTheFileTooLargeIsRefusedBySaveAndAutosaveAndKept() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory, byteLimit: 8192)
        let before = try Data(contentsOf: directory.file("trips.json"))
        model.addTrip(longTrip(100))
        let refused = #expect(throws: DataFileError.self) { try model.save() }
        #expect(refused?.description.hasPrefix("Cannot save \(directory.file("trips.json").path): it would be ") == true, "\(String(describing: refused))")
        #expect(
            refused?.description.hasSuffix(", and a trips file may be at most 8 KB; it was not written. Your changes are still in memory.") == true,
            "\(String(describing: refused))")
        clock.advance(by: AutosaveSchedule.retryDelay) // the autosave tries again after the failed save
        #expect(throws: DataFileError.self) { try model.autosaveToTheEnd() }
        #expect(model.hasUnsavedChanges && model.trips.first?.name == "Long")
        #expect(try Data(contentsOf: directory.file("trips.json")) == before)
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])

        // Undone, the trips fit again and are saved.
        model.undo()
        try model.save()
        #expect(!model.hasUnsavedChanges)
    }

    /// A recovery copy is a trips file the user is told to open: no larger than one may be.
    @Test func aCopyTooLargeToOpenIsNotWritten() throws {
        let directory = try TemporaryDirectory()
        let model = try makeModel(in: directory, byteLimit: 8192)
        model.addTrip(longTrip(100))
        let copy = directory.file("copy.json")
        let refused = #expect(throws: DataFileError.self) { try model.saveCopy(to: copy) }
        #expect(refused?.description.contains("Cannot save \(copy.path): it would be ") == true, "\(String(describing: refused))")
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(model.hasUnsavedChanges)
    }
}
