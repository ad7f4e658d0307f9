import BackgroundWork
import Foundation
@preconcurrency import OpenCombine
import RoadtripCore

/// The one source of truth for the trips, shared by every module. It loads the data file,
/// publishes `trips` (observers see every change at once), and saves: after changes once they
/// settle (`autosave()`, which the main loop calls on every turn, writing off the main loop on the
/// model's runner), on `save()`, and on every exit path (the app shell's business).
@MainActor
package final class DataModel: ObservableObject {
    /// How long after the last change an automatic save happens (SPEC §3: at most about a second).
    package static let autosaveDelay: TimeInterval = 0.5
    /// This model's delay: `autosaveDelay`, unless a test of what a crash before the autosave
    /// leaves needs a longer window (`ROADTRIP_AUTOSAVE_DELAY`, seconds, read by the planner).
    package var autosaveAfter: TimeInterval = DataModel.autosaveDelay

    @Published package private(set) var trips: [Trip] = []
    private let changes = PassthroughSubject<TripsUpdate, Never>()

    /// `trips` again, each time with what changed (`TripsUpdate`): History finds the change
    /// once, and whatever keeps something per trip or per stop updates only what it names.
    /// The first value is the trips as they are when this is asked for, with no change (a
    /// subscriber has nothing to update yet); ask for it when subscribing.
    package var tripChanges: AnyPublisher<TripsUpdate, Never> {
        changes.prepend(TripsUpdate(trips: trips, change: nil)).eraseToAnyPublisher()
    }
    package let store: TripFileStore

    /// The envelope as read, so that fields a newer version wrote survive the next save.
    private var file = TripFile(trips: [])
    private var changeCount = 0
    private var savedChangeCount = 0
    private var lastChangeTime = Date.distantPast
    private var history = History()
    /// The file as last read or written, to notice another program's changes before saving.
    private var fingerprint: FileFingerprint?
    private var lock: FileLock?
    /// Read-only because another roadtrip held the lock when this one started.
    private var lockHeldElsewhere = false

    /// Why changes cannot be saved (another roadtrip has the file, or a newer one wrote it); while
    /// set, the trips cannot be changed and nothing is written.
    package private(set) var readOnlyReason: String?
    package var isReadOnly: Bool { readOnlyReason != nil }

    /// What a save did.
    package enum SaveOutcome: Equatable, Sendable {
        case saved
        /// The file had been changed by another program; its changes were merged with ours first.
        /// `conflicts` names trips both changed (theirs kept as a copy). Undo history from before
        /// the merge is gone: undoing into it would bring back trips without the other program's
        /// changes, and the next save would erase them.
        case merged(conflicts: [String])
    }

    /// What time it is, for the autosave and retry delays: the real clock, unless a test gives a
    /// clock it moves by hand, so that it need neither wait nor read the wall clock. (Ages of files
    /// on disk are the file system's times, and stay on the real clock: see `AtomicFile`.)
    private let now: @Sendable () -> Date
    /// Where autosaves and journal writes run: the program's runner, or a test's manual one.
    package let runner: any BackgroundRunner

    package init(store: TripFileStore, now: @escaping @Sendable () -> Date = { Date() }, runner: any BackgroundRunner = ThreadRunner.shared) {
        self.store = store
        self.now = now
        self.runner = runner
    }

    package var hasUnsavedChanges: Bool { changeCount != savedChangeCount }

    // MARK: Loading and saving

    /// Whether there was no data file when the model was loaded (a first run).
    package private(set) var startedWithoutFile = false

    /// Reads the file; when there is none yet, starts from `seed()` and writes it at once, or,
    /// without a `seed` (the command line), starts with no trips and writes nothing: the first
    /// save creates the file.
    /// A file that cannot be read or parsed throws and is left untouched. A writer (`locking`)
    /// takes the file's lock first and clears what saves killed midway left behind; another
    /// roadtrip holding it, a file from a newer version, or a file a save must not replace
    /// (read-only, hard-linked) makes the model read-only. Readers (`roadtrip list`) take no lock
    /// and leave nothing behind. A writer that may save then looks for a journal a planner that
    /// ended without saving left (`pendingJournal`).
    package func load(locking: Bool = true, seed: (() throws -> [Trip])?) throws {
        if locking, lockFile() { AtomicFile.removeStaleTemporaryFiles(for: store.url) }
        try read(locking: locking, seed: seed)
        lookForJournal()
    }

    /// `load`'s reading of the file, or of `seed` when there is none.
    private func read(locking: Bool, seed: (() throws -> [Trip])?) throws {
        if let snapshot = try store.load() {
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

    /// Takes the file's lock; returns whether this model now holds it.
    private func lockFile() -> Bool {
        switch FileLock.acquire(for: store.url) {
        case .acquired(let lock):
            self.lock = lock
            return true
        case .heldByAnother(let pid):
            lockHeldElsewhere = true
            readOnlyReason = "another roadtrip\(pid.map { " (process \($0))" } ?? "") has it open"
        case .refused(let reason):
            readOnlyReason = reason
        case .unavailable:
            // A folder where no lock file can be made is one where the data file cannot be saved
            // either; saving will say so.
            break
        }
        return false
    }

    /// What `followLockHolder` saw.
    package enum LockHolderNews: Equatable, Sendable {
        /// The other roadtrip saved: its trips are shown.
        case reloaded
        /// The other roadtrip is gone: this one holds the lock, has read the file, and can save
        /// (unless the file itself forbids it: `readOnlyReason` says).
        case tookOver
    }

    /// For a model opened read-only because another roadtrip had the file: takes the lock as soon
    /// as that one has quit (and reads what it saved), else reads the file again when it was
    /// saved, so that the other roadtrip's changes show here. The main loop calls it about once a
    /// second; it costs one open and a `stat` when nothing happened.
    package func followLockHolder() -> LockHolderNews? {
        guard lockHeldElsewhere else { return nil }
        if case .acquired(let lock) = FileLock.acquire(for: store.url) {
            self.lock = lock
            lockHeldElsewhere = false
            readOnlyReason = nil
            do {
                // Read the file again: what the other roadtrip saved last.
                let snapshot = try store.load()
                adopt(snapshot?.file ?? TripFile(trips: []))
                fingerprint = snapshot?.fingerprint
                if file.version > TripFile.currentVersion {
                    readOnlyReason = Self.newerVersionReason(file.version)
                } else if let obstacle = store.saveObstacle() {
                    readOnlyReason = obstacle
                }
            } catch {
                readOnlyReason = error.description
            }
            lookForJournal()
            return .tookOver
        }
        guard let fresh = try? store.changedSince(fingerprint) else { return nil }
        adopt(fresh.file)
        fingerprint = fresh.fingerprint
        return .reloaded
    }

    private func adopt(_ file: TripFile) {
        self.file = file
        show(file.trips, change: nil)
        savedChangeCount = changeCount
        history.clear()
    }

    /// Writes the trips. When another program changed the file since it was read, its changes
    /// are merged in first (`TripMerge`), so neither side's work is lost. A file that no longer
    /// reads, or that a newer roadtrip rewrote, is neither merged into nor written: the error
    /// says why, and the changes stay in memory (see `saveCopy`).
    @discardableResult
    package func save() throws(DataFileError) -> SaveOutcome {
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
            show(merged.trips, change: nil)
            history.clear()
            outcome = .merged(conflicts: merged.conflicts)
        }
        var updated = file
        updated.trips = trips
        fingerprint = try store.writeAndFingerprint(updated)
        file = updated
        savedChangeCount = changeCount
        return outcome
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
    /// remain unsaved, the journal is written again on the new base.
    private var journaledBase: FileFingerprint?

    /// The journal a planner that ended without saving left beside the file, as found when this
    /// model took the file's lock. While it is pending (not restored nor set aside), this model
    /// writes no journal of its own over it; one of a newer roadtrip stays pending for good.
    package private(set) var pendingJournal: PendingJournal?

    /// Looks for a journal left behind, once this model holds the lock and may write; one whose
    /// changes the file already has is removed.
    private func lookForJournal() {
        pendingJournal = nil
        guard lock != nil, readOnlyReason == nil else { return }
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
        case nil:
            break
        }
    }

    /// What the full-screen loop calls on every turn, beside `autosave`: a change not saved yet is
    /// written to the journal at once (off the main loop), so that a crash before the autosave
    /// loses nothing (`TripJournal`); once everything is saved, the journal goes. Only the
    /// planner that holds the file's lock keeps one, and not over a journal still pending.
    package func keepJournal() {
        guard lock != nil, readOnlyReason == nil, pendingJournal == nil else { return }
        if let journalWrite {
            guard journalWrite.state == .ended else { return }
            self.journalWrite = nil
        }
        if hasUnsavedChanges {
            guard journaledChangeCount != changeCount || journaledBase != fingerprint else { return }
            (journaledChangeCount, journaledBase) = (changeCount, fingerprint)
            var current = file
            current.trips = trips
            let (written, base, url) = (current, file.trips, store.url)
            // A failure only means the journal is older: the trips file is still saved as usual.
            journalWrite = runner.run("journal", work: { [fingerprint] _ in
                try? TripJournal.write(written, base: JournalBase(file: fingerprint, trips: base, ours: written.trips), for: url)
            }) { _ in }
        } else if journaledChangeCount != nil {
            journaledChangeCount = nil
            TripJournal.remove(for: store.url)
        }
    }

    /// Waits for a journal write on its way and removes the journal when everything is saved:
    /// the last thing a planner that quits normally does. A write that has not begun is not
    /// waited for when the journal is to go anyway.
    package func closeJournal() {
        finishJournalWrite(needed: hasUnsavedChanges)
        if !hasUnsavedChanges, journaledChangeCount != nil {
            journaledChangeCount = nil
            TripJournal.remove(for: store.url)
        }
    }

    /// Removes this planner's journal whatever is unsaved: the changes were written elsewhere, or
    /// the user chose to lose them.
    package func dropJournal() {
        finishJournalWrite(needed: false)
        if journaledChangeCount != nil { TripJournal.remove(for: store.url) }
        journaledChangeCount = nil
    }

    /// Ends the journal write on its way: waits for it, or, when it is not `needed` (the journal
    /// goes next), takes it back if it has not begun.
    private func finishJournalWrite(needed: Bool) {
        if let journalWrite, needed || !journalWrite.withdraw() { runner.wait(for: journalWrite) }
        journalWrite = nil
    }

    /// Takes back the changes of the pending journal, as one change (`u` undoes it): onto the
    /// trips as they are now, only the journal's own changes when the file changed since
    /// (`JournalRestore`). The journal is written again for them, and goes once they are saved.
    package func restoreJournal() {
        guard case .restorable(let pending)? = pendingJournal else { return }
        let restore = JournalRestore(pending.entry, onto: trips, fingerprint: fingerprint)
        pendingJournal = nil
        change("restore the changes of a session that ended without saving") { $0 = restore.trips }
        journaledChangeCount = -1 // written again for this change, removed once it is saved
    }

    /// Keeps the pending journal's trips aside as a recovery copy beside the file and removes the
    /// journal; returns where the copy is.
    package func setJournalAside() throws(DataFileError) -> URL {
        guard case .restorable(let pending)? = pendingJournal else {
            throw .unwritable(path: TripJournal.url(for: store.url).path, reason: "there is no journal to keep aside")
        }
        let copy = try TripJournal.keepAside(pending.entry, for: store.url, now: now())
        pendingJournal = nil
        return copy
    }

    /// For a command about to change the file while a journal of an older roadtrip is pending
    /// (one that did not note the file it started from): notes the file as it is now as its
    /// base, so that a later restore applies only the journal's changes and keeps the command's.
    package func noteTheFileInAnOlderJournal() throws(DataFileError) {
        guard case .restorable(let pending)? = pendingJournal, !pending.knewItsFile else { return }
        try TripJournal.write(pending.entry.file, base: pending.base, for: store.url)
        lookForJournal()
    }

    /// The automatic save: what the full-screen loop calls on every turn. When a save is due
    /// (`isDue`) and none is running, it starts one on the runner, with the trips as they are
    /// now (the same checks and the same atomic write as `save()`); once the runner has handed
    /// its result over, it returns it. Keys are handled meanwhile; changes made during the save are saved
    /// by the next one. A file changed underneath by another program is merged here, on this
    /// thread, as `save()` does. Returns nil while nothing has finished.
    @discardableResult
    package func autosave() throws(DataFileError) -> SaveOutcome? {
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
    package var isSaving: Bool { running != nil }

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
        guard hasUnsavedChanges, !isReadOnly, time.timeIntervalSince(lastChangeTime) >= autosaveAfter else { return false }
        if let lastFailedSave, lastFailedSave.changeCount == changeCount, time.timeIntervalSince(lastFailedSave.time) < Self.retryDelay {
            return false
        }
        return true
    }

    /// Writes the trips, as they are now, to a new file at `url` (never over an existing one),
    /// for when the data file cannot be saved. The data file and what counts as saved are left
    /// as they are. The copy is a complete data file: `roadtrip --file` opens it.
    package func saveCopy(to url: URL) throws(DataFileError) {
        var copy = file
        copy.trips = trips
        let target = TripFileStore(url: url)
        let data = try target.encode(copy)
        do {
            try FolderMaker.make(url.deletingLastPathComponent().path)
            try AtomicFile.writeNew(data, to: url)
        } catch {
            throw .unwritable(path: url.path, reason: error.reason)
        }
    }

    // MARK: Reading

    package func trip(id: Trip.ID) -> Trip? {
        trips.first { $0.id == id }
    }

    // MARK: Changing

    /// Adds a trip at `index` (the top by default) and returns it.
    @discardableResult
    package func addTrip(_ trip: Trip = Trip(), at index: Int = 0) -> Trip {
        change("add trip \(trip.name)") { $0.insert(trip, at: min(max(0, index), $0.count)) }
        return trip
    }

    /// Adds `trips` at `index`, in their order, as one change (an import: one `u` takes them all back).
    package func addTrips(_ trips: [Trip], at index: Int = 0, _ description: String) {
        guard !trips.isEmpty else { return }
        change(description) { $0.insert(contentsOf: trips, at: min(max(0, index), $0.count)) }
    }

    /// Renames a trip. Renames with the same `session` in a row are undone as one.
    package func renameTrip(id: Trip.ID, to name: String, session: String? = nil) {
        guard let old = trip(id: id) else { return }
        updateTrip(id: id, "rename trip \(old.name)", coalescingKey: session.map { "rename \($0)" }) { $0.name = name }
    }

    package func deleteTrip(id: Trip.ID) {
        guard let trip = trip(id: id) else { return }
        change("delete trip \(trip.name)") { $0.removeAll { $0.id == id } }
    }

    /// Applies `update` to the trip with `id`, recorded for undo as `description`; nothing
    /// happens when there is no such trip or nothing changed.
    package func updateTrip(id: Trip.ID, _ description: String, coalescingKey: String? = nil, _ update: (inout Trip) -> Void) {
        guard let index = trips.firstIndex(where: { $0.id == id }) else { return }
        var trip = trips[index]
        update(&trip)
        change(description, coalescingKey: coalescingKey) { $0[index] = trip }
    }

    /// Every change goes through here: one undo entry, one publication, one autosave clock; a
    /// change that changed nothing is none of them.
    private func change(_ description: String, coalescingKey: String? = nil, _ body: (inout [Trip]) -> Void) {
        guard !isReadOnly else { return }
        var copy = trips
        body(&copy)
        guard let changed = history.record(description, before: trips, after: copy, coalescingKey: coalescingKey) else { return }
        publish(copy, change: changed)
    }

    private func publish(_ newTrips: [Trip], change: TripsChange) {
        show(newTrips, change: change)
        changeCount += 1
        lastChangeTime = now()
    }

    /// Publishes `newTrips` on both publishers: `$trips`, then `tripChanges` with `change`.
    private func show(_ newTrips: [Trip], change: TripsChange?) {
        trips = newTrips
        changes.send(TripsUpdate(trips: newTrips, change: change))
    }

    // MARK: Undo

    package var canUndo: Bool { !history.undoEntries.isEmpty }
    package var canRedo: Bool { !history.redoEntries.isEmpty }

    /// Goes back before the last change; returns what it was ("delete stop Monterey").
    @discardableResult
    package func undo() -> String? {
        guard !isReadOnly, let step = history.undo(current: trips) else { return nil }
        publish(step.trips, change: step.change)
        return step.description
    }

    /// Makes the last undone change again; returns what it was.
    @discardableResult
    package func redo() -> String? {
        guard !isReadOnly, let step = history.redo(current: trips) else { return nil }
        publish(step.trips, change: step.change)
        return step.description
    }
}
