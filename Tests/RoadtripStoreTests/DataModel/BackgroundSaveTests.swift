import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Autosave off the main loop (`DataModel.autosave`): the same file as a save on the main actor,
/// changes made meanwhile saved next, another program's change merged, a quit waiting for it or
/// taking it back. The model's runner is a manual one: a save runs when the test says.
@MainActor
@Suite struct BackgroundSaveTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let clock = TestClock()
    let runner = ManualRunner()
    var url: URL { directory.file("trips.json") }

    /// Moves the model's clock far enough ahead for any change to be due.
    private func wait() {
        clock.advance(by: 60)
    }

    init() throws {
        directory = try TemporaryDirectory()
        model = DataModel(store: TripFileStore(url: directory.file("trips.json")), now: clock.read, runner: runner)
        try model.load { Fixtures.trips }
    }

    /// Runs the save the model started and hands it over, as the runner and the loop's next turn
    /// do; then `autosave` gives its outcome.
    private func finishSave() throws -> DataModel.SaveOutcome? {
        #expect(runner.queuedNames == ["autosave"])
        runner.runAll()
        return try model.autosave()
    }

    private func namesOnDisk() throws -> [String] {
        try #require(try TripFileStore(url: url).read()).trips.map(\.name)
    }

    @Test func aSaveRunsOffTheLoopAndIsTakenByALaterTurn() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        #expect(try model.autosave() == nil)
        #expect(model.isSaving)
        // Nothing is written until the runner runs the save, nor counted saved until it is handed over.
        #expect(try namesOnDisk() == ["Pacific Drive", "Alpine Loop", "Someday"])
        runner.runNext()
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop", "Someday"])
        #expect(try model.autosave() == nil && model.hasUnsavedChanges)
        runner.deliverFinished()
        #expect(try model.autosave() == .saved)
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

    @Test func aSaveOnTheMainActorTakesBackAnAutosaveThatHasNotBegun() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        _ = try model.autosave()
        model.deleteTrip(id: Fixtures.empty.id)
        // What a quit or a signal does: the autosave never runs, this save writes everything.
        #expect(try model.save() == .saved)
        #expect(!model.isSaving && !model.hasUnsavedChanges)
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop"])
        #expect(!runner.runNext())
    }

    @Test func aSaveOnTheMainActorWaitsForAnAutosaveUnderWay() throws {
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        wait()
        _ = try model.autosave()
        runner.runNext() // written, not handed over yet
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(try model.save() == .saved)
        #expect(!model.isSaving && !model.hasUnsavedChanges)
        #expect(try namesOnDisk() == ["Coast", "Alpine Loop"])
        #expect(!runner.hasWork)
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
