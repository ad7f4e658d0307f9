import RoadtripCore

/// What a merge knows of the version both sides started from: which trips it had, and whether a
/// trip (found by its id) is still as it was there. The data model knows the base trips
/// themselves; a journal knows them from its own trips and what it noted of those it changed.
protocol MergeBase {
    func has(_ id: Trip.ID) -> Bool
    /// Whether `trip` is as the base had the trip of its id (which the base has).
    func isUnchanged(_ trip: Trip) -> Bool
    /// The base's version of the trip of `id`, when it knows it (a journal knows only a hash of it).
    func trip(_ id: Trip.ID) -> Trip?
}

extension MergeBase {
    func trip(_ id: Trip.ID) -> Trip? { nil }
}

/// The base trips themselves.
struct BaseTrips: MergeBase {
    private let byID: [Trip.ID: Trip]

    init(_ trips: [Trip]) {
        byID = Dictionary(trips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func has(_ id: Trip.ID) -> Bool { byID[id] != nil }
    func isUnchanged(_ trip: Trip) -> Bool { byID[trip.id] == trip }
    func trip(_ id: Trip.ID) -> Trip? { byID[id] }
}

/// Merges the trips of two writers of one file from the version both started from (`base`), as
/// git merges lines and editors merge a file changed on disk: a trip only one side changed takes
/// that side's version (a deletion included, unless the other side edited the trip: then it stays);
/// a trip both changed is merged field by field and stop by stop (issue 55), each taking the side
/// that changed it; where both changed the same field of the same trip or stop, ours, the later
/// write, wins and the conflict is said. When the base's version of a trip is not known (a
/// journal notes only a hash of it), a trip both changed keeps ours, with theirs beside it as a
/// copy. Trips new on our side stay at the top, in our order; otherwise their order is kept.
enum TripMerge {
    struct Result: Equatable {
        var trips: [Trip]
        /// What both sides changed, one sentence each: the version kept and the one replaced, or
        /// the trip kept twice.
        var conflicts: [String]
    }

    static func merge(base: [Trip], ours: [Trip], theirs: [Trip]) -> Result {
        merge(base: BaseTrips(base), ours: ours, theirs: theirs)
    }

    static func merge(base: some MergeBase, ours: [Trip], theirs: [Trip]) -> Result {
        let oursByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirIDs = Set(theirs.map(\.id))
        var result: [Trip] = ours.filter { !base.has($0.id) && !theirIDs.contains($0.id) }
        var conflicts: [String] = []
        for their in theirs {
            let our = oursByID[their.id]
            switch (base.has(their.id), our) {
            case (false, nil):
                result.append(their) // new on their side
            case (false, let our?):
                result.append(our) // both added the same id: ours
            case (true, nil):
                if !base.isUnchanged(their) { result.append(their) } // we deleted it; kept only if they changed it
            case (true, let our?):
                if base.isUnchanged(our) {
                    result.append(their)
                } else if their == our || base.isUnchanged(their) {
                    result.append(our)
                } else if let former = base.trip(their.id) {
                    let merged = mergeTrip(base: former, ours: our, theirs: their)
                    result.append(merged.trip)
                    conflicts += merged.conflicts
                } else {
                    result.append(our)
                    result.append(copy(of: their))
                    conflicts.append("\(TripText.quoted(our.name)) was changed on both sides: both versions are kept.")
                }
            }
        }
        // Trips they deleted that we changed: ours survive (a delete never silently eats an edit).
        for our in ours where !theirIDs.contains(our.id) {
            if base.has(our.id), !base.isUnchanged(our) { result.append(our) }
        }
        return Result(trips: result, conflicts: conflicts)
    }

    /// A trip both sides changed, merged from `base`: its name and settings each from the side
    /// that changed them, its stops stop by stop (`mergeStops`); ours where both changed the same.
    static func mergeTrip(base: Trip, ours: Trip, theirs: Trip) -> (trip: Trip, conflicts: [String]) {
        var fields = Fields(base: base, ours: ours, theirs: theirs)
        fields.merge(\.name) {
            "\(TripText.quoted($0.name)) was renamed on both sides: \(TripText.quoted($0.name)) kept, \(TripText.quoted($1.name)) replaced."
        }
        fields.merge(\.settings) { ours, _ in "The settings of \(TripText.quoted(ours.name)) were changed on both sides: these kept." }
        fields.merge(\.unknownFields) { ours, _ in "Fields of \(TripText.quoted(ours.name)) from a newer roadtrip were changed on both sides: these kept." }
        var conflicts = fields.conflicts
        fields.merged.stops = mergeStops(base: base.stops, ours: ours.stops, theirs: theirs.stops, in: fields.merged.name, conflicts: &conflicts)
        return (fields.merged, conflicts)
    }

    /// The stops of a trip both sides changed: a stop only one side changed takes that side's
    /// version; one both changed, field by field; one deleted on one side stays if the other
    /// edited it; new stops of both sides arrive. The order is the side's that reordered (theirs
    /// when neither did), with the other side's new stops after the stop they followed there.
    static func mergeStops(base: [Stop], ours: [Stop], theirs: [Stop], in trip: String, conflicts: inout [String]) -> [Stop] {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oursByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        /// The stop of `id` as the merge keeps it, or nil when it goes.
        func kept(_ id: Stop.ID) -> Stop? {
            switch (baseByID[id], oursByID[id], theirsByID[id]) {
            case (let former?, let our?, let their?):
                return mergeStop(base: former, ours: our, theirs: their, in: trip, conflicts: &conflicts)
            case (let former?, let our?, nil): return our == former ? nil : our
            case (let former?, nil, let their?): return their == former ? nil : their
            case (nil, let our?, _): return our
            case (nil, nil, let their?): return their
            default: return nil
            }
        }
        let weReordered =
            ours.map(\.id).filter { baseByID[$0] != nil && theirsByID[$0] != nil }
            != base.map(\.id).filter { oursByID[$0] != nil && theirsByID[$0] != nil }
        let (leading, following) = weReordered ? (ours, theirs) : (theirs, ours)
        var order = leading.map(\.id)
        var placed = Set(order)
        for (index, stop) in following.enumerated() where !placed.contains(stop.id) {
            // After the nearest stop before it that is placed already, or first.
            let after = following[..<index].last { placed.contains($0.id) }.flatMap { previous in order.firstIndex(of: previous.id) }
            order.insert(stop.id, at: after.map { $0 + 1 } ?? 0)
            placed.insert(stop.id)
        }
        return order.compactMap(kept)
    }

    /// A stop both sides changed, field by field.
    private static func mergeStop(base: Stop, ours: Stop, theirs: Stop, in trip: String, conflicts: inout [String]) -> Stop {
        guard ours != base, theirs != base, ours != theirs else { return ours == base ? theirs : ours }
        var fields = Fields(base: base, ours: ours, theirs: theirs)
        let stop = { (ours: Stop) in "\(TripText.quoted(ours.name)) of \(TripText.quoted(trip))" }
        fields.merge(\.name) {
            "A stop of \(TripText.quoted(trip)) was renamed on both sides: \(TripText.quoted($0.name)) kept, \(TripText.quoted($1.name)) replaced."
        }
        fields.merge(\.location) { ours, _ in "\(stop(ours)) was moved on both sides: this place kept." }
        fields.merge(\.region) { ours, _ in "The region of \(stop(ours)) was changed on both sides: this one kept." }
        fields.merge(\.country) { ours, _ in "The country of \(stop(ours)) was changed on both sides: this one kept." }
        fields.merge(\.locationUnknownFields) { ours, _ in "Fields of \(stop(ours))'s place from a newer roadtrip were changed on both sides: these kept." }
        fields.merge(\.notes) { ours, _ in "The notes of \(stop(ours)) were changed on both sides: these kept." }
        fields.merge(\.stay) { ours, _ in "The stay at \(stop(ours)) was changed on both sides: this one kept." }
        fields.merge(\.overnight) { ours, _ in "The night at \(stop(ours)) was changed on both sides: this one kept." }
        fields.merge(\.unknownFields) { ours, _ in "Fields of \(stop(ours)) from a newer roadtrip were changed on both sides: these kept." }
        conflicts += fields.conflicts
        return fields.merged
    }

    /// One value merged field by field: each field from the side that changed it from `base`;
    /// ours where both changed it differently, and the sentence that says so.
    private struct Fields<Value> {
        let base: Value, ours: Value, theirs: Value
        var merged: Value
        var conflicts: [String] = []

        init(base: Value, ours: Value, theirs: Value) {
            (self.base, self.ours, self.theirs, merged) = (base, ours, theirs, ours)
        }

        /// The field at `path`; `conflict` says, from our version and theirs, that both changed it.
        mutating func merge<Field: Equatable>(_ path: WritableKeyPath<Value, Field>, conflict: (Value, Value) -> String) {
            let (former, our, their) = (base[keyPath: path], ours[keyPath: path], theirs[keyPath: path])
            if our == former {
                merged[keyPath: path] = their
            } else if their != former && their != our {
                conflicts.append(conflict(ours, theirs))
            }
        }
    }

    /// Their version of a trip both changed, kept beside ours with ids of its own: ids must stay
    /// unique across the file.
    private static func copy(of their: Trip) -> Trip {
        var copy = their
        copy.id = Trip.ID()
        for index in copy.stops.indices { copy.stops[index].id = Stop.ID() }
        copy.name += " (other copy)"
        return copy
    }
}
