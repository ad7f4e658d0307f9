import BackgroundWork
import Foundation
@preconcurrency import OpenCombine
import RoadtripCore

/// The one source of truth for the trips, shared by every module: it publishes `trips`
/// (observers see every change at once), makes every change as one described, undoable step, and
/// undoes and redoes them. The data file is its keeper's (`DataFilePersistence`): loading and
/// locking it, saving after changes once they settle (`autosave()`, which the main loop calls on
/// every turn, writing off the main loop on the model's runner), on `save()`, and on every exit
/// path (the app shell's business), merging another program's changes, and the journal.
@MainActor
package final class DataModel: ObservableObject, PersistedTrips {
    /// How long after the last change an automatic save happens (SPEC §3: at most about a second).
    package nonisolated static let autosaveDelay: TimeInterval = 0.5
    /// This model's delay: `autosaveDelay`, unless a test of what a crash before the autosave
    /// leaves needs a longer window (`ROADTRIP_AUTOSAVE_DELAY`, seconds, read by the planner).
    package var autosaveAfter: TimeInterval {
        get { persistence.autosaveAfter }
        set { persistence.autosaveAfter = newValue }
    }

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

    private(set) var changeCount = 0
    /// How far the changes are kept on disk, for work that must wait for them (routing).
    package let changesOnDisk = ChangesOnDisk()
    private(set) var lastChangeTime = Date.distantPast
    private var history = History()

    /// What time it is, for the autosave and retry delays: the real clock, unless a test gives a
    /// clock it moves by hand, so that it need neither wait nor read the wall clock. (Ages of files
    /// on disk are the file system's times, and stay on the real clock: see `AtomicFile`.)
    private let now: @Sendable () -> Date
    /// Where autosaves and journal writes run: the program's runner, or a test's manual one.
    package let runner: any BackgroundRunner
    /// While the planner reads the file off the main loop (`load(showingFirst:seed:)`), or how
    /// that read failed; nil once the file is loaded. Until then the trips are the file's first
    /// ones only, and nothing changes them.
    package internal(set) var reading: Reading?
    /// The data file: the lock, saving, merging, the journal.
    lazy var persistence = DataFilePersistence(keeping: self, store: store, now: now, runner: runner)

    package init(store: TripFileStore, now: @escaping @Sendable () -> Date = { Date() }, runner: any BackgroundRunner) {
        self.store = store
        self.now = now
        self.runner = runner
    }

    package var hasUnsavedChanges: Bool { persistence.hasUnsavedChanges }

    /// Why changes cannot be saved (a newer roadtrip wrote the file, or it may not be replaced);
    /// while set, the trips cannot be changed and nothing is written.
    package var readOnlyReason: String? { persistence.readOnlyReason }
    package var isReadOnly: Bool { readOnlyReason != nil }

    /// Trips read from the file, or merged with it: no change to undo.
    func adoptFromFile(_ trips: [Trip]) {
        show(trips, change: nil)
        history.clear()
    }

    // MARK: The data file (`DataFilePersistence` says how)

    /// Whether there was no data file when the model was loaded (a first run).
    package var startedWithoutFile: Bool { persistence.startedWithoutFile }

    /// Reads the file, or starts from `seed()` when there is none; a writer (`locking`) takes its
    /// lock and looks for a journal left behind (`DataFilePersistence.load`).
    package func load(locking: Bool = true, seed: (() throws -> [Trip])?) throws {
        try persistence.load(locking: locking, seed: seed)
    }

    /// Another writer's save merged into the trips shown, this model's unsaved changes kept
    /// (`DataFilePersistence.followFile`); nil when nothing changed.
    package func followFile() -> FileNews? {
        persistence.followFile()
    }

    /// Whether the file is being read off the main loop to follow another writer's save.
    package var isFollowing: Bool { persistence.isFollowing }

    /// Takes over keeping the journal once the planner that kept it has quit; whether one it left
    /// is now pending (`DataFilePersistence.takeOverJournal`).
    package func takeOverJournal() -> Bool {
        persistence.takeOverJournal()
    }

    /// Writes the trips, merging another program's changes first (`DataFilePersistence.save`).
    @discardableResult
    package func save() throws(DataFileError) -> SaveOutcome {
        try persistence.save()
    }

    /// The automatic save, off the main loop once changes settle; nil while nothing has finished
    /// (`DataFilePersistence.autosave`).
    @discardableResult
    package func autosave() throws(DataFileError) -> SaveOutcome? {
        try persistence.autosave()
    }

    /// Whether an autosave is running off the main loop.
    package var isSaving: Bool { persistence.isSaving }

    /// Writes the trips, as they are now, to a new file at `url` (never over an existing one).
    package func saveCopy(to url: URL) throws(DataFileError) {
        try persistence.saveCopy(to: url)
    }

    // MARK: The journal of unsaved changes (`DataFilePersistence` says how)

    /// The journal a planner that ended without saving left beside the file, while it is pending.
    package var pendingJournal: PendingJournal? { persistence.pendingJournal }

    /// A change not saved yet goes to the journal at once; once everything is saved, it goes.
    package func keepJournal() {
        persistence.keepJournal()
    }

    /// Removes the journal when everything is saved: the last thing a planner that quits normally does.
    package func closeJournal() {
        persistence.closeJournal()
    }

    /// The journal, once its write on the way has ended, when it holds every change not saved
    /// (`DataFilePersistence.journalHoldingTheChanges`).
    package func journalHoldingTheChanges() -> URL? {
        persistence.journalHoldingTheChanges()
    }

    /// Removes this planner's journal whatever is unsaved.
    package func dropJournal() {
        persistence.dropJournal()
    }

    /// Takes back the changes of the pending journal, as one change (`u` undoes it).
    package func restoreJournal() {
        guard let restored = persistence.takeJournal() else { return }
        change("restore the changes of a session that ended without saving") { $0 = restored }
    }

    /// Keeps the pending journal's trips aside as a recovery copy; returns where the copy is.
    package func setJournalAside() throws(DataFileError) -> URL {
        try persistence.setJournalAside()
    }

    /// Notes the file as it is now as the base of a pending journal of an older roadtrip.
    package func noteTheFileInAnOlderJournal() throws(DataFileError) {
        try persistence.noteTheFileInAnOlderJournal()
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
        change(description, coalescingKey: coalescingKey, onlyAt: index) { $0[index] = trip }
    }

    /// Every change goes through here: one undo entry, one publication, one autosave clock; a
    /// change that changed nothing is none of them.
    /// `onlyAt`: the one place `body` changes, when known (so that the other trips of a large
    /// file are not compared to find it).
    private func change(_ description: String, coalescingKey: String? = nil, onlyAt place: Int? = nil, _ body: (inout [Trip]) -> Void) {
        guard !isReadOnly, reading == nil else { return }
        var copy = trips
        body(&copy)
        guard let changed = history.record(description, before: trips, after: copy, coalescingKey: coalescingKey, onlyAt: place) else { return }
        publish(copy, change: changed)
    }

    private func publish(_ newTrips: [Trip], change: TripsChange) {
        persistence.noteChange(change, from: trips, to: newTrips)
        // Counted before the screens hear of it: the legs they ask for wait for this change to
        // be kept (`changesOnDisk`).
        changeCount += 1
        changesOnDisk.made(changeCount)
        lastChangeTime = now()
        show(newTrips, change: change)
    }

    /// Publishes `newTrips` on both publishers: `$trips`, then `tripChanges` with `change`.
    private func show(_ newTrips: [Trip], change: TripsChange?) {
        trips = newTrips
        changes.send(TripsUpdate(trips: newTrips, change: change))
    }

    // MARK: Undo

    /// Goes through the undo history's work for an edit on made-up trips (`History.rehearse`),
    /// so that the first real edit does not pay for the look-ups Swift makes the first time. For
    /// a job of the runner (off the main loop), once the first frame is out.
    package nonisolated static func rehearseEditing() {
        History.rehearse()
    }

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
