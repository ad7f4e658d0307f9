import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The planner's load in two stages (`DataModel.load(showingFirst:seed:)`): the file's first
/// trips at once, the whole file off the main loop. The model's runner is a manual one, so the
/// read runs when the test says.
@MainActor
@Suite struct FirstTripsLoadTests {
    let directory: TemporaryDirectory
    let runner = ManualRunner()
    var url: URL { directory.file("trips.json") }
    static let text = LargeTripsFile.text(trips: 120, stops: 100)

    init() throws {
        directory = try TemporaryDirectory()
        try Data(Self.text.utf8).write(to: url)
    }

    /// A model on the file, its first trips shown and the whole read queued.
    private func startLoading() throws -> (DataModel, first: [Trip]) {
        let model = DataModel(store: TripFileStore(url: url), runner: runner)
        let first = try #require(model.store.firstTrips())
        model.load(showingFirst: first, seed: nil)
        #expect(runner.queuedNames.isEmpty, "the whole read waits for readWholeFile")
        model.readWholeFile()
        model.readWholeFile()
        return (model, first)
    }

    @Test func theFirstTripsShowAtOnceAndTheWholeFileOnceRead() throws {
        let (model, first) = try startLoading()
        #expect(model.trips == first)
        #expect(model.isReading)
        #expect(runner.queuedNames == ["read-trips"])
        runner.runAll()
        #expect(!model.isReading && model.reading == nil)
        #expect(model.trips.map(\.id) == (0..<120).map(LargeTripsFile.tripID))
        #expect(!model.canUndo && !model.hasUnsavedChanges)
    }

    @Test func nothingChangesTheTripsWhileTheFileIsRead() throws {
        let (model, first) = try startLoading()
        model.addTrip(Trip(name: "Too soon"))
        model.renameTrip(id: first[0].id, to: "Too soon")
        model.deleteTrip(id: first[1].id)
        #expect(model.trips == first)
        #expect(!model.hasUnsavedChanges && !model.canUndo)
        runner.runAll()
        model.addTrip(Trip(name: "Now"))
        #expect(model.trips.count == 121 && model.hasUnsavedChanges)
    }

    @Test func aFileThatFailsToParseGivesTheUsualErrorAndIsLeftAsItIs() throws {
        let broken = Data(Self.text.dropLast(2).utf8) + Data(",]}".utf8)
        try broken.write(to: url)
        let expected = #expect(throws: DataFileError.self) { try DataModel.open(url, environment: [:], forWriting: true, runner: ManualRunner()) }
        let (model, _) = try startLoading()
        runner.runAll()
        guard case .failed(let error)? = model.reading else {
            Issue.record("the read did not fail")
            return
        }
        #expect(error as? DataFileError == expected)
        #expect(try Data(contentsOf: url) == broken)
        // Nothing written beside it but the locks, as when the file is read in one stage.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    @Test func theJournalsLockIsTakenBeforeTheRead() throws {
        let (model, _) = try startLoading()
        let second = try DataModel.open(url, environment: [:], forWriting: true, runner: ManualRunner())
        #expect(!second.isReadOnly, "a second writer is a full writer (issue 55)")
        #expect(!second.takeOverJournal() && second.pendingJournal == nil, "the first keeps the journal")
        runner.runAll()
        #expect(!model.isReadOnly)
    }

    @Test func aJournalLeftBehindIsFoundOnceTheFileIsRead() throws {
        do {
            // A planner that "crashes" once its journal is written: nothing saved, its lock gone with it.
            let crashed = DataModel(store: TripFileStore(url: url), runner: runner)
            try crashed.load(seed: nil)
            crashed.renameTrip(id: LargeTripsFile.tripID(0), to: "Renamed")
            crashed.keepJournal()
            runner.runAll()
        }
        let (model, _) = try startLoading()
        #expect(model.pendingJournal == nil, "looked for once the file is read, as the journal applies to it")
        runner.runAll()
        guard case .restorable(let restore)? = model.pendingJournal else {
            Issue.record("the journal was not found")
            return
        }
        #expect(restore.trips.first?.name == "Renamed")
    }

    @Test func aFileOfANewerVersionIsReadOnlyOnceRead() throws {
        try Data(Self.text.replacingOccurrences(of: #"{"version":1,"#, with: #"{"version":2,"#).utf8).write(to: url)
        let (model, _) = try startLoading()
        runner.runAll()
        #expect(model.readOnlyReason?.contains("newer roadtrip (file version 2") == true)
    }
}
