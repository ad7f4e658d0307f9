import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import BackgroundWork
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Writers of one file (issue 55): the lock for the moment of a write, each following the
/// other's saves, and merging a change made underneath instead of overwriting it.
@MainActor
@Suite struct SharedFileTests {
    let directory: TemporaryDirectory
    var url: URL { directory.file("trips.json") }

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func open() throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        try model.load { Fixtures.trips }
        return model
    }

    /// What the planner's loop does to follow the file: a look (a `stat`), the read off the loop
    /// when the file changed, then the merge.
    private func follow(_ model: DataModel) -> FileNews? {
        if let news = model.followFile() { return news }
        model.manualRunner.runAll()
        return model.followFile()
    }

    /// Another program's edit: read the file, change it, write it back (as an editor would).
    private func editOnDisk(_ change: (inout [Trip]) -> Void) throws {
        let store = TripFileStore(url: url)
        var file = try #require(try store.read())
        change(&file.trips)
        // A different modification time for sure, whatever the file system's resolution.
        try store.write(file)
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url.path)
    }

    /// Issue 55: a second planner is a full writer; each follows the other's saves.
    @Test func twoWritersEachSaveAndEachFollowsTheOther() throws {
        let first = try open()
        let second = try open()
        #expect(!first.isReadOnly && !second.isReadOnly)
        #expect(follow(second) == nil) // nothing happened yet
        first.addTrip(Trip(name: "Theirs"))
        try first.save()
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
        let news = try #require(follow(second))
        #expect(news.sentence.hasSuffix("Theirs” added from another window.") || news.sentence.hasSuffix("Theirs\" added from another window."))
        #expect(second.trips.first?.name == "Theirs" && !second.hasUnsavedChanges)
        second.renameTrip(id: Fixtures.alps.id, to: "Alps (second)")
        #expect(try second.save() == .saved, "it read the first's save already")
        #expect(try #require(try TripFileStore(url: url).read()).trips.map(\.name) == ["Theirs", "Pacific Drive", "Alps (second)", "Someday"])
        #expect(follow(first) != nil)
        #expect(first.trips.map(\.name) == ["Theirs", "Pacific Drive", "Alps (second)", "Someday"])
    }

    /// A planner's own unsaved edit stays when another writer's save is merged in, and is saved next.
    @Test func anUnsavedEditSurvivesFollowingTheFile() throws {
        let model = try open()
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast (unsaved)")
        try editOnDisk { trips in
            trips[0].stops.append(Stop(name: "Carmel", location: Coordinate(latitude: 36.55, longitude: -121.92)))
            trips.append(Trip(name: "Theirs"))
        }
        let news = try #require(follow(model))
        #expect(news.sentence.hasPrefix("Carmel added to ") && news.sentence.hasSuffix(" and 1 more change from another window."))
        #expect(model.trips.map(\.name) == ["Coast (unsaved)", "Alpine Loop", "Someday", "Theirs"])
        #expect(model.trips[0].stops.last?.name == "Carmel")
        #expect(model.hasUnsavedChanges)
        #expect(try model.save() == .saved)
        let saved = try #require(try TripFileStore(url: url).read()).trips
        #expect(saved.map(\.name) == ["Coast (unsaved)", "Alpine Loop", "Someday", "Theirs"] && saved[0].stops.last?.name == "Carmel")
    }

    /// The journal is kept by one planner at a time; the next takes it over when that one quits.
    @Test func theJournalGoesToTheNextPlannerWhenItsKeeperQuits() throws {
        func planner() throws -> DataModel {
            let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
            try model.load { Fixtures.trips }
            return model
        }
        var first: DataModel? = try planner()
        let second = try planner()
        #expect(first != nil)
        second.addTrip(Trip(name: "Mine"))
        second.keepJournal()
        #expect(second.manualRunner.queuedNames.isEmpty, "the first keeps the journal")
        #expect(!second.takeOverJournal())
        first = nil // quits: the kernel drops its journal's lock
        #expect(!second.takeOverJournal(), "it left no journal: nothing to offer")
        second.keepJournal()
        #expect(second.manualRunner.queuedNames == ["journal"], "the second keeps it now")
    }

    /// Saves wait for another writer's moment with the lock, then go on.
    @Test func aWriteWaitsForTheLockOfAnother() throws {
        let holder = Held()
        if case .acquired(let lock) = FileLock.acquire(for: url) { holder.lock = lock }
        #expect(holder.lock != nil)
        #expect({ if case .heldByAnother = FileLock.acquire(for: url, waiting: 0.05) { true } else { false } }())
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { holder.lock = nil }
        // The patience only guards against a hang: the lock is let go a tenth of a second in.
        guard case .acquired = FileLock.acquire(for: url, waiting: 60) else {
            Issue.record("the lock was not taken once let go")
            return
        }
    }

    @Test func anUnchangedFileIsSimplySaved() throws {
        let model = try open()
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        #expect(try model.save() == .saved)
    }

    @Test func changesMadeUnderneathAreMergedNotOverwritten() throws {
        let model = try open()
        try editOnDisk { trips in
            trips.append(Trip(name: "Theirs"))
            trips[1].name = "Alps (renamed elsewhere)"
        }
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast (renamed here)")
        #expect(try model.save() == .merged(conflicts: []))
        let saved = try #require(try TripFileStore(url: url).read()).trips.map(\.name)
        #expect(saved == ["Coast (renamed here)", "Alps (renamed elsewhere)", "Someday", "Theirs"])
        #expect(model.trips.map(\.name) == saved)
    }

    @Test func aTripChangedOnBothSidesIsMergedAndTheConflictSaid() throws {
        let model = try open()
        try editOnDisk {
            $0[0].name = "Their name"; $0[0].stops[0].notes = "Theirs"
        }
        model.renameTrip(id: Fixtures.pacific.id, to: "Our name")
        guard case .merged(let conflicts) = try model.save() else {
            Issue.record("not merged")
            return
        }
        #expect(conflicts.count == 1 && conflicts[0].contains("renamed on both sides") && conflicts[0].contains("Their name"))
        let saved = try #require(try TripFileStore(url: url).read()).trips
        #expect(saved.map(\.name) == ["Our name", "Alpine Loop", "Someday"])
        #expect(saved[0].stops[0].notes == "Theirs")
    }

    @Test func aFileFromANewerVersionIsOpenedReadOnlyAndNeverRewritten() throws {
        _ = try directory.write(#"{"version": 2, "trips": [], "newThing": {"a": 1}}"#, to: "trips.json")
        let before = try Data(contentsOf: url)
        let model = try open()
        #expect(model.readOnlyReason?.contains("newer roadtrip (file version 2") == true)
        model.addTrip(Trip(name: "X"))
        #expect(throws: DataFileError.self) { try model.save() }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aNewerVersionWrittenUnderneathIsNeitherMergedNorRewritten() throws {
        let model = try open()
        model.addTrip(Trip(name: "Mine"))
        try editOnDisk { _ in }
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 999")
        try Data(text.utf8).write(to: url)
        let before = try Data(contentsOf: url)
        let error = #expect(throws: DataFileError.self) { try model.save() }
        #expect(error?.description.contains("rewritten it as file version 999") == true)
        #expect(try Data(contentsOf: url) == before)
        #expect(model.trips.first?.name == "Mine")
        #expect(model.hasUnsavedChanges)
    }

    @Test(arguments: ["", "{\"trips\": [", "not json at all"])
    func aFileThatNoLongerReadsIsNeverMergedIntoOrOverwritten(content: String) throws {
        let model = try open()
        model.addTrip(Trip(name: "Mine"))
        try Data(content.utf8).write(to: url)
        let error = #expect(throws: DataFileError.self) { try model.save() }
        #expect(
            error?.description.hasPrefix("Cannot save \(url.path): it was changed by another program since it was read, and now is not valid JSON at line 1")
                == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == content)
        #expect(model.hasUnsavedChanges)
    }

    @Test func undoCannotGoBackPastAMerge() throws {
        let model = try open()
        model.renameTrip(id: Fixtures.pacific.id, to: "Before the merge")
        try editOnDisk { $0.append(Trip(name: "Theirs")) }
        #expect(try model.save() == .merged(conflicts: []))
        #expect(!model.canUndo)
        #expect(model.undo() == nil)
        #expect(model.trips.map(\.name).contains("Theirs"))
        model.renameTrip(id: Fixtures.pacific.id, to: "After the merge")
        #expect(model.undo() == "rename trip Before the merge")
        #expect(model.trips.map(\.name).contains("Theirs"))
    }
}

/// A lock another thread lets go of.
private final class Held: @unchecked Sendable {
    var lock: FileLock?
}
