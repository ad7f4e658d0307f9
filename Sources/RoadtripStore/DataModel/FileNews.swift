import RoadtripCore

/// What another writer's save changed, as a planner following the file says it in its status
/// line (issue 55): "Schaan added to “LI Tour” from another window." Said of the first change
/// found (trips first, then their stops, in the file's order), with how many more there were;
/// `conflicts` says what both changed and which version was kept (`TripMerge`).
package struct FileNews: Equatable, Sendable {
    package let sentence: String
    package let conflicts: [String]

    init(before: [Trip], after: [Trip], conflicts: [String]) {
        let changes = Self.changes(from: before, to: after)
        let more = changes.count > 1 ? " and \(changes.count - 1) more change\(changes.count == 2 ? "" : "s")" : ""
        let first = changes.first ?? "The file was saved"
        sentence = first.prefix(1).uppercased() + first.dropFirst() + more + " from another window."
        self.conflicts = conflicts
    }

    /// Each change from `before` to `after`, as a clause.
    static func changes(from before: [Trip], to after: [Trip]) -> [String] {
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let afterIDs = Set(after.map(\.id))
        var changes: [String] = []
        for trip in after {
            guard let former = beforeByID[trip.id] else {
                changes.append("\(TripText.quoted(trip.name)) added")
                continue
            }
            guard trip != former else { continue }
            if trip.name != former.name { changes.append("\(TripText.quoted(former.name)) renamed \(TripText.quoted(trip.name))") }
            changes += stopChanges(from: former, to: trip)
            if trip.settings != former.settings || trip.unknownFields != former.unknownFields {
                changes.append("the settings of \(TripText.quoted(trip.name)) changed")
            }
        }
        changes += before.filter { !afterIDs.contains($0.id) }.map { "\(TripText.quoted($0.name)) deleted" }
        return changes
    }

    private static func stopChanges(from former: Trip, to trip: Trip) -> [String] {
        let formerByID = Dictionary(former.stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let nowIDs = Set(trip.stops.map(\.id))
        let name = TripText.quoted(trip.name)
        var changes: [String] = []
        for stop in trip.stops {
            guard let was = formerByID[stop.id] else {
                changes.append("\(stop.name) added to \(name)")
                continue
            }
            if stop.name != was.name {
                changes.append("\(was.name) renamed \(stop.name) in \(name)")
            } else if stop != was {
                changes.append("\(stop.name) of \(name) changed")
            }
        }
        changes += former.stops.filter { !nowIDs.contains($0.id) }.map { "\($0.name) removed from \(name)" }
        let kept = trip.stops.map(\.id).filter { formerByID[$0] != nil }
        if kept != former.stops.map(\.id).filter({ nowIDs.contains($0) }) { changes.append("the stops of \(name) reordered") }
        return changes
    }
}
