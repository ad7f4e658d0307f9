import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// How far the model's changes are kept on disk (issue 52, case 11): routing waits for it, so a
/// crash in routing never takes a typed change with it.
@MainActor
struct ChangesOnDiskTests {
    let runner = ManualRunner()

    func model(in directory: TemporaryDirectory) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json")), runner: runner)
        try model.load { Fixtures.trips }
        return model
    }

    /// Counted before the screens hear of it: the legs a screen asks for on hearing of a change
    /// wait for that change.
    @Test func aChangeIsCountedBeforeTheScreensHearOfIt() throws {
        let directory = try TemporaryDirectory()
        let model = try model(in: directory)
        var heard: [Int] = []
        let subscription = model.tripChanges.dropFirst().sink { _ in heard.append(model.changesOnDisk.current) }
        defer { subscription.cancel() }
        model.renameTrip(id: Fixtures.trips[0].id, to: "Renamed")
        #expect(heard == [1])
    }

    /// A change is kept once its journal write has ended, on the journal's thread, not before;
    /// when no journal is kept of it (everything saved), at once.
    @Test func aChangeIsKeptOnceItsJournalIsWritten() throws {
        let directory = try TemporaryDirectory()
        let model = try model(in: directory)
        let onDisk = model.changesOnDisk
        model.renameTrip(id: Fixtures.trips[0].id, to: "Renamed")
        model.keepJournal()
        #expect(runner.queuedNames == ["journal"])
        #expect(!onDisk.waitUntilKept(1, patience: 0), "not before the journal is written")
        runner.runNext()
        #expect(onDisk.waitUntilKept(1, patience: 0))
        #expect(FileManager.default.fileExists(atPath: TripJournal.url(for: directory.file("trips.json")).path))
        runner.runAll()
        _ = try model.save()
        model.renameTrip(id: Fixtures.trips[0].id, to: "Again")
        _ = try model.save()
        model.keepJournal()
        #expect(onDisk.waitUntilKept(2, patience: 0), "saved: nothing to journal, nothing to wait for")
    }
}
