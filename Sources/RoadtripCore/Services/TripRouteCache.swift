/// What the trip detail screen shows of a route on every key: its legs and its map stops, kept while
/// the trip's stops are unchanged (moving the selection makes neither again), with each leg
/// measured once (`legs`).
package final class TripRouteCache {
    let legs = LegLengths()
    private var stops: [Stop]?
    private var route: TripRoute?
    private var mapStops: [MapStop]?

    package init() {}

    /// The last route's leg lengths by position: after a stop moves, the legs it did not touch
    /// are found without hashing (`legs` measures the others, or remembers them from before).
    private var legMeters = PositionalReuse<LegEnds, Double>()

    package func route(of trip: Trip) -> TripRoute {
        forgetUnless(trip.stops)
        if let route { return route }
        let ends = LegEnds.along(trip.stops.withUnsafeBufferPointer { stops in stops.indices.map { stops[$0].location } })
        let made = TripRoute(trip, legMeters: legMeters.values(for: ends) { legs.meters(from: $0.from, to: $0.to) })
        route = made
        return made
    }

    package func mapStops(of trip: Trip) -> [MapStop] {
        forgetUnless(trip.stops)
        if let mapStops { return mapStops }
        let made = MapStop.stops(of: trip)
        mapStops = made
        return made
    }

    private func forgetUnless(_ current: [Stop]) {
        guard stops != current else { return }
        stops = current
        route = nil
        mapStops = nil
    }
}
