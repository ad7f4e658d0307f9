import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The journal of unsaved changes (issue 21): written at once after a change, gone once saved,
/// offered back when a planner ended without saving, never written through a link.
@MainActor
@Suite struct TripJournalTests {
    let directory: TemporaryDirectory
    var url: URL { directory.file("trips.json") }
    var journal: URL { TripJournal.url(for: url) }

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func open() throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        try model.load { Fixtures.trips }
        return model
    }

    @Test func aChangeIsJournaledAtOnceAndTheJournalGoesOnceSaved() throws {
        let model = try open()
        model.addTrip(Trip(name: "Unsaved"))
        model.keepJournal()
        #expect(model.manualRunner.queuedNames == ["journal"] && TripJournal.find(for: url) == nil)
        model.closeJournal() // runs the write on its way; the change is not saved, so it stays
        #expect(TripJournal.find(for: url)?.file.trips.first?.name == "Unsaved")
        try model.save()
        model.keepJournal()
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func theNextPlannerIsOfferedTheJournalAndRestoresItAsOneChange() throws {
        var first: DataModel? = try open()
        first?.addTrip(Trip(name: "Unsaved"))
        first?.keepJournal()
        first?.manualRunner.runAll() // the write, as a crash right after it would leave it
        first = nil // "crashes": nothing saved
        let second = try open()
        let found = try #require(second.leftJournal())
        second.restoreJournal(found)
        #expect(second.trips.first?.name == "Unsaved")
        #expect(second.undo() != nil)
        #expect(second.trips.first?.name != "Unsaved")
    }

    @Test func aJournalThatSaysNothingNewIsRemovedSilently() throws {
        let model = try open()
        try TripFileStore(url: journal).write(TripFile(trips: model.trips))
        #expect(model.leftJournal() == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func aLinkInTheJournalsPlaceIsNeverWrittenThrough() throws {
        let victim = try directory.write("precious", to: "victim.txt")
        #expect(symlink(victim.path, journal.path) == 0)
        #expect(throws: DataFileError.self) { try TripJournal.write(TripFile(trips: []), for: url) }
        TripJournal.remove(for: url)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(FileManager.default.fileExists(atPath: journal.path)) // the link is left alone too
    }
}
