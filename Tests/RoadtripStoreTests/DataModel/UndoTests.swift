import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

@MainActor
@Suite struct UndoTests {
    let directory: TemporaryDirectory
    let model: DataModel

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
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

    @Test func aRefusedMoveOrReorderIsNoUndoStep() {
        let ids = Fixtures.pacific.stops.map(\.id)
        #expect(!model.moveStop(id: ids[0], inTrip: Fixtures.pacific.id, by: -1))
        #expect(!model.reorderStops(inTrip: Fixtures.pacific.id, to: [ids[0], ids[1]], "optimize"))
        #expect(!model.moveStop(id: ids[0], inTrip: Fixtures.alps.id, by: 1))
        #expect(!model.canUndo && !model.hasUnsavedChanges)
    }

    @Test func eachStopChangeIsOneUndoStepNamedForIt() {
        let trip = Fixtures.pacific.id, ids = Fixtures.pacific.stops.map(\.id)
        let carmel = Stop(name: "Carmel", location: Fixtures.monterey)
        model.insertStop(carmel, inTrip: trip, at: 1)
        var renamed = carmel
        renamed.name = "Carmel-by-the-Sea"
        model.updateStop(renamed, inTrip: trip)
        #expect(model.moveStop(id: ids[1], inTrip: trip, by: 1))
        #expect(model.reorderStops(inTrip: trip, to: [ids[2], ids[1], carmel.id, ids[0]], "optimize the order of Pacific Drive"))
        model.reverseStops(inTrip: trip)
        model.deleteStop(id: carmel.id, inTrip: trip)
        var undone: [String] = []
        while let description = model.undo() { undone.append(description) }
        #expect(
            undone == [
                "delete stop Carmel-by-the-Sea", "reverse trip Pacific Drive", "optimize the order of Pacific Drive",
                "move stop Big Sur", "edit stop Carmel-by-the-Sea", "add stop Carmel",
            ])
        #expect(model.trips == Fixtures.trips)
    }

    @Test func sessionsDoNotMerge() {
        model.renameTrip(id: Fixtures.pacific.id, to: "One", session: "a")
        model.renameTrip(id: Fixtures.pacific.id, to: "Two", session: "b")
        #expect(model.undo() == "rename trip One")
        #expect(model.trips[0].name == "One")
    }
}
