import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Two writers, one file: the lock, the read-only second instance, and merging a change made
/// underneath instead of overwriting it.
@MainActor
@Suite struct SharedFileTests {
    let directory: TemporaryDirectory
    var url: URL { directory.file("trips.json") }

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func open() throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: url))
        try model.load { Fixtures.trips }
        return model
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

    @Test func theReadOnlySecondFollowsTheFirstsSavesAndTakesOverWhenItQuits() throws {
        var first: DataModel? = try open()
        let second = try open()
        #expect(second.followLockHolder() == nil) // nothing happened yet
        first?.addTrip(Trip(name: "Theirs"))
        try first?.save()
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
        #expect(second.followLockHolder() == .reloaded)
        #expect(second.trips.first?.name == "Theirs")
        #expect(second.isReadOnly)
        first = nil // quits: the kernel drops its lock
        #expect(second.followLockHolder() == .tookOver)
        #expect(!second.isReadOnly)
        second.addTrip(Trip(name: "Mine"))
        try second.save()
        #expect(try TripFileStore(url: url).read()?.trips.prefix(2).map(\.name) == ["Mine", "Theirs"])
        #expect(second.followLockHolder() == nil) // it holds the lock now
    }

    @Test func aSecondInstanceIsReadOnlyAndSaysWhoHasTheFile() throws {
        let first = try open()
        let second = try open()
        #expect(!first.isReadOnly)
        #expect(second.readOnlyReason == "another roadtrip (process \(getpid())) has it open")
        second.addTrip(Trip(name: "Mine"))
        #expect(second.trips.count == 3)
        #expect(throws: DataFileError.self) { try second.save() }
        #expect(try Data(contentsOf: url) == (try TripFile(trips: Fixtures.trips).encoded()))
        _ = first
    }

    @Test func theLockGoesWithItsHolder() throws {
        var first: DataModel? = try open()
        _ = first
        first = nil
        #expect(!(try open()).isReadOnly)
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

    @Test func aTripChangedOnBothSidesIsKeptTwice() throws {
        let model = try open()
        try editOnDisk { $0[0].name = "Their name" }
        model.renameTrip(id: Fixtures.pacific.id, to: "Our name")
        #expect(try model.save() == .merged(conflicts: ["Our name"]))
        let names = try #require(try TripFileStore(url: url).read()).trips.map(\.name)
        #expect(names.contains("Our name") && names.contains("Their name (other copy)"))
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
        #expect(error?.description.hasPrefix("Cannot save \(url.path): it was changed by another program since it was read, and now is not valid JSON at line 1") == true)
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
