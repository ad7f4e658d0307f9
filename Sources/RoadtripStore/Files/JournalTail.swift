import DurableWrites
import Foundation
import RoadtripCore

/// The journal a planner is writing (format 3, `TripJournal`), as its last write left it: the
/// file it started from, and what its records add up to, so that the next record holds only what
/// changed since (`JournalRecord`). Written off the main loop, one write at a time: a journal is
/// started (its first line and a record of the changes so far, written whole and renamed into
/// place), then each change is appended to it and flushed to disk (`fdatasync`), at a cost that
/// grows with the change, not the file.
struct JournalTail: Sendable {
    /// The journal's path.
    let url: URL
    /// The file its changes were made to: when a save changes it, a journal is started anew.
    let base: FileFingerprint?
    /// The trips its records lead to.
    let trips: [Trip]
    /// The trips it holds whole: a later change to one of them that keeps its place is recorded
    /// as the run of its stops that changed.
    let held: Set<Trip.ID>
    /// The file it was started as: an append goes into no other (one that took its name since is
    /// replaced by a journal started anew).
    let identity: AtomicWriter.FileIdentity

    /// What changed since a journal's last write began.
    enum Changes: Sendable {
        /// One change, as the data model made it: what undo history found it changed
        /// (`TripsChange`), and the trips before and after it. Its record needs no search.
        case one(TripsChange, before: [Trip], after: [Trip])
        /// Several (a paste, keys held down, keys typed while a write was on its way): the write
        /// finds what they changed from the trips it last wrote, so that the trips of every change
        /// in between need not be kept until it runs.
        case several
    }

    /// The journal of `trips`, changes made to `baseTrips`, the trips of the file `fingerprint`
    /// describes: what changed since `tail`'s last write (`changes`, leading to `trips`) appended
    /// to `tail` when that is a journal of the same file, else a journal started anew. Nil when
    /// it could not be written: the trips file is still saved as usual, and the next change
    /// starts a journal anew.
    static func write(
        _ trips: [Trip], after tail: JournalTail?, changes: Changes?, base fingerprint: FileFingerprint?,
        baseTrips: [Trip], for dataFile: URL
    ) -> JournalTail? {
        if let tail, tail.base == fingerprint, let next = try? tail.appending(changes, leadingTo: trips) { return next }
        return try? start(base: fingerprint, baseTrips: baseTrips, trips: trips, for: dataFile)
    }

    /// Starts the journal beside `dataFile`, replacing the one there (never a link or anything but
    /// a regular file): its first line, then one record of the changes from `baseTrips` to `trips`.
    static func start(
        base fingerprint: FileFingerprint?, baseTrips: [Trip], trips: [Trip],
        for dataFile: URL
    ) throws(DataFileError) -> JournalTail {
        let url = TripJournal.url(for: dataFile)
        if let obstacle = TripJournal.notOurs(url.path) { throw .unwritable(path: url.path, reason: obstacle) }
        var held = Set<Trip.ID>()
        let data: Data
        do {
            var bytes = try TripJournal.firstLine(base: fingerprint, tripCount: baseTrips.count)
            if let record = JournalRecord(from: baseTrips, to: trips, held: &held) { bytes.append(try record.encoded()) }
            data = bytes
        } catch {
            throw .unwritable(path: url.path, reason: "the changes could not be encoded (\(error))")
        }
        do {
            try AtomicWriter.replace(data, at: url.path, links: .refuse)
        } catch {
            throw .unwritable(path: url.path, reason: error.reason)
        }
        guard let identity = AtomicWriter.FileIdentity(path: url.path) else {
            throw .unwritable(path: url.path, reason: "it was gone as soon as it was written")
        }
        return JournalTail(url: url, base: fingerprint, trips: trips, held: held, identity: identity)
    }

    /// Appends what changed from the trips the journal leads to to `newTrips` (`changes`; nil or
    /// several: found from the trips), one record flushed to disk before it returns; nothing when
    /// nothing changed.
    func appending(_ changes: Changes?, leadingTo newTrips: [Trip]) throws(DataFileError) -> JournalTail {
        var held = held
        let record: JournalRecord?
        if case .one(let change, let before, let after)? = changes {
            guard before.count == trips.count, after.count == newTrips.count,
                let found = JournalRecord(change, from: before, to: after, held: &held)
            else {
                throw .unwritable(path: url.path, reason: "the change does not follow the trips journaled")
            }
            record = found
        } else {
            record = JournalRecord(from: trips, to: newTrips, held: &held)
        }
        if let record {
            let data: Data
            do {
                data = try record.encoded()
            } catch {
                throw .unwritable(path: url.path, reason: "the change could not be encoded (\(error))")
            }
            do {
                try AtomicWriter.appendDurably(data, to: url.path, file: identity)
            } catch {
                throw .unwritable(path: url.path, reason: error.reason)
            }
        }
        return JournalTail(url: url, base: base, trips: newTrips, held: held, identity: identity)
    }
}
