/// How a leg is driven: the vehicle (its `DrivingProfile`) and whether the quickest or the
/// shortest way is wanted (a trip's `vehicle` and `route` settings).
package struct RouteOptions: Hashable, Sendable {
    package var vehicle: Vehicle
    package var quickest: Bool

    package init(vehicle: Vehicle = .car, quickest: Bool = true) {
        self.vehicle = vehicle
        self.quickest = quickest
    }

    /// What a trip's settings choose.
    package init(settings: TripSettings) {
        self.init(vehicle: settings.vehicle ?? .car, quickest: settings.route != .shortest)
    }
}

/// A leg driven on roads: its length, its driving time and the road's line (empty when the
/// engine was not asked for it, as in a matrix).
package struct RoutedLeg: Equatable, Sendable {
    package let meters: Double
    package let seconds: Double
    package let line: [Coordinate]
    /// The roads it was routed on (a region's name, or the routing service).
    package let region: String

    /// A stop this far from the nearest road is off-road, whichever engine routes: its leg stays
    /// an estimate (and a leg kept whose line ends farther from its stop is not trusted).
    package static let farthestFromRoad = 1_000.0

    /// Why a stop has no leg on roads: it is farther than `farthestFromRoad` from any.
    package static func offRoad(_ name: String) -> String { "\(name) is more than 1 km from any road" }

    /// Why a stop has no leg on the roads of one region (issue 56: say which roads): it is
    /// farther than `farthestFromRoad` from all of them.
    package static func offRoad(_ name: String, roads region: String) -> String { "\(name) is more than 1 km from the roads of \(region)" }

    /// Why a leg's end is not at its stop: the road an engine found for it is `meters` off.
    package static func farFromRoad(_ name: String, meters: Double) -> String { "\(name) \(DistanceUnit.km.format(meters: meters)) from the nearest road" }

    /// Whether `reason` says that the stop `name` is off the roads: farther from them than a leg
    /// takes a stop (the phrases above, and `reaching`'s).
    package static func isOffRoad(_ reason: String, name: String) -> Bool {
        reason.hasPrefix("\(name) is more than 1 km from") || (reason.hasPrefix("\(name) ") && reason.hasSuffix(" from the nearest road"))
            || reason.hasSuffix("is within 1 km of \(name)")
    }

    /// Why a stop has no leg for `vehicle` though a car has one: the roads near it are closed to it.
    package static func offRoad(_ name: String, for vehicle: Vehicle) -> String { "no road a \(vehicle.rawValue) may take is within 1 km of \(name)" }

    /// Why two stops have no leg on roads though both are near one: no road leads from one to the other.
    package static let noRoad = "no road between them"

    /// Why two stops near the roads of one region have no leg on them: those roads do not connect them.
    package static func noRoad(roads region: String) -> String { "the roads of \(region) do not connect them" }

    /// Why two stops have no leg for `vehicle` though a car has one: a road between them is closed to it.
    package static func noRoad(for vehicle: Vehicle) -> String { "no road a \(vehicle.rawValue) may take connects them" }

    package init(meters: Double, seconds: Double, line: [Coordinate], region: String) {
        self.meters = meters
        self.seconds = seconds
        self.line = line
        self.region = region
    }

    /// A stop this near the point where its leg meets the road is at the road: nothing is added.
    package static let atTheRoad = 250.0
    /// The speed of the stretch from a stop to the road when the stop is farther than `atTheRoad`
    /// from it, in km/h: a driveway or a track the map does not have, driven as OSRM's car
    /// profile drives a `service` road (15 km/h, `profiles/car.lua`).
    package static let accessKmh = 15.0

    /// What an engine's road between two stops (each a point and its name) is as a leg from one
    /// stop to the other, the one rule every engine's legs follow (issue 56):
    /// - an end farther than `farthestFromRoad` from where it meets the road: no road leg;
    /// - stops nearer each other than the road is to them (both meet it at one point, or the road
    ///   between them is no part of the way): no road leg, with the reason, never "0.0 km by road";
    /// - an end farther than `atTheRoad`: the straight stretch to the road is added, at `accessKmh`,
    ///   to the figures and the line.
    package func reaching(from: (Coordinate, String), to: (Coordinate, String)) -> RoadOutcome {
        guard let first = line.first, let last = line.last else { return .road(self) }
        let off = (from: Geodesy.distance(from: from.0, to: first), to: Geodesy.distance(from: to.0, to: last))
        for (distance, name) in [(off.from, from.1), (off.to, to.1)] where distance > Self.farthestFromRoad {
            return .estimate(reason: Self.farFromRoad(name, meters: distance))
        }
        let apart = Geodesy.distance(from: from.0, to: to.0)
        if off.from + off.to > Self.atTheRoad, off.from + off.to >= apart {
            return .estimate(reason: "the road is farther from \(from.1) and \(to.1) than they are from each other")
        }
        let access = [off.from, off.to].filter { $0 > Self.atTheRoad }.reduce(0, +)
        guard access > 0 else { return .road(self) }
        let ends = (first: off.from > Self.atTheRoad ? [from.0] : [], last: off.to > Self.atTheRoad ? [to.0] : [])
        return .road(
            RoutedLeg(
                meters: meters + access, seconds: seconds + access / (Self.accessKmh / 3.6),
                line: ends.first + line + ends.last, region: region))
    }
}

/// A leg's road figures, or why it has none (a short phrase for beside the estimate).
package enum RoadOutcome: Equatable, Sendable {
    case road(RoutedLeg)
    case estimate(reason: String)
}

/// The roads between every two stops, or why there are none.
package enum RoadMatrixOutcome: Equatable, Sendable {
    case roads(RoadMatrix)
    /// Some leg cannot be on roads: the order is then searched in straight lines.
    case estimate(reason: String)
    /// `progress` asked to stop.
    case cancelled
}

/// The roads a leg is routed on: their name (a region's, or the service's) and what names this
/// version of them (a region's database, new at every add; a service's address).
package struct CoveringRoads: Equatable, Sendable {
    package let name: String
    package let version: String
    /// Whether a leg routed on them is worth keeping in a leg cache: not for roads whose legs are
    /// routed in about a millisecond (a region's hierarchy), sooner than a cache gives them back.
    package let keepsLegs: Bool

    package init(name: String, version: String, keepsLegs: Bool = true) {
        self.name = name
        self.version = version
        self.keepsLegs = keepsLegs
    }
}

/// A routing engine: what the planner, the command line and the bench ask of the roads, whichever
/// engine gives them (Routino in process, or a routing service). They never name the engine; one
/// factory picks it from the settings.
package protocol RoadRouting: AnyObject, Sendable {
    /// Whether any leg can be on roads at all.
    var hasRoads: Bool { get }

    /// The roads that would route the leg `from` → `to`, what a leg routed before is kept under;
    /// nil when none cover both ends.
    func roads(from: Coordinate, to: Coordinate) -> CoveringRoads?

    /// The `version` of every roads the engine has now: a leg kept under another is stale.
    var everyRoads: Set<String> { get }

    /// Routes the leg `from` → `to` (named `fromName`, `toName` for the reason of an estimate).
    func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome

    /// Routes each leg between two stops in a row of `stops` (a point and its name), as `route`
    /// does: an engine that keeps legs keeps the new ones together (one write for a trip's legs).
    func route(along stops: [(Coordinate, String)], options: RouteOptions) -> [RoadOutcome]

    /// The road between each two of `stops` (a point and its name), both ways: what `optimize`
    /// searches. `known(i, j)` gives a leg routed before, not routed again; `progress(done, total)`
    /// is called as legs are done and stops the work by returning false.
    func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome

    /// The leg's figures when it was routed before, without routing (a leg cache's).
    func known(from: Coordinate, to: Coordinate, options: RouteOptions) -> RoutedLeg?

    /// Reads what the engine keeps (a leg cache's file) before a leg is asked for: on the
    /// caller's thread, which the planner makes a job of its runner, off the main loop.
    func readAhead()
}

extension RoadRouting {
    package func known(from: Coordinate, to: Coordinate, options: RouteOptions) -> RoutedLeg? { nil }
    package func readAhead() {}

    package func route(along stops: [(Coordinate, String)], options: RouteOptions) -> [RoadOutcome] {
        zip(stops, stops.dropFirst()).map { from, to in route(from: from.0, to: to.0, fromName: from.1, toName: to.1, options: options) }
    }

    /// The road between each two of `stops`, none known before.
    package func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions = RouteOptions(),
        progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) -> RoadMatrixOutcome {
        matrix(of: stops, options: options, known: { _, _ in nil }, progress: progress)
    }
}

extension RoadRouting {
    /// The figures of every leg of `trip`: on roads where the engine has them, else the trip's
    /// estimate with the reason.
    package func legs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures] {
        let outcomes = route(along: trip.stops.map { ($0.location, $0.name) }, options: RouteOptions(settings: trip.settings))
        return zip(outcomes, zip(trip.stops, trip.stops.dropFirst())).map { outcome, leg in
            LegFigures(outcome, from: leg.0.location, to: leg.1.location, estimate: estimate)
        }
    }
}

extension LegFigures {
    /// The figures of a leg `from` → `to` an engine gave: the road's, else the trip's estimate with the reason.
    package init(_ outcome: RoadOutcome, from: Coordinate, to: Coordinate, estimate: RouteEstimate) {
        switch outcome {
        case .road(let leg):
            self.init(meters: leg.meters, seconds: leg.seconds, source: .road, line: leg.line)
        case .estimate(let reason):
            self = .estimated(geodesicMeters: Geodesy.distance(from: from, to: to), estimate: estimate, reason: reason)
        }
    }
}
