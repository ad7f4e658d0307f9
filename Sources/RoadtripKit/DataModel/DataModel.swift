import Foundation
@preconcurrency import OpenCombine

/// The one source of truth for the trips, shared by every module. It loads the data file,
/// publishes `trips` (observers see every change at once), and saves: after changes once they
/// settle (`saveIfDue`), on `save()`, and on every exit path (the app shell's business).
@MainActor
public final class DataModel: ObservableObject {
    /// How long after the last change an automatic save happens (SPEC §3: at most about a second).
    public static let autosaveDelay: TimeInterval = 0.5

    @Published public private(set) var trips: [Trip] = []
    public let store: TripFileStore

    /// The envelope as read, so that fields a newer version wrote survive the next save.
    private var file = TripFile(trips: [])
    private var changeCount = 0
    private var savedChangeCount = 0
    private var lastChangeTime = Date.distantPast
    private var history = History()
    /// The file as last read or written, to notice another program's changes before saving.
    private var fingerprint: FileFingerprint?
    private var lock: FileLock?

    /// Why changes cannot be saved (another roadtrip has the file, or a newer one wrote it); while
    /// set, the trips cannot be changed and nothing is written.
    public private(set) var readOnlyReason: String?
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// What a save did.
    public enum SaveOutcome: Equatable, Sendable {
        case saved
        /// The file had been changed by another program; its changes were merged with ours first.
        /// `conflicts` names trips both changed (theirs kept as a copy).
        case merged(conflicts: [String])
    }

    public init(store: TripFileStore) {
        self.store = store
    }

    public var hasUnsavedChanges: Bool { changeCount != savedChangeCount }

    // MARK: Loading and saving

    /// Reads the file; when there is none yet, starts from `seed()` and writes it at once.
    /// A file that cannot be read or parsed throws and is left untouched. A writer (`locking`)
    /// takes the file's lock first; another roadtrip holding it, or a file from a newer version,
    /// makes the model read-only. Readers (`roadtrip list`) take no lock and leave nothing behind.
    public func load(locking: Bool = true, seed: () throws -> [Trip]) throws {
        if locking { lockFile() }
        if let (file, fingerprint) = try store.readWithFingerprint() {
            adopt(file)
            self.fingerprint = fingerprint
            if file.version > TripFile.currentVersion {
                readOnlyReason = "it was written by a newer roadtrip (file version \(file.version); this one reads version \(TripFile.currentVersion))"
            }
        } else {
            adopt(TripFile(trips: try seed()))
            if !isReadOnly { try save() }
        }
    }

    private func lockFile() {
        switch FileLock.acquire(for: store.url) {
        case .acquired(let lock):
            self.lock = lock
        case .heldByAnother(let pid):
            readOnlyReason = "another roadtrip\(pid.map { " (process \($0))" } ?? "") has it open"
        case .unavailable:
            // A folder where no lock file can be made is one where the data file cannot be saved
            // either; saving will say so.
            break
        }
    }

    /// Reads the file again, dropping changes not yet saved.
    public func reload() throws(DataFileError) {
        let read = try store.readWithFingerprint()
        adopt(read?.0 ?? TripFile(trips: []))
        fingerprint = read?.1
    }

    private func adopt(_ file: TripFile) {
        self.file = file
        trips = file.trips
        savedChangeCount = changeCount
        history.clear()
    }

    /// Writes the trips. When another program changed the file since it was read, its changes
    /// are merged in first (`TripMerge`), so neither side's work is lost.
    @discardableResult
    public func save() throws(DataFileError) -> SaveOutcome {
        if let readOnlyReason { throw .readOnly(path: store.path, reason: readOnlyReason) }
        var outcome = SaveOutcome.saved
        if let onDisk = try store.changedSince(fingerprint) {
            let merged = TripMerge.merge(base: file.trips, ours: trips, theirs: onDisk.trips)
            file = onDisk
            trips = merged.trips
            outcome = .merged(conflicts: merged.conflicts)
        }
        var updated = file
        updated.trips = trips
        fingerprint = try store.writeAndFingerprint(updated)
        file = updated
        savedChangeCount = changeCount
        return outcome
    }

    /// Saves when there are changes and the last one is at least `autosaveDelay` old.
    /// Returns whether it saved.
    /// Returns what the save did, or nil when it was not due.
    @discardableResult
    public func saveIfDue(now: Date = Date()) throws(DataFileError) -> SaveOutcome? {
        guard hasUnsavedChanges, !isReadOnly, now.timeIntervalSince(lastChangeTime) >= Self.autosaveDelay else { return nil }
        return try save()
    }

    // MARK: Reading

    public func trip(id: Trip.ID) -> Trip? {
        trips.first { $0.id == id }
    }

    // MARK: Changing

    /// Adds a trip at `index` (the top by default) and returns it.
    @discardableResult
    public func addTrip(_ trip: Trip = Trip(), at index: Int = 0) -> Trip {
        change("add trip \(trip.name)") { $0.insert(trip, at: min(max(0, index), $0.count)) }
        return trip
    }

    /// Renames a trip. Renames with the same `session` in a row are undone as one.
    public func renameTrip(id: Trip.ID, to name: String, session: String? = nil) {
        guard let old = trip(id: id) else { return }
        updateTrip(id: id, "rename trip \(old.name)", coalescingKey: session.map { "rename \($0)" }) { $0.name = name }
    }

    public func deleteTrip(id: Trip.ID) {
        guard let trip = trip(id: id) else { return }
        change("delete trip \(trip.name)") { $0.removeAll { $0.id == id } }
    }

    /// Applies `update` to the trip with `id`, recorded for undo as `description`; nothing
    /// happens when there is no such trip or nothing changed.
    public func updateTrip(id: Trip.ID, _ description: String, coalescingKey: String? = nil, _ update: (inout Trip) -> Void) {
        guard let index = trips.firstIndex(where: { $0.id == id }) else { return }
        var trip = trips[index]
        update(&trip)
        guard trip != trips[index] else { return }
        change(description, coalescingKey: coalescingKey) { $0[index] = trip }
    }

    /// Every change goes through here: one undo entry, one publication, one autosave clock.
    private func change(_ description: String, coalescingKey: String? = nil, _ body: (inout [Trip]) -> Void) {
        guard !isReadOnly else { return }
        var copy = trips
        body(&copy)
        history.recordChange(description, before: trips, coalescingKey: coalescingKey)
        if coalescingKey != nil { history.dropLastIfUnchanged(current: copy) }
        publish(copy)
    }

    private func publish(_ newTrips: [Trip]) {
        trips = newTrips
        changeCount += 1
        lastChangeTime = Date()
    }

    // MARK: Undo

    public var canUndo: Bool { !history.undoEntries.isEmpty }
    public var canRedo: Bool { !history.redoEntries.isEmpty }

    /// Goes back before the last change; returns what it was ("delete stop Monterey").
    @discardableResult
    public func undo() -> String? {
        guard !isReadOnly, let entry = history.undo(current: trips) else { return nil }
        publish(entry.trips)
        return entry.description
    }

    /// Makes the last undone change again; returns what it was.
    @discardableResult
    public func redo() -> String? {
        guard !isReadOnly, let entry = history.redo(current: trips) else { return nil }
        publish(entry.trips)
        return entry.description
    }
}
