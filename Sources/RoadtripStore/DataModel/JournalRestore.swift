import Foundation
import RoadtripCore

/// What restoring a journal left behind (`TripJournal`) does to the trips as they are now. When
/// the file is still the one the journal's changes were made to, the journal's trips come back as
/// they were. When something else changed the file since (a command run after the crash), only
/// the journal's own changes are applied to the file as it is now, trip by trip, as a save merges
/// another program's changes (`TripMerge`): a trip both changed is kept twice, so that neither the
/// journal's edit nor the command's is undone.
package struct JournalRestore: Sendable {
    /// One change of the journal, trip by trip, for the question to put in words.
    package enum Change: Equatable, Sendable {
        case added(String)
        case deleted(String)
        case renamed(from: String, to: String)
        /// The trip's stops or settings changed (and its name, when `formerName` is given).
        case changed(String, formerName: String?)
    }

    package let entry: TripJournal.Entry
    /// The trips once restored.
    package let trips: [Trip]
    /// The journal's changes, in the order of its trips (deletions last).
    package let changes: [Change]
    /// Trips both the journal and the file changed since: the journal's version and the file's
    /// are both kept.
    package let conflicts: [String]
    /// The file is no longer the one the journal's changes were made to.
    package let fileChangedSince: Bool
    /// False for a journal of an older roadtrip, which did not note the file it started from: its
    /// changes are taken to be from the file as it is now.
    package let knewItsFile: Bool
    /// Restoring changes nothing: the file has every change of the journal already.
    package let changesNothing: Bool
    /// The base the journal has, or is given (see `knewItsFile`).
    let base: JournalBase

    /// The restore of `entry` onto `current`, the trips of the file `fingerprint` describes.
    init(_ entry: TripJournal.Entry, onto current: [Trip], fingerprint: FileFingerprint?) {
        self.entry = entry
        knewItsFile = entry.base != nil
        fileChangedSince = !entry.startedFrom(current, fingerprint: fingerprint)
        // Onto the file it started from, a journal of changes gives its trips exactly; onto
        // another, the trips it changed, which are all the merge needs.
        let ours = entry.trips(onto: fileChangedSince ? nil : current)
        base = entry.base ?? JournalBase(file: fingerprint, trips: current, ours: ours)
        if fileChangedSince {
            let merged = TripMerge.merge(base: JournalMergeBase(base, ours: ours), ours: ours, theirs: current)
            (trips, conflicts) = (merged.trips, merged.conflicts)
        } else {
            (trips, conflicts) = (ours, [])
        }
        changes = Self.changes(of: base, ours: ours)
        changesNothing = trips == current
    }

    private static func changes(of base: JournalBase, ours: [Trip]) -> [Change] {
        let added = Set(base.added)
        let formers = Dictionary(base.changed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = ours.compactMap { trip in
            if added.contains(trip.id) { return .added(trip.name) }
            guard let former = formers[trip.id] else { return nil }
            guard former.name != trip.name else { return .changed(trip.name, formerName: nil) }
            var renamedBack = trip
            renamedBack.name = former.name
            let onlyRenamed = JournalBase.contentHash(of: renamedBack) == former.hash
            return onlyRenamed ? .renamed(from: former.name, to: trip.name) : .changed(trip.name, formerName: former.name)
        }
        let ourIDs = Set(ours.map(\.id))
        changes += base.changed.filter { !ourIDs.contains($0.id) }.map { .deleted($0.name) }
        return changes
    }
}

/// A journal found beside the trips file when its lock was taken.
package enum PendingJournal: Sendable {
    /// One this roadtrip can restore, and what restoring it does.
    case restorable(JournalRestore)
    /// One of a newer roadtrip, left as it is.
    case newer(TripJournal.Newer)
    /// One too large to read, left as it is.
    case tooLarge(TripJournal.TooLarge)
}
