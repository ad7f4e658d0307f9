/// What the trip detail screen shows of a route on every key: its legs and its map stops, kept while
/// the trip's stops are unchanged (moving the selection makes neither again), with each leg
/// measured once (`legs`).
///
/// Told of each change (`update(to:change:)`, with the run of stops the data model's
/// `TripsChange` names), it keeps the legs outside that run by their place and knows the stops it
/// was given by their storage, so a change compares no stop and measures only the legs it touched.
/// A trip it was not told of is compared, as before.
package final class TripRouteCache {
    let legs = LegLengths()
    private var stops: [Stop]?
    private var route: TripRoute?
    private var mapStops: [MapStop]?
    /// What changed from the stops the legs were last measured for to `stops`; nil: not known.
    private var pending: RunChange?

    package init() {}

    /// The last route's leg lengths by position: after a stop moves, the legs it did not touch
    /// are found without hashing (`legs` measures the others, or remembers them from before).
    private var legMeters = PositionalReuse<LegEndpoints, Double>()

    /// The trip's stops are now `stops`, changed from the last ones as `change` says (nil: in
    /// any way).
    package func update(to stops: [Stop], change: RunChange?) {
        if let kept = self.stops, stops.sharesStorage(with: kept) { return }
        // Changes not yet measured add up: what none of them touched is still kept.
        pending = self.stops == nil ? nil : pending.flatMap { old in change.map { old.then($0) } }
        self.stops = stops
        route = nil
        mapStops = nil
    }

    package func route(of trip: Trip) -> TripRoute {
        forgetUnless(trip.stops)
        if let route { return route }
        let meters = trip.stops.withUnsafeBufferPointer { stops in
            legMeters.values(
                count: max(0, stops.count - 1), change: pending?.legs,
                element: { LegEndpoints(from: stops[$0].location, to: stops[$0 + 1].location) }
            ) { legs.meters(from: $0.from, to: $0.to) }
        }
        let made = TripRoute(trip, legMeters: meters)
        route = made
        pending = .unchanged(count: trip.stops.count)
        return made
    }

    package func mapStops(of trip: Trip) -> [MapStop] {
        forgetUnless(trip.stops)
        if let mapStops { return mapStops }
        let made = MapStop.stops(of: trip)
        mapStops = made
        return made
    }

    /// Forgets the route unless `current` are the stops it was made for: the same storage (told
    /// by `update`, or kept since), else equal.
    private func forgetUnless(_ current: [Stop]) {
        if let stops, current.sharesStorage(with: stops) || stops == current { return }
        stops = current
        route = nil
        mapStops = nil
        pending = nil
    }
}

extension Array {
    /// Whether both arrays are one storage: then they hold the same elements, told without
    /// looking at one (storage that two arrays share is never written in place).
    package func sharesStorage(with other: [Element]) -> Bool {
        count == other.count
            && withUnsafeBufferPointer { mine in
                other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
    }
}
