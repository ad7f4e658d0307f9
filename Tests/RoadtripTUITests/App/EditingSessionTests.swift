import Foundation
@testable import RoadtripStore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The editing keys answer alike on every screen: one session of the shared model.
@MainActor
@Suite struct EditingSessionTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let session: TripListInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        session = TripListInteractor(model: model, services: .offScreen)
    }

    @Test func undoAndRedoNameTheChange() {
        model.deleteTrip(id: Fixtures.empty.id)
        #expect(session.undoMessage() == StatusMessage("Undid: delete trip Someday."))
        #expect(session.redoMessage() == StatusMessage("Redid: delete trip Someday."))
        #expect(session.redoMessage() == StatusMessage("Nothing to redo."))
    }

    @Test func saveSaysWhere() {
        #expect(session.saveMessage() == StatusMessage("Saved to \(directory.file("trips.json").path)."))
    }

    @Test func aReadOnlyFileRefusesUndoAndRedoWithTheReason() throws {
        // A file a save may not replace (no write permission) opens read-only.
        _ = try session.save()
        let file = directory.file("trips.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path) }
        let reader = DataModel(store: TripFileStore(url: file), runner: ManualRunner())
        try reader.load { [] }
        #expect(reader.readOnlyReason != nil)
        reader.deleteTrip(id: Fixtures.alps.id)
        let readOnly = TripDetailInteractor(tripID: Fixtures.pacific.id, model: reader, services: .offScreen)
        #expect(readOnly.refusal?.isError == true)
        #expect(readOnly.undoMessage() == readOnly.refusal)
        #expect(readOnly.redoMessage() == readOnly.refusal)
        #expect(session.refusal == nil)
    }
}
