import Foundation
import RoadtripCore
import RoadtripStore
import ScreenModels
import Terminal

/// Asked at start when the last planner on this file ended without saving its last changes (a
/// crash, a kill, a power cut) and left its journal (`TripJournal`), as vim offers a swap file:
/// `y` restores them (one change: `u` undoes it), `n` or `Esc` keeps them aside as a recovery
/// copy beside the file and says where. Nothing the journal holds is dropped without a copy.
/// The question says what the journal changes, trip by trip, and, when the file was changed
/// since (a command run after the crash), that only those changes are applied to it as it is now.
@MainActor
final class JournalOffer {
    private let model: DataModel
    private let restore: JournalRestore
    private let dialog: ConfirmDialog

    init(model: DataModel, restore: JournalRestore) {
        self.model = model
        self.restore = restore
        dialog = ConfirmDialog(
            question: Self.question(restore),
            details: Self.details(restore) + ["y restores them (u undoes); n keeps them aside in a copy of their own."])
    }

    /// The question, which says whether the file changed since the journal began.
    static func question(_ restore: JournalRestore) -> String {
        let when = DateFormatter.localizedString(from: restore.entry.written, dateStyle: .medium, timeStyle: .short)
        let ended = "A roadtrip on this file ended on \(when) without saving its last changes"
        if !restore.knewItsFile {
            return "\(ended); it was an older roadtrip, which did not note what the file was then. Restore the trips as it left them?"
        }
        if restore.fileChangedSince {
            return "\(ended), and the file has been changed since by something else. Restore only those changes, onto the file as it is now?"
        }
        return "\(ended). Restore them?"
    }

    /// One line per change of the journal, whether its last change was cut short, then the trips
    /// both sides changed.
    static func details(_ restore: JournalRestore) -> [String] {
        let changes = restore.changes.map { change -> String in
            switch change {
            case .added(let name): "Adds \(TripText.quoted(name))."
            case .deleted(let name): "Deletes \(TripText.quoted(name))."
            case .renamed(let from, let to): "Renames \(TripText.quoted(from)) to \(TripText.quoted(to))."
            case .changed(let name, nil): "Changes \(TripText.quoted(name))."
            case .changed(let name, let formerName?): "Changes \(TripText.quoted(name)) (was \(TripText.quoted(formerName)))."
            }
        }
        let cut = restore.entry.cutShort ? ["Its last change was cut short as it ended, and is left out."] : []
        return changes + cut + restore.conflicts
    }

    /// The status message once answered; nil while the question stays open.
    func handle(_ key: Key) -> StatusMessage? {
        guard let answer = dialog.answer(for: key) else { return nil }
        if answer == .yes {
            model.restoreJournal()
            return StatusMessage("The unsaved changes are back — u undoes.")
        }
        do {
            let copy = try model.setJournalAside()
            return StatusMessage("The unsaved changes were kept in \(copy.path) (open it with roadtrip --file).")
        } catch {
            return .error("The unsaved changes stay in \(restore.entry.url.path): \(error.description)")
        }
    }

    func draw(on surface: Surface) {
        dialog.draw(on: surface)
    }
}
