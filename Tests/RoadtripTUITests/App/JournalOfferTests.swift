import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The question about a journal left behind (issue 34): it says what the journal changes, trip by
/// trip, and whether the file changed since, in which case only those changes are restored.
@MainActor
@Suite struct JournalOfferTests {
    let directory: TemporaryDirectory
    var url: URL { directory.file("trips.json") }

    init() throws {
        directory = try TemporaryDirectory()
        _ = try DataModel.loaded(with: Fixtures.trips, in: directory) // the file; the lock goes with the model
    }

    /// A journal that renames the Alps, made to the file as it is now.
    private func leaveJournal() throws {
        var ours = Fixtures.trips
        ours[1].name = "Journal Alps"
        let snapshot = try #require(try TripFileStore(url: url).load())
        _ = try JournalTail.start(base: snapshot.fingerprint, baseTrips: snapshot.file.trips, trips: ours, for: url)
    }

    /// The restore the next planner is offered.
    private func offered() throws -> JournalRestore {
        let model = try DataModel.loaded(with: [], in: directory)
        return try #require({ if case .restorable(let restore)? = model.pendingJournal { restore } else { nil } }())
    }

    @Test func onAnUnchangedFileItAsksToRestoreTheChangesItNames() throws {
        try leaveJournal()
        let restore = try offered()
        #expect(JournalOffer.question(restore).hasSuffix("without saving its last changes. Restore them?"))
        #expect(JournalOffer.details(restore) == ["Renames “Alpine Loop” to “Journal Alps”."])
    }

    @Test func onAFileChangedSinceItSaysOnlyItsChangesAreRestoredAndWhatBothChanged() throws {
        try leaveJournal()
        do { // a command after the crash
            let command = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
            try command.load(seed: nil)
            command.renameTrip(id: Fixtures.alps.id, to: "Command Alps")
            try command.save()
        }
        let restore = try offered()
        #expect(
            JournalOffer.question(restore).hasSuffix(
                "and the file has been changed since by something else. Restore only those changes, onto the file as it is now?"))
        #expect(
            JournalOffer.details(restore) == [
                "Renames “Alpine Loop” to “Journal Alps”.",
                "“Journal Alps” was changed on both sides: both versions are kept.",
            ])
    }

    @Test func aChangeCutShortAsThePlannerEndedIsSaidToBeLeftOut() throws {
        try leaveJournal()
        // The planner died while appending its next change: the start of its record.
        let handle = try FileHandle(forWritingTo: TripJournal.url(for: url))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"formers\":[],\"hash\":".utf8))
        try handle.close()
        let restore = try offered()
        #expect(
            JournalOffer.details(restore) == [
                "Renames “Alpine Loop” to “Journal Alps”.",
                "Its last change was cut short as it ended, and is left out.",
            ])
    }
}
