import Foundation
import RoadtripStore
import ScreenModels
import Terminal

/// What every screen that changes trips does the same way: refuse when the file is read-only,
/// undo, redo and save the shared DataModel. The interactors are sessions of the model
/// (`ModelEditingSession`); the presenters turn each editing key into the same status message
/// through the extension below, so that `u` on the list, the trip and the itinerary say alike.
@MainActor
protocol EditingSession: AnyObject {
    /// Why the trips cannot be changed now (a newer roadtrip wrote the file…), if so.
    var readOnlyReason: String? { get }
    /// Undoes the last change to any trip; returns what it was ("delete trip Route 66").
    func undo() -> String?
    func redo() -> String?
    /// Saves at once; returns the path saved to.
    func save() throws(DataFileError) -> String
}

/// The editing session of the shared DataModel, for the interactors that change it.
@MainActor
protocol ModelEditingSession: EditingSession {
    var model: DataModel { get }
}

extension ModelEditingSession {
    var readOnlyReason: String? { model.readOnlyReason }
    func undo() -> String? { model.undo() }
    func redo() -> String? { model.redo() }

    func save() throws(DataFileError) -> String {
        try model.save()
        return model.store.path
    }
}

/// Each editing key's answer, for the status bar.
extension EditingSession {
    /// Nil when changes are allowed; else the sentence that says why nothing changed.
    var refusal: StatusMessage? {
        readOnlyReason.map { StatusMessage.readOnly($0) }
    }

    func undoMessage() -> StatusMessage { refusal ?? .undid(undo()) }
    func redoMessage() -> StatusMessage { refusal ?? .redid(redo()) }
    func saveMessage() -> StatusMessage { .saved(save) }
}
