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

    public init(store: TripFileStore) {
        self.store = store
    }

    public var hasUnsavedChanges: Bool { changeCount != savedChangeCount }

    // MARK: Loading and saving

    /// Reads the file; when there is none yet, starts from `seed()` and writes it at once.
    /// A file that cannot be read or parsed throws and is left untouched.
    public func load(seed: () throws -> [Trip]) throws {
        if let file = try store.read() {
            adopt(file)
        } else {
            adopt(TripFile(trips: try seed()))
            try save()
        }
    }

    /// Reads the file again, dropping changes not yet saved.
    public func reload() throws(DataFileError) {
        adopt(try store.read() ?? TripFile(trips: []))
    }

    private func adopt(_ file: TripFile) {
        self.file = file
        trips = file.trips
        savedChangeCount = changeCount
    }

    public func save() throws(DataFileError) {
        var updated = file
        updated.trips = trips
        try store.write(updated)
        file = updated
        savedChangeCount = changeCount
    }

    /// Saves when there are changes and the last one is at least `autosaveDelay` old.
    /// Returns whether it saved.
    @discardableResult
    public func saveIfDue(now: Date = Date()) throws(DataFileError) -> Bool {
        guard hasUnsavedChanges, now.timeIntervalSince(lastChangeTime) >= Self.autosaveDelay else { return false }
        try save()
        return true
    }

    // MARK: Reading

    public func trip(id: Trip.ID) -> Trip? {
        trips.first { $0.id == id }
    }

    // MARK: Changing

    /// Adds a trip at `index` (the top by default) and returns it.
    @discardableResult
    public func addTrip(_ trip: Trip = Trip(), at index: Int = 0) -> Trip {
        change { $0.insert(trip, at: min(max(0, index), $0.count)) }
        return trip
    }

    public func renameTrip(id: Trip.ID, to name: String) {
        updateTrip(id: id) { $0.name = name }
    }

    public func deleteTrip(id: Trip.ID) {
        guard trips.contains(where: { $0.id == id }) else { return }
        change { $0.removeAll { $0.id == id } }
    }

    /// Applies `update` to the trip with `id`; nothing happens when there is none or nothing changed.
    public func updateTrip(id: Trip.ID, _ update: (inout Trip) -> Void) {
        guard let index = trips.firstIndex(where: { $0.id == id }) else { return }
        var trip = trips[index]
        update(&trip)
        guard trip != trips[index] else { return }
        change { $0[index] = trip }
    }

    /// Every change goes through here: one publication, one autosave clock.
    private func change(_ body: (inout [Trip]) -> Void) {
        var copy = trips
        body(&copy)
        trips = copy
        changeCount += 1
        lastChangeTime = Date()
    }
}
