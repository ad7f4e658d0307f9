import RoadtripCore

/// The places along a trip's road, once for both front ends (`roadtrip along`, A on the trip
/// screen): the trip's line on its legs (on roads as far as the front end has them, else each
/// leg's estimate), the places of the kinds asked for within reach of it (the trip's own stops
/// left out), each on its day of the plan. The plan is `PlanDays`' and refused as it refuses;
/// a day or a leg the trip does not have is refused too. Runs on any thread (the planner looks
/// off the main loop).
package struct FindAlong: Sendable {
    /// Why nothing was looked for, in the sentence both front ends show.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// What was found, and the line it was found along.
    package struct Found: Sendable {
        /// In the order they come along the trip, each with its day.
        package let places: [AlongTheRoute.Found]
        package let line: TripLine
        /// The legs the line was drawn on, one a leg.
        package let legs: [LegFigures]
    }

    /// The place indexes (the built-in features and the added regions); nil: none to look in.
    private let places: (any PlaceIndex)?
    /// Today, where the user is: the plan's start for a trip without a start date.
    private let today: LocalDay

    package init(places: (any PlaceIndex)?, today: LocalDay) {
        self.places = places
        self.today = today
    }

    /// The places of `kinds` (none: nothing is looked for) within `reach` meters of `trip`'s road,
    /// only along day `day` of its plan or leg `leg` (from stop `leg` to the next, from 1) when
    /// given. `legs` gives the legs' figures as far as the front end has them (nil or some
    /// missing: each leg its estimate); it is asked only once the trip's stops and stays are known
    /// to be plannable, as routing a trip too large would be time lost.
    package func places(
        of kinds: Set<PlaceKind>, within reach: Double, along trip: Trip, unit: DistanceUnit, day: Int? = nil, leg: Int? = nil,
        legs: (RouteEstimate) -> [LegFigures]?
    ) throws(Refusal) -> Found {
        if let refusal = PlanDays.refusal(of: trip) { throw Refusal(description: refusal.sentence) }
        let estimate = RouteEstimate(for: trip, unit: unit)
        let legs = LegFigures.of(trip, known: legs(estimate), estimate: estimate)
        if let refusal = PlanDays.refusal(of: trip, unit: unit, legs: legs) { throw Refusal(description: refusal.sentence) }
        let itinerary = TripPlanning.itinerary(for: trip, unit: unit, places: places, today: today, legs: legs)
        if let day, !(1...max(itinerary.days.count, 1)).contains(day) {
            throw Refusal(
                description: "\(TripText.quoted(trip.name)) is planned over \(itinerary.days.count == 1 ? "1 day" : "\(itinerary.days.count) days"); "
                    + "there is no day \(day)")
        }
        if let leg, !(1..<max(trip.stops.count, 1)).contains(leg) {
            throw Refusal(
                description: trip.stops.count < 2
                    ? "\(TripText.quoted(trip.name)) has no leg: it needs two stops"
                    : "\(TripText.quoted(trip.name)) has legs 1 to \(trip.stops.count - 1); there is no leg \(leg)")
        }
        let line = TripLine(stops: trip.stops.map(\.location), figures: legs)
        let found = kinds.isEmpty ? [] : places.map { AlongTheRoute.places(along: line, in: $0, kinds: kinds, within: reach, leavingOut: trip.stops) } ?? []
        let onDays = AlongTheRoute.onDays(found, of: itinerary, only: day).filter { leg == nil || $0.position.leg == leg! - 1 }
        return Found(places: onDays, line: line, legs: legs)
    }
}
