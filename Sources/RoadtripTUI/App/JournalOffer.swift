import Foundation
import RoadtripStore
import Terminal

/// Asked at start when the last planner on this file ended without saving its last changes (a
/// crash, a kill, a power cut) and left its journal (`TripJournal`), as vim offers a swap file:
/// `y` restores them (one change: `u` undoes it), `n` or `Esc` keeps them aside as a recovery
/// copy beside the file and says where. Nothing the journal holds is dropped without a copy.
@MainActor
final class JournalOffer {
    private let model: DataModel
    private let found: TripJournal.Found
    private let dialog: ConfirmDialog

    init(model: DataModel, found: TripJournal.Found) {
        self.model = model
        self.found = found
        let when = DateFormatter.localizedString(from: found.written, dateStyle: .medium, timeStyle: .short)
        let counts = "\(found.file.trips.count) trip\(found.file.trips.count == 1 ? "" : "s") in it, \(model.trips.count) in the file"
        dialog = ConfirmDialog(question: "A roadtrip on this file ended on \(when) without saving its last changes. Restore them?",
                               details: ["\(counts).", "y restores them (u undoes); n keeps them aside in a copy of their own."])
    }

    /// The status message once answered; nil while the question stays open.
    func handle(_ key: Key) -> StatusMessage? {
        guard let answer = dialog.answer(for: key) else { return nil }
        if answer == .yes {
            model.restoreJournal(found)
            return StatusMessage("The unsaved changes are back — u undoes.")
        }
        do {
            let copy = try model.setJournalAside()
            return StatusMessage("The unsaved changes were kept in \(copy.path) (open it with roadtrip --file).")
        } catch {
            return .error("The unsaved changes stay in \(found.url.path): \(error.description)")
        }
    }

    func draw(on surface: Surface) {
        dialog.draw(on: surface)
    }
}
