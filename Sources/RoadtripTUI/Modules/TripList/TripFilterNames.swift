import Foundation
import RoadtripCore
import RoadtripStore

/// Each trip's name and stop names as the filter compares them (case and accents folded), kept
/// until a change names the trip (`update`): folding is the costly part, and typing a filter over
/// 1,000 trips would fold 100,000 names at every key.
final class TripFilterNames {
    private var names: [Trip.ID: [String]] = [:]

    func folded(_ trip: Trip) -> [String] {
        if let known = names[trip.id] { return known }
        let folded = Self.folded(trip)
        names[trip.id] = folded
        return folded
    }

    /// Forgets the trips the change names, or all when it names none.
    func update(_ update: TripsUpdate) {
        names.forget(update)
    }

    static func folded(_ trip: Trip) -> [String] {
        [fold(trip.name)] + trip.stops.map { fold($0.name) }
    }

    /// As every list's search folds (`SearchText`, place search's folding): case, accents and
    /// punctuation, so that the filter finds what the rows mark.
    static func fold(_ text: String) -> String {
        SearchText.words(of: text).joined(separator: " ")
    }

    /// Trips whose name or any stop's name contains `filter`, ignoring case and accents.
    /// `names` remembers each trip's names as folded before.
    static func matching(_ trips: [Trip], by filter: String?, names: TripFilterNames? = nil) -> [Trip] {
        let needle = fold(filter ?? "")
        // Nothing to look for (no filter, or only punctuation and spaces): every trip.
        guard !needle.isEmpty else { return trips }
        return trips.filter { trip in
            (names?.folded(trip) ?? folded(trip)).contains { $0.contains(needle) }
        }
    }
}

extension Dictionary where Key == Trip.ID {
    /// Drops what is kept for the trips `update` changed (for all, when it does not say which).
    mutating func forget(_ update: TripsUpdate) {
        guard let change = update.change else { return removeAll() }
        for id in change.changedIDs(in: update.trips) { self[id] = nil }
    }
}
