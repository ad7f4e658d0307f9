import RoadtripCore

/// What a merge knows of the version both sides started from: which trips it had, and whether a
/// trip (found by its id) is still as it was there. The data model knows the base trips
/// themselves; a journal knows them from its own trips and what it noted of those it changed.
protocol MergeBase {
    func has(_ id: Trip.ID) -> Bool
    /// Whether `trip` is as the base had the trip of its id (which the base has).
    func isUnchanged(_ trip: Trip) -> Bool
}

/// The base trips themselves.
struct BaseTrips: MergeBase {
    private let byID: [Trip.ID: Trip]

    init(_ trips: [Trip]) {
        byID = Dictionary(trips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func has(_ id: Trip.ID) -> Bool { byID[id] != nil }
    func isUnchanged(_ trip: Trip) -> Bool { byID[trip.id] == trip }
}

/// Merges the trips of two writers of one file, trip by trip, from the version both started from
/// (`base`): a trip only one side changed takes that side's version (a deletion included); a trip
/// both changed keeps ours, and theirs is kept beside it as a copy, so nothing is lost. Trips new
/// on our side stay at the top, in our order; otherwise their order is kept.
enum TripMerge {
    struct Result: Equatable {
        var trips: [Trip]
        /// Names of trips both sides changed (theirs kept as a copy).
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
                result.append(their)                            // new on their side
            case (false, let our?):
                result.append(our)                              // both added the same id: ours
            case (true, nil):
                if !base.isUnchanged(their) { result.append(their) } // we deleted it; kept only if they changed it
            case (true, let our?):
                if base.isUnchanged(our) {
                    result.append(their)
                } else if their == our || base.isUnchanged(their) {
                    result.append(our)
                } else {
                    result.append(our)
                    result.append(copy(of: their))
                    conflicts.append(our.name)
                }
            }
        }
        // Trips they deleted that we changed: ours survive (a delete never silently eats an edit).
        for our in ours where !theirIDs.contains(our.id) {
            if base.has(our.id), !base.isUnchanged(our) { result.append(our) }
        }
        return Result(trips: result, conflicts: conflicts)
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
