import RoadtripCore

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
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oursByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirIDs = Set(theirs.map(\.id))
        var result: [Trip] = ours.filter { baseByID[$0.id] == nil && !theirIDs.contains($0.id) }
        var conflicts: [String] = []
        for their in theirs {
            let original = baseByID[their.id]
            let our = oursByID[their.id]
            switch (original, our) {
            case (nil, nil):
                result.append(their)                            // new on their side
            case (nil, let our?):
                result.append(our)                              // both added the same id: ours
            case (let original?, nil):
                if their != original { result.append(their) }  // we deleted it; kept only if they changed it
            case (let original?, let our?):
                if our == original {
                    result.append(their)
                } else if their == original || their == our {
                    result.append(our)
                } else {
                    result.append(our)
                    // A copy with ids of its own: ids must stay unique across the file.
                    var copy = their
                    copy.id = Trip.ID()
                    for index in copy.stops.indices { copy.stops[index].id = Stop.ID() }
                    copy.name += " (other copy)"
                    result.append(copy)
                    conflicts.append(our.name)
                }
            }
        }
        // Trips they deleted that we changed: ours survive (a delete never silently eats an edit).
        for our in ours where !theirIDs.contains(our.id) {
            if let original = baseByID[our.id], original != our { result.append(our) }
        }
        return Result(trips: result, conflicts: conflicts)
    }
}
