import Foundation
import RoadtripCore

/// Undo and redo for the trips. Each entry keeps what a change did, not the trips it changed:
/// the run of trips that differs and, inside a trip that stayed in its place, the run of stops
/// that differs. Moving one stop of a 5,000-stop trip keeps two stops, not a copy of the trip,
/// so the history stays small however large the file (`limit` changes, `stopLimit` stops).
struct History {
    struct Entry {
        let description: String
        /// What turns the trips after the change back into the trips before it.
        let change: TripsPatch
        /// Changes with the same key in a row (the keystrokes of one rename) make one entry.
        let coalescingKey: String?
    }

    /// How many changes can be undone.
    static let limit = 200
    /// How many stops the entries may hold in all (deleted trips' stops, stops changed); the
    /// oldest entries go first, but the last change can always be undone.
    static let stopLimit = 50_000

    private(set) var undoEntries: [Entry] = []
    private(set) var redoEntries: [Entry] = []

    /// Records that `before` became `after`, and returns what changed, found once here and
    /// published with the trips (`TripsChange`); nil, and nothing recorded, when they do not
    /// differ. A change with the coalescing key of the last entry continues it, and an entry
    /// whose changes came to nothing (a rename typed and then typed back) is dropped, so that
    /// undo never "undoes" an invisible change.
    /// `onlyAt`: the one place where `after` may differ from `before`, when the caller knows it
    /// (an edit of one trip); the other trips are then not compared.
    @discardableResult
    mutating func record(_ description: String, before: [Trip], after: [Trip], coalescingKey: String?, onlyAt place: Int? = nil) -> TripsChange? {
        var change = place.map { TripsPatch(at: $0, from: after, to: before) } ?? TripsPatch(from: after, to: before)
        guard !change.isEmpty else { return nil }
        let published = change.change(appliedTo: after).reversed
        redoEntries.removeAll()
        var description = description
        if let key = coalescingKey, let last = undoEntries.last, last.coalescingKey == key {
            // The entry says what the first change of the run said ("rename trip Coast").
            change = TripsPatch(from: after, to: last.change.applied(to: before))
            description = last.description
            undoEntries.removeLast()
        }
        if !change.isEmpty {
            undoEntries.append(Entry(description: description, change: change, coalescingKey: coalescingKey))
            trim()
        }
        return published
    }

    /// One step back or forward: the trips it leads to, what it was, and what it changed.
    typealias Step = (trips: [Trip], description: String, change: TripsChange)

    /// The trips to go back to, and what is undone; `current` becomes redoable.
    mutating func undo(current trips: [Trip]) -> Step? {
        guard let entry = undoEntries.popLast() else { return nil }
        return step(entry, from: trips, into: &redoEntries)
    }

    mutating func redo(current trips: [Trip]) -> Step? {
        guard let entry = redoEntries.popLast() else { return nil }
        return step(entry, from: trips, into: &undoEntries)
    }

    private func step(_ entry: Entry, from trips: [Trip], into other: inout [Entry]) -> Step {
        let target = entry.change.applied(to: trips)
        other.append(Entry(description: entry.description, change: TripsPatch(from: target, to: trips), coalescingKey: nil))
        return (target, entry.description, entry.change.change(appliedTo: trips))
    }

    mutating func clear() {
        undoEntries.removeAll()
        redoEntries.removeAll()
    }

    /// How many stops the entries hold.
    var storedStops: Int { [undoEntries, redoEntries].reduce(0) { total, entries in entries.reduce(total) { $0 + $1.change.storedStops } } }

    private mutating func trim() {
        if undoEntries.count > Self.limit { undoEntries.removeFirst(undoEntries.count - Self.limit) }
        var stops = storedStops
        while stops > Self.stopLimit, undoEntries.count > 1 {
            stops -= undoEntries.removeFirst().change.storedStops
        }
    }
}

/// What turns one list of trips into another: the trips in `range` are replaced by
/// `replacements`. Found from the trips the two lists share at their start and end, so one
/// changed trip is one replacement; a trip that keeps its place is stored without its stops,
/// only with the run of stops that changed.
struct TripsPatch {
    enum Replacement {
        /// A trip that is not in the list it applies to (a deleted trip coming back).
        case trip(Trip)
        /// The trip at the same place, with `fields` (all but its stops) and its stops in
        /// `stops` replaced.
        case edited(fields: Trip, stops: RunReplacement<Stop>)
    }

    let range: Range<Int>
    let replacements: [Replacement]

    init(from current: [Trip], to target: [Trip]) {
        let run = RunReplacement<Trip>.differingRun(from: current, to: target)
        self.init(range: run.range, current: current, target: target[run.target])
    }

    /// The same, for lists of one length that differ at most at `place`: the other trips are
    /// not compared.
    init(at place: Int, from current: [Trip], to target: [Trip]) {
        precondition(current.count == target.count && current.indices.contains(place), "a patch at a place of both lists")
        guard current[place].id == target[place].id else {
            self.init(range: place..<(place + 1), current: current, target: target[place...place])
            return
        }
        // The run of stops that changed is found once, and says most of whether the trip did:
        // comparing the two trips first would read their stops twice.
        let stops = RunReplacement(from: current[place].stops, to: target[place].stops)
        var (fields, before) = (target[place], current[place])
        (fields.stops, before.stops) = ([], [])
        let differs = !stops.range.isEmpty || !stops.elements.isEmpty || fields != before
        self.init(range: differs ? place..<(place + 1) : place..<place, replacements: differs ? [.edited(fields: fields, stops: stops)] : [])
    }

    private init(range: Range<Int>, replacements: [Replacement]) {
        self.range = range
        self.replacements = replacements
    }

    /// `range` of `current` replaced by `target`: a trip of `target` at the place of one of
    /// `current` with its id is kept as its fields and the run of its stops that changed.
    private init(range: Range<Int>, current: [Trip], target: ArraySlice<Trip>) {
        self.range = range
        replacements = target.enumerated().map { offset, trip in
            let place = range.lowerBound + offset
            guard place < range.upperBound, current[place].id == trip.id else { return .trip(trip) }
            var fields = trip
            fields.stops = []
            return .edited(fields: fields, stops: RunReplacement(from: current[place].stops, to: trip.stops))
        }
    }

    var isEmpty: Bool { range.isEmpty && replacements.isEmpty }

    /// What applying this patch to `trips` changes, as the screens are told it: the same runs,
    /// counted, without the trips and stops they hold.
    func change(appliedTo trips: [Trip]) -> TripsChange {
        let newCount = trips.count - range.count + replacements.count
        var stops: [Trip.ID: RunChange] = [:]
        for (offset, replacement) in replacements.enumerated() {
            guard case .edited(let fields, let run) = replacement else { continue }
            let count = trips[range.lowerBound + offset].stops.count
            stops[fields.id] = RunChange(
                head: run.range.lowerBound, tail: count - run.range.upperBound,
                oldCount: count, newCount: count - run.range.count + run.elements.count)
        }
        return TripsChange(
            trips: RunChange(
                head: range.lowerBound, tail: trips.count - range.upperBound,
                oldCount: trips.count, newCount: newCount),
            stops: stops)
    }

    func applied(to trips: [Trip]) -> [Trip] {
        var result = trips
        result.replaceSubrange(
            range,
            with: replacements.enumerated().map { offset, replacement in
                switch replacement {
                case .trip(let trip): return trip
                case .edited(var fields, let stops):
                    fields.stops = stops.applied(to: trips[range.lowerBound + offset].stops)
                    return fields
                }
            })
        return result
    }

    var storedStops: Int {
        replacements.reduce(0) { total, replacement in
            switch replacement {
            case .trip(let trip): total + trip.stops.count
            case .edited(_, let stops): total + stops.elements.count
            }
        }
    }
}

/// What turns one array into another by replacing one run of it: `elements` take the place of
/// `range`.
struct RunReplacement<Element: Equatable> {
    let range: Range<Int>
    let elements: [Element]

    init(from current: [Element], to target: [Element]) {
        let run = Self.differingRun(from: current, to: target)
        range = run.range
        elements = Array(target[run.target])
    }

    func applied(to array: [Element]) -> [Element] {
        var result = array
        result.replaceSubrange(range, with: elements)
        return result
    }

    /// Where `current` and `target` differ: everything between the elements they share at the
    /// start and at the end (`range` in `current`, `target` in `target`).
    static func differingRun(from current: [Element], to target: [Element]) -> (range: Range<Int>, target: Range<Int>) {
        current.withUnsafeBufferPointer { current in
            target.withUnsafeBufferPointer { target in
                guard let first = current.baseAddress, let second = target.baseAddress else {
                    return (0..<current.count, 0..<target.count)
                }
                let shortest = min(current.count, target.count)
                // Blocks of elements compared whole first: one memcmp for 64 stops, not 64. Equal
                // bits are equal elements; a block that differs (perhaps only in padding) is
                // then gone through element by element.
                let block = 64, blockBytes = 64 * MemoryLayout<Element>.stride
                var start = 0
                while start + block <= shortest, memcmp(first + start, second + start, blockBytes) == 0 { start += block }
                while start < shortest, same(first + start, second + start) { start += 1 }
                var end = 0
                while end + block <= shortest - start,
                    memcmp(first + current.count - end - block, second + target.count - end - block, blockBytes) == 0
                { end += block }
                while end < shortest - start, same(first + current.count - 1 - end, second + target.count - 1 - end) { end += 1 }
                return (start..<(current.count - end), start..<(target.count - end))
            }
        }
    }

    /// Whether two elements are equal, asked in place. A change leaves all but a few elements
    /// as they were, sharing their strings and arrays with the elements they were copied from:
    /// the same bits, which is equality for values of strings, arrays, ids and numbers that are
    /// not NaN (the data file has none), told without `==`'s retains and releases. Bits that
    /// differ (a string equal but stored apart, padding) go on to `==`.
    @inline(__always)
    private static func same(_ a: UnsafePointer<Element>, _ b: UnsafePointer<Element>) -> Bool {
        memcmp(a, b, MemoryLayout<Element>.size) == 0 || a.pointee == b.pointee
    }
}

extension History {
    /// A stop moved in a made-up trip, recorded, undone and redone, then forgotten: what the
    /// first edit of a process does, done before it. That edit otherwise pays for Swift's first
    /// look-ups of the generic types on its way (`RunReplacement<Stop>` and its conformances, the
    /// patch's arrays, the change's dictionary), each a scan of every conformance record in the
    /// program: about 0.8 ms on the bench's machine, which made the first `J` of a session its
    /// slowest. The look-ups are cached for the whole process, whichever thread made them.
    static func rehearse() {
        let stops = (0..<3).map { Stop(name: "Stop \($0)", location: Coordinate(latitude: Double($0), longitude: 0)) }
        let before = [Trip(name: "Rehearsal", stops: stops)]
        var after = before
        after[0].stops.swapAt(0, 1)
        var history = History()
        _ = history.record("move stop", before: before, after: after, coalescingKey: nil, onlyAt: 0)
        if let undone = history.undo(current: after) { _ = history.redo(current: undone.trips) }
    }
}
