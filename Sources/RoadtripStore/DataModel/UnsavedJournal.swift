import BackgroundWork
import Foundation
import RoadtripCore

/// The journal of unsaved changes beside the data file (`TripJournal`), as one writer keeps it:
/// its lock (held for the session by the one planner that keeps a journal), the writes off the
/// main loop (appending what changed since the last, or starting anew on a file a save changed),
/// the journal a planner that ended without saving left (`pending`), and its restore or setting
/// aside. It holds only the journal's state; the file's (`FileState`) is told at each call by
/// the file's keeper, `DataFilePersistence`.
@MainActor
final class UnsavedJournal {
    /// What the journal needs to know of the data file and the trips, at the moment of a call.
    struct FileState {
        /// The trips as they are now.
        let trips: [Trip]
        let changeCount: Int
        /// Whether every change is saved.
        let isSaved: Bool
        /// The file as last read or written.
        let base: FileFingerprint?
        /// The envelope as last read or written, with the trips it holds.
        let baseFile: TripFile
        /// Whether this writer may write at all (the file is not read-only to it).
        let mayWrite: Bool
    }

    private let dataFile: URL
    private let runner: any BackgroundRunner
    /// The journal's lock, held for the session by the one writer that keeps a journal.
    private var lock: FileLock?

    /// The journal write running off the main loop, if any.
    private var write: BackgroundJob?
    /// The change count the journal was last written for; nil when this model left no journal.
    private var journaledChangeCount: Int?
    /// The file the journal last written was based on: when a save changes it while changes
    /// remain unsaved, a journal is started anew on the new base.
    private var journaledBase: FileFingerprint?
    /// The journal as the last write left it, for the next write to append only what changed
    /// since; nil while a write is on its way (which has it), when there is none of this model's,
    /// or when its last write failed (the next one then starts it anew).
    private var tail: JournalTail?
    /// What changed since the last journal write began, for the next one to append.
    private var unjournaled: JournalTail.Changes?

    /// The journal a planner that ended without saving left beside the file, as found when this
    /// model took the file's lock. While it is pending (not restored nor set aside), this model
    /// writes no journal of its own over it; one of a newer roadtrip, or one too large to read,
    /// stays pending for good.
    private(set) var pending: PendingJournal?

    init(for dataFile: URL, runner: any BackgroundRunner) {
        self.dataFile = dataFile
        self.runner = runner
    }

    /// Takes the journal's lock when no other writer holds it; whether this model holds it now.
    @discardableResult
    func takeLock() -> Bool {
        guard lock == nil, case .acquired(let lock) = FileLock.acquire(for: TripJournal.url(for: dataFile)) else { return false }
        self.lock = lock
        // What a planner killed while it started a journal anew left.
        AtomicFile.removeStaleTemporaryFiles(for: TripJournal.url(for: dataFile))
        return true
    }

    /// The trips were read or merged from the file anew: the next write starts the journal anew
    /// rather than append to one about other trips.
    func fileReplaced() {
        (tail, unjournaled) = (nil, nil)
    }

    /// Notes a change the model made (`TripsChange`, as undo history found it) for the journal's
    /// next write, when there is a journal to append it to; otherwise the next write starts one
    /// from the file, which needs none of it.
    func noteChange(_ change: TripsChange, from before: [Trip], to after: [Trip]) {
        guard tail != nil || write != nil else { return }
        unjournaled = unjournaled == nil ? .one(change, before: before, after: after) : .several
    }

    /// Looks for a journal left behind, once this model holds the lock and may write; one whose
    /// changes the file already has is removed.
    func look(in file: FileState) {
        pending = nil
        guard lock != nil, file.mayWrite else { return }
        switch TripJournal.find(for: dataFile) {
        case .entry(let entry)?:
            let restore = JournalRestore(entry, onto: file.trips, fingerprint: file.base)
            if restore.changesNothing {
                TripJournal.remove(for: dataFile)
            } else {
                pending = .restorable(restore)
            }
        case .newer(let newer)?:
            pending = .newer(newer)
        case .tooLarge(let tooLarge)?:
            pending = .tooLarge(tooLarge)
        case nil:
            break
        }
    }

    /// What the full-screen loop calls on every turn, beside the autosave: changes not saved yet
    /// are written to the journal at once (off the main loop), so that a crash before the autosave
    /// loses nothing (`TripJournal`): appended as what changed since its last write, or, on a
    /// file a save changed since, as a journal started anew. Once everything is saved, the
    /// journal goes. Only the planner that holds the journal's lock keeps one, and not over a
    /// journal still pending.
    ///
    /// Work waiting for the changes to be kept (`onDisk`) is told when a write ends, on the
    /// journal's thread, and at once when no journal is kept of them (none here, or all saved).
    func keep(_ file: FileState, onDisk: ChangesOnDisk) {
        guard lock != nil, file.mayWrite, pending == nil else {
            onDisk.kept(upTo: file.changeCount)
            return
        }
        if let write {
            guard write.state == .ended else { return }
            self.write = nil
        }
        guard !file.isSaved else {
            onDisk.kept(upTo: file.changeCount)
            if journaledChangeCount != nil { remove() }
            return
        }
        guard journaledChangeCount != file.changeCount || journaledBase != file.base else {
            onDisk.kept(upTo: file.changeCount)
            return
        }
        (journaledChangeCount, journaledBase) = (file.changeCount, file.base)
        let (current, base, baseTrips, url, count) = (file.trips, file.base, file.baseFile.trips, dataFile, file.changeCount)
        // Handed over to the write, so that the trips only it still holds (the versions before
        // the changes) are let go on its thread, not on the main loop.
        let (tail, changes) = (tail, unjournaled)
        (self.tail, unjournaled) = (nil, nil)
        write = runner.run(
            "journal", lane: "journal",
            work: { _ in
                let written = JournalTail.write(current, after: tail, changes: changes, base: base, baseTrips: baseTrips, for: url)
                onDisk.kept(upTo: count)
                return written
            }
        ) { [weak self] tail in
            self?.tail = tail
        }
    }

    /// Removes this model's journal: everything is saved, or the changes were written elsewhere.
    private func remove() {
        journaledChangeCount = nil
        (tail, unjournaled) = (nil, nil)
        TripJournal.remove(for: dataFile)
    }

    /// Waits for a journal write on its way and removes the journal when everything is saved:
    /// the last thing a planner that quits normally does. A write that has not begun is not
    /// waited for when the journal is to go anyway.
    func close(isSaved: Bool) {
        finishWrite(needed: !isSaved)
        if isSaved, journaledChangeCount != nil { remove() }
    }

    /// The journal, once its write on the way has ended, when it holds every change not saved: a
    /// planner that ends without saving them leaves it, and the next one offers them back. Nil
    /// when everything is saved, or when the journal lags or its last write failed.
    func holdingTheChanges(of file: FileState) -> URL? {
        finishWrite(needed: true)
        guard !file.isSaved, journaledChangeCount == file.changeCount, journaledBase == file.base, let tail else { return nil }
        return tail.url
    }

    /// Removes this planner's journal whatever is unsaved: the changes were written elsewhere, or
    /// the user chose to lose them.
    func drop() {
        finishWrite(needed: false)
        if journaledChangeCount != nil { remove() }
    }

    /// Ends the journal write on its way: waits for it, or, when it is not `needed` (the journal
    /// goes next), takes it back if it has not begun.
    private func finishWrite(needed: Bool) {
        if let write, needed || !write.withdraw() { runner.wait(for: write) }
        write = nil
    }

    /// The pending journal's trips, for the model to take back as one change: onto the trips as
    /// they are now, only the journal's own changes when the file changed since (`JournalRestore`).
    /// A journal of this model's is started for them (over the one restored), and goes once they
    /// are saved.
    func take(onto file: FileState) -> [Trip]? {
        guard case .restorable(let restorable)? = pending else { return nil }
        let restore = JournalRestore(restorable.entry, onto: file.trips, fingerprint: file.base)
        pending = nil
        journaledChangeCount = -1 // written again for the model's change, removed once it is saved
        (tail, unjournaled) = (nil, nil)
        return restore.trips
    }

    /// Keeps the trips the pending journal restores aside as a recovery copy beside the file, in
    /// the file's `envelope`, and removes the journal; returns where the copy is.
    func setAside(envelope: TripFile, now: Date) throws(DataFileError) -> URL {
        guard case .restorable(let restorable)? = pending else {
            throw .unwritable(path: TripJournal.url(for: dataFile).path, reason: "there is no journal to keep aside")
        }
        var copy = envelope
        copy.trips = restorable.trips
        let url = try TripJournal.keepAside(copy, for: dataFile, now: now)
        pending = nil
        return url
    }

    /// For a command about to change the file while a journal of an older roadtrip is pending
    /// (one that did not note the file it started from): writes it again in this roadtrip's
    /// format, its changes made to the file as it is now, so that a later restore applies only
    /// the journal's changes and keeps the command's.
    func noteTheFileInAnOlderJournal(_ file: FileState) throws(DataFileError) {
        guard case .restorable(let restorable)? = pending, !restorable.knewItsFile else { return }
        _ = try JournalTail.start(base: file.base, baseTrips: file.trips, trips: restorable.trips, for: dataFile)
        look(in: file)
    }
}
