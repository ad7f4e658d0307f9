import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Autosave on another thread (`DataModel.autosave`): the same file as a save on this thread,
/// changes made meanwhile saved next, another program's change merged, a quit waiting for it.
@MainActor
@Suite struct BackgroundSaveTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let clock = TestClock()
    var url: URL { directory.file("trips.json") }

    /// Moves the model's clock far enough ahead for any change to be due.
    private func wait() {
        clock.advance(by: 60)
    }

    init() throws {
        directory = try TemporaryDirectory()
        model = DataModel(store: TripFileStore(url: directory.file("trips.json")), now: clock.read)
        try model.load { Fixtures.trips }
    }

    /// Calls `autosave` as the loop does until the running save, on another thread, has
    /// finished; its outcome. Polls, giving up after 30 seconds.
    private func finishSave() throws -> DataModel.SaveOutcome? {
        let deadline = ContinuousClock.now + .seconds(30)
        while model.isSaving, ContinuousClock.now < deadline {
            if let outcome = try model.autosave() { return outcome }
            usleep(1_000)
        }
        return nil
    }

    private func namesOnDisk() throws -> [String] {
        try #require(try TripFileStore(url: url).read()).trips.map(\.name)
    }

    @Test func aSaveRunsOnAnotherThreadAndIsTakenByALaterTurn() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        #expect(try model.autosave() == nil)
        #expect(model.isSaving)
        #expect(try finishSave() == .saved)
        #expect(!model.hasUnsavedChanges)
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop", "Someday"])
    }

    @Test func nothingStartsBeforeTheChangesSettle() throws {
        for name in ["C", "Co", "Coa", "Coas", "Coast"] {
            model.renameTrip(id: Fixtures.pacific.id, to: name, session: "typing")
            clock.advance(by: DataModel.autosaveDelay / 2)
            #expect(try model.autosave() == nil)
            #expect(!model.isSaving)
        }
        // A burst of changes is one save.
        wait()
        _ = try model.autosave()
        #expect(model.isSaving)
        #expect(try finishSave() == .saved)
        wait()
        #expect(try model.autosave() == nil)
        #expect(!model.isSaving)
    }

    @Test func aChangeMadeDuringTheSaveIsSavedByTheNextOne() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        _ = try model.autosave()
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(try finishSave() == .saved)
        #expect(model.hasUnsavedChanges)
        wait()
        _ = try model.autosave()
        #expect(try finishSave() == .saved)
        #expect(!model.hasUnsavedChanges)
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop"])
    }

    @Test func anotherProgramsChangeIsMergedNotOverwritten() throws {
        let store = TripFileStore(url: url)
        var file = try #require(try store.read())
        file.trips.append(Trip(name: "Theirs"))
        try store.write(file)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)

        model.renameTrip(id: Fixtures.pacific.id, to: "Ours")
        wait()
        _ = try model.autosave()
        #expect(try finishSave() == .merged(conflicts: []))
        #expect(try namesOnDisk() == ["Ours", "Alpine Loop", "Someday", "Theirs"])
    }

    @Test func aSaveOnThisThreadWaitsForTheRunningOne() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        _ = try model.autosave()
        model.deleteTrip(id: Fixtures.empty.id)
        // What a quit or a signal does.
        #expect(try model.save() == .saved)
        #expect(!model.isSaving && !model.hasUnsavedChanges)
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop"])
    }

    @Test func aFileBrokenUnderneathIsLeftAloneAndTheChangesKept() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        try Data("{ not json".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
        wait()
        _ = try model.autosave()
        #expect(throws: DataFileError.self) { _ = try finishSave() }
        #expect(model.hasUnsavedChanges)
        #expect(try String(contentsOf: url, encoding: .utf8) == "{ not json")
        // Not tried again at every turn: after the next change, or the retry delay.
        clock.advance(by: 1)
        #expect(try model.autosave() == nil)
        #expect(!model.isSaving)
    }
}
