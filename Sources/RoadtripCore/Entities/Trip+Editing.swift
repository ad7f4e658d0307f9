import Foundation

/// The rules for changing a trip's stops, as plain value changes: the `DataModel` applies them
/// inside `updateTrip(id:_:)`, which records each for undo, and a test checks them without a file.
extension Trip {
    /// Inserts `stop` at `index`, kept within the list (below 0: first; past the end: last).
    package mutating func insertStop(_ stop: Stop, at index: Int) {
        stops.insert(stop, at: min(max(0, index), stops.count))
    }

    /// Replaces the stop with `stop`'s id by `stop`; nothing when there is no such stop.
    package mutating func updateStop(_ stop: Stop) {
        guard let index = stops.firstIndex(where: { $0.id == stop.id }) else { return }
        stops[index] = stop
    }

    /// Removes the stop with `id` and returns it; nil, and nothing changed, when there is none.
    @discardableResult
    package mutating func removeStop(id: Stop.ID) -> Stop? {
        guard let index = stops.firstIndex(where: { $0.id == id }) else { return nil }
        return stops.remove(at: index)
    }

    /// Moves the stop with `id` `offset` places; false, and nothing changed, when there is no
    /// such stop or the move would leave the list.
    @discardableResult
    package mutating func moveStop(id: Stop.ID, by offset: Int) -> Bool {
        guard let index = stops.firstIndex(where: { $0.id == id }), stops.indices.contains(index + offset) else { return false }
        // Stepped along by swaps: the stops between keep their order, and the rest of a long
        // trip is not moved down and up again as a removal and an insertion would move it.
        let step = offset < 0 ? -1 : 1
        for place in stride(from: index, to: index + offset, by: step) { stops.swapAt(place, place + step) }
        return true
    }

    /// Puts the stops in the order of `ids`; false, and nothing changed, when `ids` are not
    /// exactly the trip's stops (the trip changed since the order was made).
    @discardableResult
    package mutating func reorderStops(to ids: [Stop.ID]) -> Bool {
        guard stops.count == ids.count else { return false }
        let byID = Dictionary(stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let reordered = ids.compactMap { byID[$0] }
        guard reordered.count == stops.count, Set(ids).count == ids.count else { return false }
        stops = reordered
        return true
    }

    /// Reverses the order of the stops.
    package mutating func reverseStops() {
        stops.reverse()
    }

    /// A copy named "… (copy)", with ids of its own for the trip and every stop, so that it can
    /// sit beside the original in one file.
    package func duplicated() -> Trip {
        var copy = self
        copy.id = UUID()
        copy.name = Self.copyName(of: name)
        for stop in copy.stops.indices { copy.stops[stop].id = UUID() }
        return copy
    }

    /// "Pacific Drive (copy)", kept within the name length limit.
    package static func copyName(of name: String) -> String {
        suffixed(name, " (copy)")
    }

    /// Whether `name` is one of `names`, in any letter case: a command naming it would have to
    /// choose between them (issue 38).
    package static func isNameInUse(_ name: String, among names: [String]) -> Bool {
        names.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// `name` when no trip of `names` has it, else "Wachau (2)", "Wachau (3)"…, the first free.
    package static func unusedName(_ name: String, among names: [String]) -> String {
        guard isNameInUse(name, among: names) else { return name }
        return (2...).lazy.map { suffixed(name, " (\($0))") }.first { !isNameInUse($0, among: names) }!
    }

    /// `name` with `suffix`, the name shortened to keep within the name length limit.
    private static func suffixed(_ name: String, _ suffix: String) -> String {
        String(name.prefix(max(1, NameLength.maximum - suffix.count))) + suffix
    }
}
