import Foundation
import RoadtripCore
import RoadtripStore
import ScreenModels
import Terminal

/// Status-bar sentences that every screen says the same way.
extension StatusMessage {
    /// What the status bar says when a name field left characters out of a paste.
    static let nameCut = StatusMessage.error("Names are at most \(NameLength.maximum) characters; the rest of the paste was left out.")

    /// After undo: "Undid: delete stop Monterey." or "Nothing to undo."
    static func undid(_ description: String?) -> StatusMessage {
        StatusMessage(description.map { "Undid: \($0)." } ?? "Nothing to undo.")
    }

    /// After redo: "Redid: delete stop Monterey." or "Nothing to redo."
    static func redid(_ description: String?) -> StatusMessage {
        StatusMessage(description.map { "Redid: \($0)." } ?? "Nothing to redo.")
    }

    /// Ctrl-Z where no shell with job control started the planner (a tmux pane's own command):
    /// the kernel would drop the stop, and nothing could bring the planner back.
    static let cannotSuspend = StatusMessage.error(
        "Ctrl-Z cannot suspend roadtrip here: no shell with job control started it, to bring it back with fg. q quits; run it from a shell to suspend it.")

    /// An attempt to change trips that cannot be changed.
    static func readOnly(_ reason: String) -> StatusMessage {
        .error("Read-only: \(reason); nothing was changed.")
    }

    /// After a save that found the file changed by another program and merged its changes. Undo
    /// cannot go back past the merge (it would bring back the trips without their changes).
    static func merged(conflicts: [String], path: String) -> StatusMessage {
        let both = conflicts.isEmpty ? "" : " " + conflicts.joined(separator: " ")
        return StatusMessage("Another program had changed \(path); its changes were merged with yours.\(both) Undo starts again from here.")
    }

    /// The banner of a planner that cannot save, for as long as that lasts.
    static func readOnlyBanner(_ reason: String) -> StatusMessage {
        .error("Read-only: \(reason); changes are off.")
    }

    /// The banner while the data file is read off the main loop, its first trips shown: keys
    /// typed meanwhile wait for the whole file.
    static func reading(_ file: URL) -> StatusMessage {
        StatusMessage("Reading \(file.lastPathComponent)… (keys wait for it)")
    }

    /// The banner of a planner that found a newer roadtrip's journal beside the file: it is left
    /// for that roadtrip to offer, and this one writes none of its own over it.
    static func newerJournalBanner(_ newer: TripJournal.Newer) -> StatusMessage {
        journalLeftAlone(newer.url, newer.reason)
    }

    /// The banner of a planner that leaves the journal beside the file as it is (a newer
    /// roadtrip's, or one too large to read), and so writes none of its own over it: `reason`
    /// ends a sentence that starts with the journal's path.
    static func journalLeftAlone(_ journal: URL, _ reason: String) -> StatusMessage {
        .error("Journal left as it is: \(journal.path) \(reason); no journal is kept meanwhile.")
    }

    /// What another window or command saved to the file, merged into what this planner shows
    /// (`FileNews`): "Schaan added to “LI Tour” from another window.", and what both changed.
    static func fromAnotherWindow(_ news: FileNews) -> StatusMessage {
        let both = news.conflicts.isEmpty ? "" : " " + news.conflicts.joined(separator: " ")
        return StatusMessage(news.sentence + both)
    }

    /// After `s`: where it was saved, or why not.
    static func saved(_ save: () throws(DataFileError) -> String) -> StatusMessage {
        do {
            return StatusMessage("Saved to \(try save()).")
        } catch {
            return .error(error.description)
        }
    }

    /// A basemap that could not be loaded: the map still draws the route.
    static func basemapFailed(_ error: any Error) -> StatusMessage {
        .error("The map is drawn without land and borders: \(error)")
    }
}
