/// The legs of a trip, stop to stop, with their geodesic lengths and the running total.
public struct TripRoute: Sendable {
    public struct Leg: Sendable {
        public let from: Waypoint
        public let to: Waypoint
        public let meters: Double
    }

    public let legs: [Leg]
    /// Distance from the first stop to each stop (0 for the first).
    public let cumulativeMeters: [Double]

    public init(_ trip: Trip) {
        self.init(trip, length: Geodesy.distance(from:to:))
    }

    /// The legs measured by `lengths`, which remembers legs measured before.
    init(_ trip: Trip, lengths: LegLengths) {
        self.init(trip, length: lengths.meters(from:to:))
    }

    private init(_ trip: Trip, length: (Coordinate, Coordinate) -> Double) {
        legs = zip(trip.waypoints, trip.waypoints.dropFirst()).map { from, to in
            Leg(from: from, to: to, meters: length(from.location, to.location))
        }
        var total = 0.0
        cumulativeMeters = trip.waypoints.isEmpty ? [] : [0] + legs.map { leg in
            total += leg.meters
            return total
        }
    }

    public var totalMeters: Double { cumulativeMeters.last ?? 0 }
}
