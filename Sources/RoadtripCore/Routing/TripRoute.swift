/// The legs of a trip, stop to stop, with their geodesic lengths and the running total.
package struct TripRoute: Sendable {
    package struct GeodesicLeg: Sendable {
        package let from: Stop
        package let to: Stop
        package let meters: Double
    }

    /// The stops in order, and the length of the leg from each to the next.
    private let stops: [Stop]
    package let legMeters: [Double]
    /// Distance from the first stop to each stop (0 for the first).
    package let cumulativeMeters: [Double]

    /// Each leg with its two stops (made when asked: the trip detail screen needs only the lengths).
    package var legs: [GeodesicLeg] {
        legMeters.indices.map { GeodesicLeg(from: stops[$0], to: stops[$0 + 1], meters: legMeters[$0]) }
    }

    package init(_ trip: Trip) {
        let stops = trip.stops
        // By index, reading only the locations: a stop copied whole is a retain per name and note.
        self.init(
            trip,
            legMeters: stops.indices.dropLast().map {
                Geodesy.distance(from: stops[$0].location, to: stops[$0 + 1].location)
            })
    }

    /// The route with its legs already measured (`TripRouteCache`).
    init(_ trip: Trip, legMeters: [Double]) {
        stops = trip.stops
        self.legMeters = legMeters
        var total = 0.0
        cumulativeMeters =
            trip.stops.isEmpty
            ? []
            : [0]
                + legMeters.map { meters in
                    total += meters
                    return total
                }
    }

    package var totalMeters: Double { cumulativeMeters.last ?? 0 }
}
