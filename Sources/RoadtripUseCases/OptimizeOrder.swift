import RoadtripCore
import RoadtripStore

/// The order of a trip's stops with the least driving, once for both front ends (`roadtrip
/// optimize`, O on the trip screen): searched on the roads between every two stops when one
/// region covers them all, else in straight lines with the reason; and the order used, as one
/// change. The first and last stops stay in place. Searching runs on any thread.
///
/// The figures it says are the trip screen's (issue 53, item 11): the legs of the order given and
/// of the new one, each routed as the screen routes it (or estimated as the screen estimates
/// it), their times added as the screen adds them, in whole minutes. A matrix's figures choose
/// the order; they are not what the screen shows.
package struct OptimizeOrder: Sendable {
    /// The engine the roads between the stops are routed on; nil when no region has roads.
    private let routing: (any RoadRouting)?
    private let search: RouteOptimizer.Search
    /// The units of trips that choose none: the speed of their estimates.
    private let unit: DistanceUnit

    package init(routing: (any RoadRouting)?, search: RouteOptimizer.Search = .chained, unit: DistanceUnit = .km) {
        self.routing = routing
        self.search = search
        self.unit = unit
    }

    /// Why the order of a trip is not searched, in the sentence both front ends show.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Fewer than `RouteOptimizer.fewestStops`: the first and last stay, so there is no other order.
        case noOtherOrder(stops: Int)
        /// More than `RouteOptimizer.maximumStops`.
        case tooLarge(trip: String, stops: Int)

        package var description: String {
            switch self {
            case .noOtherOrder(let stops):
                "With \(TripText.stopCount(stops)) there is no other order to try: the first and last stay in place."
            case .tooLarge(let trip, let stops):
                "\(TripText.quoted(trip)) has \(DistanceUnit.grouped(stops)) stops, and the best order is searched for at most "
                    + "\(DistanceUnit.grouped(RouteOptimizer.maximumStops)): split the trip into shorter ones to optimize them."
            }
        }
    }

    /// Why the order of `trip` is not searched, or nil when it is.
    package static func refusal(for trip: Trip) -> Refusal? {
        let count = trip.stops.count
        if count < RouteOptimizer.fewestStops { return .noOtherOrder(stops: count) }
        if count > RouteOptimizer.maximumStops { return .tooLarge(trip: trip.name, stops: count) }
        return nil
    }

    /// Whether the order of `trip` is searched on roads, routed first: some region has roads, and
    /// the order is searched at all (`refusal(for:)`).
    package func routesRoads(for trip: Trip) -> Bool {
        routing != nil && Self.refusal(for: trip) == nil
    }

    /// The roads between every two stops of `trip`, routed with `progress` (which stops the
    /// routing by returning false); nil when they are not routed (`routesRoads(for:)`). A leg no
    /// road connects (a stop on a piece of road cut off from the rest) is given its estimate,
    /// `gapPenalty` times dearer, so that one such stop does not put the whole order in straight
    /// lines: the others are ordered on the roads, and it where its legs cost least.
    package func roads(between trip: Trip, progress: (_ done: Int, _ total: Int) -> Bool) -> RoadMatrixOutcome? {
        guard let routing, routesRoads(for: trip) else { return nil }
        let outcome = routing.matrix(of: trip.stops.map { ($0.location, $0.name) }, options: RouteOptions(settings: trip.settings), progress: progress)
        guard case .roads(let matrix) = outcome else { return outcome }
        let estimate = RouteEstimate(for: trip, unit: unit)
        return .roads(
            matrix.bridgingGaps(penalty: Self.gapPenalty) { from, to in
                let straight = Geodesy.distance(from: trip.stops[from].location, to: trip.stops[to].location)
                return (estimate.roadMeters(geodesicMeters: straight), estimate.drivingSeconds(geodesicMeters: straight))
            })
    }

    /// How much dearer than its estimate a leg no road connects is when the order is chosen: a
    /// leg that cannot be driven is put where the fewest and shortest such legs are.
    package static let gapPenalty = 2.0

    /// The best order of `trip`'s stops on `roads` (`roads(between:)`), else in straight lines:
    /// with the reason when the roads could not be had. `searching` hears how far the search is
    /// (0 to 1) and stops it by returning false. Its figures are the trip screen's, before and
    /// after (`StopOrder.shown`); when the routing was stopped, the straight lines' alone.
    package func order(of trip: Trip, on roads: RoadMatrixOutcome?, searching: ((Double) -> Bool)? = nil) -> StopOrder {
        let found: StopOrder
        switch roads {
        case .roads(let matrix)?: found = StopOrder(of: trip, roads: matrix, search: search, progress: searching)
        case .estimate(let reason)?: found = StopOrder(of: trip, notOnRoads: reason, search: search, progress: searching)
        case .cancelled?: return StopOrder(of: trip, search: search)
        case nil: found = StopOrder(of: trip, search: search, progress: searching)
        }
        var reordered = trip
        reordered.stops = found.reordered(trip.stops)
        let (current, optimized) = (legs(of: trip), legs(of: reordered))
        return found.refigured(current: current, optimized: optimized).shown(current: current, optimized: optimized)
    }

    /// The legs of `trip` as the trip screen shows them once they are routed: on the roads where
    /// the engine has them (a leg routed before comes from the leg cache), else the trip's estimate.
    package func legs(of trip: Trip) -> [LegFigures] {
        let estimate = RouteEstimate(for: trip, unit: unit)
        return LegFigures.of(trip, known: routing?.legs(of: trip, estimate: estimate), estimate: estimate)
    }

    /// Both: the roads, then the order on them.
    package func order(of trip: Trip, progress: (_ done: Int, _ total: Int) -> Bool, searching: ((Double) -> Bool)? = nil) -> StopOrder {
        order(of: trip, on: roads(between: trip, progress: progress), searching: searching)
    }

    /// Puts the stops of the trip `tripID` in the order of `stopIDs`, one change that `u` undoes;
    /// false, and nothing changed, when they are no longer its stops (it changed meanwhile).
    @MainActor
    package static func use(_ stopIDs: [Stop.ID], inTrip tripID: Trip.ID, of model: DataModel) -> Bool {
        guard let trip = model.trip(id: tripID) else { return false }
        return model.reorderStops(inTrip: tripID, to: stopIDs, "optimize the order of \(trip.name)")
    }
}
