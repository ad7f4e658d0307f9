import Foundation
import RoadtripCore

/// A trip read from another program's file, before it joins the user's trips (which gives it
/// and its stops new ids).
package struct ImportedTrip: Equatable, Sendable {
    package var name: String
    package var stops: [Stop]
    /// What was changed on the way in, one sentence each, for the user to read before keeping
    /// the trip ("a track of 12,345 points became 48 stops").
    package var notes: [String]
    /// The trip's settings, where roadtrip's own file gives them (its GPX extension).
    package var settings = TripSettings()

    package init(name: String, stops: [Stop], notes: [String] = [], settings: TripSettings = TripSettings()) {
        self.name = name
        self.stops = stops
        self.notes = notes
        self.settings = settings
    }

    /// The trips to add for what a file held: new ids for each trip and stop (the file may come
    /// from this very data file, and ids must stay unique); `name` for one trip, "name 1",
    /// "name 2"… for several, else each its own.
    package static func newTrips(_ imported: [ImportedTrip], named name: String?) -> [Trip] {
        imported.enumerated().map { index, trip in
            var new = Trip(name: name.map { imported.count == 1 ? $0 : "\($0) \(index + 1)" } ?? trip.name)
            new.settings = trip.settings
            new.stops = trip.stops.map { stop in
                var copy = stop
                copy.id = UUID()
                return copy
            }
            return new
        }
    }
}
