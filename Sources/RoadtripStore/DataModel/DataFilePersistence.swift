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
/// or off the main loop once changes settle) and following the file; the journal of unsaved
/// changes is `UnsavedJournal`'s, told the file's state at each call. It knows the trips only as what to write and what was read: their changes and undo
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
    /// When the autosave is due (`AutosaveSchedule`).
    private var schedule = AutosaveSchedule()
    /// This model's delay (`AutosaveSchedule.delay`).
    var autosaveAfter: TimeInterval {
        get { schedule.delay }
        set { schedule.delay = newValue }
    }

    /// The envelope as read, so that fields a newer version wrote survive the next save.
    private var file = TripFile(trips: [])
    private var savedChangeCount = 0
    /// The file as last read or written, to notice another writer's changes before saving.
    private var fingerprint: FileFingerprint?
    /// The journal of unsaved changes, kept by the one writer that holds its lock.
    private let journal: UnsavedJournal

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
        journal = UnsavedJournal(for: store.url, runner: runner)
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
        journal.takeLock()
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
                fresh.fingerprint.hash != fingerprint?.hash
            else { return nil }
            return merge(fresh)
        }
        guard running == nil, store.mayHaveChanged(since: fingerprint) else { return nil }
        let (store, since) = (store, fingerprint)
        following = (
            runner.run("follow", work: { _ in try? store.changedSince(since) }) { [weak self] read in
                self?.followed = .some(read)
            }, since
        )
        return nil
    }

    /// `fresh`, another writer's save, merged into the trips shown.
    private func merge(_ fresh: TripFileStore.Snapshot) -> FileNews {
        let before = file.trips
        let merged = TripMerge.merge(base: before, ours: trips, theirs: fresh.file.trips)
        (file, fingerprint) = (fresh.file, fresh.fingerprint)
        journal.fileReplaced() // the journal starts anew on the new file
        owner.adoptFromFile(merged.trips)
        // This model's changes, now on the new file, are still to be saved.
        savedChangeCount = merged.trips == fresh.file.trips ? changeCount : -1
        return FileNews(before: before, after: fresh.file.trips, conflicts: merged.conflicts)
    }

    /// For a planner that keeps no journal (another one held its lock): takes it once that one has
    /// quit. Whether a journal it left (ended without saving) is now pending, to be offered.
    func takeOverJournal() -> Bool {
        guard readOnlyReason == nil, journal.takeLock() else { return false }
        lookForJournal()
        return pendingJournal != nil
    }

    private func adopt(_ file: TripFile) {
        self.file = file
        journal.fileReplaced() // trips with no change from the ones journaled
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
            schedule.saved()
            return outcome
        } catch {
            schedule.failed(changeCount: changeCount, at: now())
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
            throw .unwritable(
                path: store.path, reason: "it was changed by another program since it was read, and now \(error.whatIsWrong); it was left as it is")
        }
        if let onDisk = changed {
            guard onDisk.file.version <= TripFile.currentVersion else {
                throw .unwritable(
                    path: store.path,
                    reason:
                        "another program has rewritten it as file version \(onDisk.file.version), newer than this roadtrip writes (\(TripFile.currentVersion)), so it was left as it is"
                )
            }
            let merged = TripMerge.merge(base: file.trips, ours: trips, theirs: onDisk.file.trips)
            file = onDisk.file
            journal.fileReplaced() // trips with no change from the ones journaled
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
            throw .unwritable(
                path: store.path,
                reason:
                    "another roadtrip\(pid.map { " (process \($0))" } ?? "") held its lock for more than \(Int(Self.lockPatience)) seconds, so nothing was written"
            )
        case .refused(let reason): throw .readOnly(path: store.path, reason: reason)
        case .unavailable: return nil
        }
    }

    // MARK: Saving without holding up the keyboard

    /// The autosave running off the main loop, if any.
    private var running: BackgroundSave?

    // MARK: The journal of unsaved changes (`UnsavedJournal` keeps it)

    /// The file as this keeper knows it, for the journal: what it holds and what it is based on.
    private var journalView: UnsavedJournal.FileState {
        UnsavedJournal.FileState(
            trips: trips, changeCount: changeCount, isSaved: !hasUnsavedChanges, base: fingerprint, baseFile: file,
            mayWrite: readOnlyReason == nil)
    }

    func noteChange(_ change: TripsChange, from before: [Trip], to after: [Trip]) {
        journal.noteChange(change, from: before, to: after)
    }

    var pendingJournal: PendingJournal? { journal.pending }

    private func lookForJournal() {
        journal.look(in: journalView)
    }

    func keepJournal() {
        journal.keep(journalView, onDisk: owner.changesOnDisk)
    }

    func closeJournal() {
        journal.close(isSaved: !hasUnsavedChanges)
    }

    func journalHoldingTheChanges() -> URL? {
        journal.holdingTheChanges(of: journalView)
    }

    func dropJournal() {
        journal.drop()
    }

    func takeJournal() -> [Trip]? {
        journal.take(onto: journalView)
    }

    func setJournalAside() throws(DataFileError) -> URL {
        try journal.setAside(envelope: file, now: now())
    }

    func noteTheFileInAnOlderJournal() throws(DataFileError) {
        try journal.noteTheFileInAnOlderJournal(journalView)
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
            schedule.saved()
            return .saved
        case .changedUnderneath:
            // Rare: another program wrote the file. The merge needs the trips as they are now.
            return try self.save()
        case .failed(let error):
            schedule.failed(changeCount: save.changeCount, at: now())
            throw error
        }
    }

    /// Whether `autosave` should save: there are changes, this model may write, and the
    /// schedule says so (`AutosaveSchedule`: the last change old enough, a failed save not retried at once).
    private func isDue() -> Bool {
        hasUnsavedChanges && !isReadOnly && schedule.isDue(changeCount: changeCount, lastChange: owner.lastChangeTime, now: now())
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
