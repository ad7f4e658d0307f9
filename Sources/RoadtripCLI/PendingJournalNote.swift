import Foundation
import RoadtripStore

/// Before a command changes the data file: when a planner on it ended without saving and left its
/// journal (`TripJournal`), the command says so first, on standard error. The change is made all
/// the same: the journal notes the file it started from, so the next planner offers back only the
/// journal's own changes, applied to the file as the command leaves it, and never undoes the
/// command's change. A journal of an older roadtrip, which noted no file, is first given the file
/// as it is now; one of a newer roadtrip, or one too large to read, is left as it is.
enum PendingJournalNote {
    @MainActor
    static func announce(for model: DataModel) throws {
        guard let pending = model.pendingJournal else { return }
        do {
            try model.noteTheFileInAnOlderJournal()
        } catch {
            throw CommandFailure(
                "Nothing was changed: \(TripJournal.url(for: model.store.url).path) holds changes of a planner that ended without saving, and the file they were made to could not be noted in it: \(error.description)"
            )
        }
        CommandOutput.note(sentence(pending, dataFile: model.store.url))
    }

    static func sentence(_ pending: PendingJournal, dataFile: URL) -> String {
        switch pending {
        case .restorable(let restore):
            let when = DateFormatter.localizedString(from: restore.entry.written, dateStyle: .medium, timeStyle: .short)
            return
                "roadtrip: a planner on \(dataFile.path) ended on \(when) without saving its last changes; they wait in \(restore.entry.url.path). This command changes the file all the same, and the next planner will offer those changes back on top of it."
        case .newer(let newer):
            return "roadtrip: \(newer.url.path) \(newer.reason); it is left as it is for that roadtrip, and this command changes \(dataFile.path) all the same."
        case .tooLarge(let tooLarge):
            return "roadtrip: \(tooLarge.url.path) \(tooLarge.reason); it is left as it is, and this command changes \(dataFile.path) all the same."
        }
    }
}
