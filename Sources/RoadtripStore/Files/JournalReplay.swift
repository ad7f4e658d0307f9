import Foundation
import RoadtripCore

/// What the records of a journal of format 3 add up to (`JournalRecord`), replayed onto the file
/// it started from, of which it knows only how many trips it had: each place of the list is a
/// trip of that file by its index, or a trip the journal holds. Onto the file itself, that gives
/// the journal's trips exactly; without it (the file was changed since), the trips the journal
/// changed, in their order, which a restore applies to the file as it is now.
struct JournalReplay: Sendable {
    /// The list, place by place: an index of the file's trips (from 0), or -1 - an index of `held`.
    private var places: [Int]
    /// The trips the journal holds; one it no longer has a place for stays, unused.
    private var held: [Trip] = []
    /// The trips of the file the records replaced for the first time, as they were there.
    private(set) var formers: [JournalBase.Former] = []
    /// How many trips the file it started from had.
    let baseCount: Int

    /// The most trips a trips file can hold (`TripFileStore.maximumBytes`, and well over 64 bytes a
    /// trip): a count above it is not a journal's, and is not made into a list.
    static let maximumBaseCount = TripFileStore.maximumBytes / 64

    init?(baseCount: Int) {
        guard (0...Self.maximumBaseCount).contains(baseCount) else { return nil }
        self.baseCount = baseCount
        places = Array(0..<baseCount)
    }

    /// Applies `record`; returns false, changing nothing, when it does not fit the list so far
    /// (a run out of bounds, an edit of a trip the journal does not hold in that place): not a
    /// record of this journal.
    mutating func apply(_ record: JournalRecord) -> Bool {
        let run = record.trips
        guard run.at >= 0, run.removed >= 0, run.at <= places.count - run.removed else { return false }
        let edits = Dictionary(record.stops.map { ($0.trip, $0) }, uniquingKeysWith: { first, _ in first })
        for (offset, edit) in edits {
            guard (0..<min(run.removed, record.payload.count)).contains(offset), places[run.at + offset] < 0 else { return false }
            let former = held[-1 - places[run.at + offset]]
            guard former.id == record.payload[offset].id, edit.at >= 0, edit.removed >= 0,
                edit.at <= former.stops.count - edit.removed
            else { return false }
        }
        var replacement: [Int] = []
        for (offset, trip) in record.payload.enumerated() {
            guard let edit = edits[offset] else {
                held.append(trip)
                replacement.append(-held.count)
                continue
            }
            let place = places[run.at + offset]
            // The stops taken out of the trip held, so that only the run changes in place.
            var stops = held[-1 - place].stops
            held[-1 - place].stops = []
            stops.replaceSubrange(edit.at..<(edit.at + edit.removed), with: trip.stops)
            var edited = trip
            edited.stops = stops
            held[-1 - place] = edited
            replacement.append(place)
        }
        places.replaceSubrange(run.at..<(run.at + run.removed), with: replacement)
        formers += record.formers
        return true
    }

    /// The journal's trips: made from `base`, the trips of the file it started from (which has
    /// `baseCount` of them), or without it, only the trips the journal holds, in their order.
    func trips(onto base: [Trip]?) -> [Trip] {
        places.compactMap { place in
            if place < 0 { return held[-1 - place] }
            guard let base, place < base.count else { return nil }
            return base[place]
        }
    }
}
