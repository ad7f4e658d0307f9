import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

@MainActor
@Suite struct UndoTests {
    let directory: TemporaryDirectory
    let model: DataModel

    init() throws {
        directory = try TemporaryDirectory()
        model = DataModel(store: TripFileStore(url: directory.file("trips.json")))
        try model.load { Fixtures.trips }
    }

    @Test func nothingToUndoAtFirst() {
        #expect(!model.canUndo && !model.canRedo)
        #expect(model.undo() == nil)
        #expect(model.redo() == nil)
    }

    @Test func undoAndRedoWalkTheChangesInOrder() {
        model.addTrip(Trip(name: "A"))
        model.renameTrip(id: Fixtures.alps.id, to: "Alps")
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(model.undo() == "delete trip Someday")
        #expect(model.undo() == "rename trip Alpine Loop")
        #expect(model.trips.map(\.name) == ["A", "Pacific Drive", "Alpine Loop", "Someday"])
        #expect(model.redo() == "rename trip Alpine Loop")
        #expect(model.trips.map(\.name) == ["A", "Pacific Drive", "Alps", "Someday"])
    }

    @Test func aNewChangeClearsRedo() {
        model.deleteTrip(id: Fixtures.empty.id)
        model.undo()
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        #expect(!model.canRedo)
    }

    @Test func undoIsAChangeThatGetsSaved() throws {
        model.deleteTrip(id: Fixtures.empty.id)
        try model.save()
        model.undo()
        #expect(model.hasUnsavedChanges)
        try model.save()
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.count == 3)
    }

    @Test func historyIsBounded() {
        for index in 0..<(History.limit + 50) {
            model.renameTrip(id: Fixtures.pacific.id, to: "Name \(index)")
        }
        var undone = 0
        while model.undo() != nil { undone += 1 }
        #expect(undone == History.limit)
    }

    @Test func reloadStartsAFreshHistory() throws {
        model.deleteTrip(id: Fixtures.empty.id)
        try model.reload()
        #expect(!model.canUndo)
    }

    @Test func sessionsDoNotMerge() {
        model.renameTrip(id: Fixtures.pacific.id, to: "One", session: "a")
        model.renameTrip(id: Fixtures.pacific.id, to: "Two", session: "b")
        #expect(model.undo() == "rename trip One")
        #expect(model.trips[0].name == "One")
    }
}
