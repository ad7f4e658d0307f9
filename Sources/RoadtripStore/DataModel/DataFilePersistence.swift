import BackgroundWork
import Foundation
import RoadtripCore

/// What the data file's keeper needs of the model whose trips it keeps (`DataModel`).
@MainActor
protocol PersistedTrips: AnyObject {
    /// The trips as they are now: what a save or the journal writes.
    var trips: [Trip] { get }
    /// How many changes the model has made: a save notes the count it wrote, so that changes
    /// made since are known to be unsaved.
    var changeCount: Int { get }
    /// When the last change was made, for the autosave's delay.
    var lastChangeTime: Date { get }
    /// How far the changes are kept on disk, told here as the journal is written.
    var changesOnDisk: ChangesOnDisk { get }
    /// Trips read from the file, or merged with another program's: shown as they are, with no
    /// change to undo (undoing into the trips from before would drop the file's).
    func adoptFromFile(_ trips: [Trip])
}

extension DataModel {
    /// What a save did.
    package enum SaveOutcome: Equatable, Sendable {
        case saved
        /// The file had been changed by another program; its changes were merged with ours first.
        /// `conflicts` names trips both changed (theirs kept as a copy). Undo history from before
        /// the merge is gone: undoing into it would bring back trips without the other program's
        /// changes, and the next save would erase them.
        case merged(conflicts: [String])
    }
}

/// The data file as one model holds it: the envelope as read (so that fields a newer version wrote
/// survive the next save), the fingerprint that tells another writer's changes, saving (at once,
/// or off the main loop once changes settle), following the file, and the journal of unsaved
/// changes. It knows the trips only as what to write and what was read: their changes and undo
/// are the model's, which it asks for the trips and tells of trips read or merged (`PersistedTrips`).
///
/// Any number of writers share the file (issue 55): planners, commands, scripts. The file's lock
/// (`FileLock`) is held only for the moment of a write, in which the file is read as it is now,
/// this writer's changes since it last read it are merged onto it (`TripMerge`), and the result
/// is written atomically. A planner follows the file meanwhile (`followFile`): another writer's
/// save is merged into what it shows within a second, its own unsaved changes kept. One planner at
/// a time keeps the journal of unsaved changes (it holds the journal's lock for its session); the
/// next one takes that over when it quits.
@MainActor
final class DataFilePersistence {
    /// The model whose trips are kept; it holds this keeper.
    private unowned let owner: any PersistedTrips
    let store: TripFileStore
    /// This model's delay: `DataModel.autosaveDelay`, unless a test of what a crash before the
    /// autosave leaves needs a longer window (`ROADTRIP_AUTOSAVE_DELAY`, seconds, read by the planner).
    var autosaveAfter: TimeInterval = DataModel.autosaveDelay

    /// The envelope as read, so that fields a newer version wrote survive the next save.
    private var file = TripFile(trips: [])
    private var savedChangeCount = 0
    /// The file as last read or written, to notice another writer's changes before saving.
    private var fingerprint: FileFingerprint?
    /// The journal's lock, held for the session by the one writer that keeps a journal.
    private var journalLock: FileLock?

    /// How long a save waits for another writer's moment with the file's lock to end.
    nonisolated static let lockPatience: TimeInterval = 5

    /// Why changes cannot be saved (a newer roadtrip wrote the file, it may not be replaced, its
    /// lock file is not one of ours); while set, the trips cannot be changed and nothing is written.
    private(set) var readOnlyReason: String?
    var isReadOnly: Bool { readOnlyReason != nil }

    /// What time it is, for the autosave and retry delays: the model's clock.
    private let now: @Sendable () -> Date
    /// Where autosaves and journal writes run: the model's runner.
    private let runner: any BackgroundRunner

    init(keeping owner: any PersistedTrips, store: TripFileStore, now: @escaping @Sendable () -> Date, runner: any BackgroundRunner) {
        self.owner = owner
        self.store = store
        self.now = now
        self.runner = runner
    }

    typealias SaveOutcome = DataModel.SaveOutcome

    private var trips: [Trip] { owner.trips }
    private var changeCount: Int { owner.changeCount }

    var hasUnsavedChanges: Bool { changeCount != savedChangeCount }

    // MARK: Loading and saving

    /// Whether there was no data file when the model was loaded (a first run).
    private(set) var startedWithoutFile = false

    /// Reads the file; when there is none yet, starts from `seed()` and writes it at once, or,
    /// without a `seed` (the command line), starts with no trips and writes nothing: the first
    /// save creates the file.
    /// A file that cannot be read or parsed throws and is left untouched. A writer (`locking`)
    /// clears what saves killed midway left behind, under the file's lock, and takes the journal's
    /// lock when no other planner holds it; a file from a newer version, a file a save must not
    /// replace (read-only, hard-linked) or a lock file that is not ours makes the model read-only.
    /// Readers (`roadtrip list`) take no lock and leave nothing behind. A writer that keeps the
    /// journal then looks for one a planner that ended without saving left (`pendingJournal`).
    func load(locking: Bool = true, seed: (() throws -> [Trip])?) throws {
        prepareToLoad(locking: locking)
        try finishLoading(try store.load(), locking: locking, seed: seed)
    }

    /// `load`'s first half, before the file is read: what killed saves left, and the journal's lock.
    func prepareToLoad(locking: Bool) {
        guard locking else { return }
        switch FileLock.acquire(for: store.url) {
        case .acquired(let lock):
            // What killed saves left: no save is on its way while the lock is held.
            AtomicFile.removeStaleTemporaryFiles(for: store.url)
            withExtendedLifetime(lock) {}
        case .refused(let reason):
            readOnlyReason = reason
        case .heldByAnother, .unavailable:
            // Another writer's save is on its way; or a folder where no lock file can be made,
            // where the data file cannot be saved either (saving will say so).
            break
        }
        takeJournalLock()
    }

    /// Takes the journal's lock when no other writer holds it; whether this model holds it now.
    @discardableResult
    private func takeJournalLock() -> Bool {
        guard journalLock == nil, case .acquired(let lock) = FileLock.acquire(for: TripJournal.url(for: store.url)) else { return false }
        journalLock = lock
        // What a planner killed while it started a journal anew left.
        AtomicFile.removeStaleTemporaryFiles(for: TripJournal.url(for: store.url))
        return true
    }

    /// `load`'s second half, once the file is read (`store.load()`, which the planner runs off
    /// the main loop): `snapshot` adopted, or `seed` when there was no file, then the journal.
    func finishLoading(_ snapshot: TripFileStore.Snapshot?, locking: Bool, seed: (() throws -> [Trip])?) throws {
        try read(snapshot, locking: locking, seed: seed)
        lookForJournal()
    }

    /// `load`'s adoption of the file read, or of `seed` when there is none.
    private func read(_ snapshot: TripFileStore.Snapshot?, locking: Bool, seed: (() throws -> [Trip])?) throws {
        if let snapshot {
            adopt(snapshot.file)
            self.fingerprint = snapshot.fingerprint
            if snapshot.file.version > TripFile.currentVersion {
                readOnlyReason = Self.newerVersionReason(snapshot.file.version)
            } else if locking, readOnlyReason == nil, let obstacle = store.saveObstacle() {
                readOnlyReason = obstacle
            }
        } else {
            startedWithoutFile = true
            guard let seed else {
                adopt(TripFile(trips: []))
                return
            }
            adopt(TripFile(trips: try seed()))
            guard !isReadOnly else { return }
            do {
                try save()
            } catch .unwritable(let path, let reason) {
                throw DataFileError.cannotCreate(path: path, reason: reason)
            }
        }
    }

    private static func newerVersionReason(_ version: Int) -> String {
        "it was written by a newer roadtrip (file version \(version); this one reads version \(TripFile.currentVersion))"
    }

    /// The read of another writer's save, running off the main loop, with the file as it was
    /// known when it began.
    private var following: (job: BackgroundJob, since: FileFingerprint?)?
    /// What that read found, once the runner has handed it over: the file, or nil when it had
    /// not changed after all, or no longer reads (the next save says why).
    private var followed: TripFileStore.Snapshot??

    /// Whether the file is being read off the main loop to follow another writer's save.
    var isFollowing: Bool { following != nil }

    /// Another writer's save (a planner in another window, a command), merged into the trips
    /// shown: three-way, from the file as this model last read or wrote it, so that its own
    /// unsaved changes stay (and stay unsaved). The main loop calls it about once a second, and
    /// on every turn while the file is read: when its size or time changed (one `stat`, all a
    /// check costs otherwise), the file is read and decoded off the main loop (a 12 MB file takes
    /// a fifth of a second), and a later call merges what was read. Nil until then, when nothing
    /// changed, while an autosave is on its way (its end merges), when this model wrote the file
    /// meanwhile, or when the file no longer reads.
    func followFile() -> FileNews? {
        if let following {
            guard let read = followed else { return nil }
            (self.following, followed) = (nil, nil)
            guard running == nil, following.since == fingerprint, let fresh = read, fresh.file.version <= TripFile.currentVersion,
                  fresh.fingerprint.hash != fingerprint?.hash else { return nil }
            return merge(fresh)
        }
        guard running == nil, store.mayHaveChanged(since: fingerprint) else { return nil }
        let (store, since) = (store, fingerprint)
        following = (runner.run("follow", work: { _ in try? store.changedSince(since) }) { [weak self] read in
            self?.followed = .some(read)
        }, since)
        return nil
    }

    /// `fresh`, another writer's save, merged into the trips shown.
    private func merge(_ fresh: TripFileStore.Snapshot) -> FileNews {
        let before = file.trips
        let merged = TripMerge.merge(base: before, ours: trips, theirs: fresh.file.trips)
        (file, fingerprint) = (fresh.file, fresh.fingerprint)
        (journalTail, unjournaled) = (nil, nil) // the journal starts anew on the new file
        owner.adoptFromFile(merged.trips)
        // This model's changes, now on the new file, are still to be saved.
        savedChangeCount = merged.trips == fresh.file.trips ? changeCount : -1
        return FileNews(before: before, after: fresh.file.trips, conflicts: merged.conflicts)
    }

    /// For a planner that keeps no journal (another one held its lock): takes it once that one has
    /// quit. Whether a journal it left (ended without saving) is now pending, to be offered.
    func takeOverJournal() -> Bool {
        guard readOnlyReason == nil, takeJournalLock() else { return false }
        lookForJournal()
        return pendingJournal != nil
    }

    private func adopt(_ file: TripFile) {
        self.file = file
        (journalTail, unjournaled) = (nil, nil) // trips with no change from the ones journaled
        owner.adoptFromFile(file.trips)
        savedChangeCount = changeCount
    }

    /// Writes the trips. When another program changed the file since it was read, its changes
    /// are merged in first (`TripMerge`), so neither side's work is lost. A file that no longer
    /// reads, or that a newer roadtrip rewrote, is neither merged into nor written: the error
    /// says why, and the changes stay in memory (see `saveCopy`).
    @discardableResult
    func save() throws(DataFileError) -> SaveOutcome {
        if let readOnlyReason { throw .readOnly(path: store.path, reason: readOnlyReason) }
        finishRunningSave()
        do {
            let outcome = try writeMerging()
            lastFailedSave = nil
            return outcome
        } catch {
            lastFailedSave = (changeCount, now())
            // The first save of a model that started without a file creates it.
            if case .unwritable(let path, let reason) = error, fingerprint == nil, startedWithoutFile {
                throw .cannotCreate(path: path, reason: reason)
            }
            throw error
        }
    }

    private func writeMerging() throws(DataFileError) -> SaveOutcome {
        let lock = try holdFileLock()
        defer { withExtendedLifetime(lock) {} }
        var outcome = SaveOutcome.saved
        let changed: TripFileStore.Snapshot?
        do {
            changed = try store.changedSince(fingerprint)
        } catch {
            throw .unwritable(path: store.path, reason: "it was changed by another program since it was read, and now \(error.whatIsWrong); it was left as it is")
        }
        if let onDisk = changed {
            guard onDisk.file.version <= TripFile.currentVersion else {
                throw .unwritable(path: store.path, reason: "another program has rewritten it as file version \(onDisk.file.version), newer than this roadtrip writes (\(TripFile.currentVersion)), so it was left as it is")
            }
            let merged = TripMerge.merge(base: file.trips, ours: trips, theirs: onDisk.file.trips)
            file = onDisk.file
            (journalTail, unjournaled) = (nil, nil) // trips with no change from the ones journaled
            owner.adoptFromFile(merged.trips)
            outcome = .merged(conflicts: merged.conflicts)
        }
        var updated = file
        updated.trips = trips
        fingerprint = try store.writeAndFingerprint(updated)
        file = updated
        savedChangeCount = changeCount
        return outcome
    }

    /// The file's lock, for the moment of a write: waits for another writer's moment to end
    /// (`lockPatience`). Nil in a folder where no lock file can be made (the write says why).
    private func holdFileLock() throws(DataFileError) -> FileLock? {
        switch FileLock.acquire(for: store.url, waiting: Self.lockPatience) {
        case .acquired(let lock): return lock
        case .heldByAnother(let pid):
            throw .unwritable(path: store.path, reason: "another roadtrip\(pid.map { " (process \($0))" } ?? "") held its lock for more than \(Int(Self.lockPatience)) seconds, so nothing was written")
        case .refused(let reason): throw .readOnly(path: store.path, reason: reason)
        case .unavailable: return nil
        }
    }

    // MARK: Saving without holding up the keyboard

    /// The autosave running off the main loop, if any.
    private var running: BackgroundSave?

    // MARK: The journal of unsaved changes

    /// The journal write running off the main loop, if any.
    private var journalWrite: BackgroundJob?
    /// The change count the journal was last written for; nil when this model left no journal.
    private var journaledChangeCount: Int?
    /// The file the journal last written was based on: when a save changes it while changes
    /// remain unsaved, a journal is started anew on the new base.
    private var journaledBase: FileFingerprint?
    /// The journal as the last write left it, for the next write to append only what changed
    /// since; nil while a write is on its way (which has it), when there is none of this model's,
    /// or when its last write failed (the next one then starts it anew).
    private var journalTail: JournalTail?
    /// What changed since the last journal write began, for the next one to append.
    private var unjournaled: JournalTail.Changes?

    /// Notes a change the model made (`TripsChange`, as undo history found it) for the journal's
    /// next write, when there is a journal to append it to; otherwise the next write starts one
    /// from the file, which needs none of it.
    func noteChange(_ change: TripsChange, from before: [Trip], to after: [Trip]) {
        guard journalTail != nil || journalWrite != nil else { return }
        unjournaled = unjournaled == nil ? .one(change, before: before, after: after) : .several
    }

    /// The journal a planner that ended without saving left beside the file, as found when this
    /// model took the file's lock. While it is pending (not restored nor set aside), this model
    /// writes no journal of its own over it; one of a newer roadtrip, or one too large to read,
    /// stays pending for good.
    private(set) var pendingJournal: PendingJournal?

    /// Looks for a journal left behind, once this model holds the lock and may write; one whose
    /// changes the file already has is removed.
    private func lookForJournal() {
        pendingJournal = nil
        guard journalLock != nil, readOnlyReason == nil else { return }
        switch TripJournal.find(for: store.url) {
        case .entry(let entry)?:
            let restore = JournalRestore(entry, onto: trips, fingerprint: fingerprint)
            if restore.changesNothing {
                TripJournal.remove(for: store.url)
            } else {
                pendingJournal = .restorable(restore)
            }
        case .newer(let newer)?:
            pendingJournal = .newer(newer)
        case .tooLarge(let tooLarge)?:
            pendingJournal = .tooLarge(tooLarge)
        case nil:
            break
        }
    }

    /// What the full-screen loop calls on every turn, beside `autosave`: changes not saved yet
    /// are written to the journal at once (off the main loop), so that a crash before the autosave
    /// loses nothing (`TripJournal`): appended as what changed since its last write, or, on a
    /// file a save changed since, as a journal started anew. Once everything is saved, the
    /// journal goes. Only the planner that holds the journal's lock keeps one, and not over a
    /// journal still pending.
    ///
    /// Work waiting for the changes to be kept (`ChangesOnDisk`) is told when a write ends, on the
    /// journal's thread, and at once when no journal is kept of them (none here, or all saved).
    func keepJournal() {
        let onDisk = owner.changesOnDisk
        guard journalLock != nil, readOnlyReason == nil, pendingJournal == nil else {
            onDisk.kept(upTo: changeCount)
            return
        }
        if let journalWrite {
            guard journalWrite.state == .ended else { return }
            self.journalWrite = nil
        }
        if hasUnsavedChanges {
            guard journaledChangeCount != changeCount || journaledBase != fingerprint else {
                onDisk.kept(upTo: changeCount)
                return
            }
            (journaledChangeCount, journaledBase) = (changeCount, fingerprint)
            let (current, base, baseTrips, url, count) = (trips, fingerprint, file.trips, store.url, changeCount)
            // Handed over to the write, so that the trips only it still holds (the versions before
            // the changes) are let go on its thread, not on the main loop.
            let (tail, changes) = (journalTail, unjournaled)
            (journalTail, unjournaled) = (nil, nil)
            journalWrite = runner.run("journal", lane: "journal", work: { _ in
                let written = JournalTail.write(current, after: tail, changes: changes, base: base, baseTrips: baseTrips, for: url)
                onDisk.kept(upTo: count)
                return written
            }) { [weak self] tail in
                self?.journalTail = tail
            }
        } else {
            onDisk.kept(upTo: changeCount)
            if journaledChangeCount != nil { removeJournal() }
        }
    }

    /// Removes this model's journal: everything is saved, or the changes were written elsewhere.
    private func removeJournal() {
        journaledChangeCount = nil
        (journalTail, unjournaled) = (nil, nil)
        TripJournal.remove(for: store.url)
    }

    /// Waits for a journal write on its way and removes the journal when everything is saved:
    /// the last thing a planner that quits normally does. A write that has not begun is not
    /// waited for when the journal is to go anyway.
    func closeJournal() {
        finishJournalWrite(needed: hasUnsavedChanges)
        if !hasUnsavedChanges, journaledChangeCount != nil { removeJournal() }
    }

    /// The journal, once its write on the way has ended, when it holds every change not saved: a
    /// planner that ends without saving them leaves it, and the next one offers them back. Nil
    /// when everything is saved, or when the journal lags or its last write failed.
    func journalHoldingTheChanges() -> URL? {
        finishJournalWrite(needed: true)
        guard hasUnsavedChanges, journaledChangeCount == changeCount, journaledBase == fingerprint, let journalTail else { return nil }
        return journalTail.url
    }

    /// Removes this planner's journal whatever is unsaved: the changes were written elsewhere, or
    /// the user chose to lose them.
    func dropJournal() {
        finishJournalWrite(needed: false)
        if journaledChangeCount != nil { removeJournal() }
    }

    /// Ends the journal write on its way: waits for it, or, when it is not `needed` (the journal
    /// goes next), takes it back if it has not begun.
    private func finishJournalWrite(needed: Bool) {
        if let journalWrite, needed || !journalWrite.withdraw() { runner.wait(for: journalWrite) }
        journalWrite = nil
    }

    /// The pending journal's trips, for the model to take back as one change: onto the trips as
    /// they are now, only the journal's own changes when the file changed since (`JournalRestore`).
    /// A journal of this model's is started for them (over the one restored), and goes once they
    /// are saved.
    func takeJournal() -> [Trip]? {
        guard case .restorable(let pending)? = pendingJournal else { return nil }
        let restore = JournalRestore(pending.entry, onto: trips, fingerprint: fingerprint)
        pendingJournal = nil
        journaledChangeCount = -1 // written again for the model's change, removed once it is saved
        (journalTail, unjournaled) = (nil, nil)
        return restore.trips
    }

    /// Keeps the trips the pending journal restores aside as a recovery copy beside the file and
    /// removes the journal; returns where the copy is.
    func setJournalAside() throws(DataFileError) -> URL {
        guard case .restorable(let pending)? = pendingJournal else {
            throw .unwritable(path: TripJournal.url(for: store.url).path, reason: "there is no journal to keep aside")
        }
        var copy = file
        copy.trips = pending.trips
        let url = try TripJournal.keepAside(copy, for: store.url, now: now())
        pendingJournal = nil
        return url
    }

    /// For a command about to change the file while a journal of an older roadtrip is pending
    /// (one that did not note the file it started from): writes it again in this roadtrip's
    /// format, its changes made to the file as it is now, so that a later restore applies only
    /// the journal's changes and keeps the command's.
    func noteTheFileInAnOlderJournal() throws(DataFileError) {
        guard case .restorable(let pending)? = pendingJournal, !pending.knewItsFile else { return }
        _ = try JournalTail.start(base: fingerprint, baseTrips: trips, trips: pending.trips, for: store.url)
        lookForJournal()
    }

    /// The automatic save: what the full-screen loop calls on every turn. When a save is due
    /// (`isDue`) and none is running, it starts one on the runner, with the trips as they are
    /// now (the same checks and the same atomic write as `save()`); once the runner has handed
    /// its result over, it returns it. Keys are handled meanwhile; changes made during the save are saved
    /// by the next one. A file changed underneath by another program is merged here, on this
    /// thread, as `save()` does. Returns nil while nothing has finished.
    @discardableResult
    func autosave() throws(DataFileError) -> SaveOutcome? {
        if let running {
            guard let result = running.result else { return nil }
            return try finish(running, result)
        }
        guard isDue() else { return nil }
        var updated = file
        updated.trips = trips
        running = BackgroundSave(store: store, file: updated, since: fingerprint, changeCount: changeCount, on: runner)
        return nil
    }

    /// Whether an autosave is running off the main loop.
    var isSaving: Bool { running != nil }

    /// Ends the autosave on its way, if any, before a save on the main actor: one that has not
    /// begun is taken back (this save writes everything); one that has is waited for, and its
    /// result taken (as `autosave` would have); a failure is left for the next save to meet again.
    private func finishRunningSave() {
        guard let running else { return }
        if running.job.withdraw() {
            self.running = nil
            return
        }
        runner.wait(for: running.job)
        guard let result = running.result else { return self.running = nil }
        _ = try? finish(running, result)
    }

    private func finish(_ save: BackgroundSave, _ result: BackgroundSave.Result) throws(DataFileError) -> SaveOutcome {
        running = nil
        switch result {
        case .written(let fingerprint, let written):
            self.fingerprint = fingerprint
            file = written
            savedChangeCount = save.changeCount
            lastFailedSave = nil
            return .saved
        case .changedUnderneath:
            // Rare: another program wrote the file. The merge needs the trips as they are now.
            return try self.save()
        case .failed(let error):
            lastFailedSave = (save.changeCount, now())
            throw error
        }
    }

    /// How long autosave waits before trying again a save that failed with nothing changed since.
    static let retryDelay: TimeInterval = 5
    private var lastFailedSave: (changeCount: Int, time: Date)?

    /// Whether `autosave` should save: there are changes and the last one is at least
    /// `autosaveAfter` old. A save that failed is tried again after the next change, or after
    /// `retryDelay`.
    private func isDue() -> Bool {
        let time = now()
        guard hasUnsavedChanges, !isReadOnly, time.timeIntervalSince(owner.lastChangeTime) >= autosaveAfter else { return false }
        if let lastFailedSave, lastFailedSave.changeCount == changeCount, time.timeIntervalSince(lastFailedSave.time) < Self.retryDelay {
            return false
        }
        return true
    }

    /// Writes the trips, as they are now, to a new file at `url` (never over an existing one),
    /// for when the data file cannot be saved. The data file and what counts as saved are left
    /// as they are. The copy is a complete data file: `roadtrip --file` opens it, so it is no
    /// larger than the data file may be (trips too large for that stay in memory, and in the
    /// journal, for the user to undo what made them so).
    func saveCopy(to url: URL) throws(DataFileError) {
        var copy = file
        copy.trips = trips
        let target = TripFileStore(url: url, byteLimit: store.byteLimit)
        let data = try target.encode(copy)
        try target.refuseOversized(data)
        do {
            try FolderMaker.make(url.deletingLastPathComponent().path)
            try AtomicFile.writeNew(data, to: url)
        } catch {
            throw .unwritable(path: url.path, reason: error.reason)
        }
    }
}
