/// Undo and redo for the trips: each change keeps the trips as they were before it, with a few
/// words naming it ("delete stop Monterey"). Snapshots are cheap: arrays of value types share
/// their storage until changed.
struct History {
    struct Entry {
        let description: String
        let trips: [Trip]
        /// Changes with the same key in a row (the keystrokes of one rename) make one entry.
        let coalescingKey: String?
    }

    /// How many changes can be undone.
    static let limit = 200

    private(set) var undoEntries: [Entry] = []
    private(set) var redoEntries: [Entry] = []

    /// Records that `trips` are about to change; returns false when the change continues the
    /// last entry (same coalescing key), which then already holds the state to go back to.
    mutating func recordChange(_ description: String, before trips: [Trip], coalescingKey: String?) {
        redoEntries.removeAll()
        if let key = coalescingKey, undoEntries.last?.coalescingKey == key { return }
        undoEntries.append(Entry(description: description, trips: trips, coalescingKey: coalescingKey))
        if undoEntries.count > Self.limit { undoEntries.removeFirst(undoEntries.count - Self.limit) }
    }

    /// Drops the last entry when the change it records came to nothing (a rename typed and then
    /// typed back), so that undo never "undoes" an invisible change.
    mutating func dropLastIfUnchanged(current trips: [Trip]) {
        if undoEntries.last?.trips == trips { undoEntries.removeLast() }
    }

    /// The trips to go back to, and what is undone; `current` becomes redoable.
    mutating func undo(current trips: [Trip]) -> Entry? {
        guard let entry = undoEntries.popLast() else { return nil }
        redoEntries.append(Entry(description: entry.description, trips: trips, coalescingKey: nil))
        return entry
    }

    mutating func redo(current trips: [Trip]) -> Entry? {
        guard let entry = redoEntries.popLast() else { return nil }
        undoEntries.append(Entry(description: entry.description, trips: trips, coalescingKey: nil))
        return entry
    }

    mutating func clear() {
        undoEntries.removeAll()
        redoEntries.removeAll()
    }
}
