import Foundation

/// The best order of a trip's stops that `RouteOptimizer` finds, the first and last kept in
/// place, with what it saves: what `O` on the trip detail screen and `roadtrip optimize` show
/// before they change anything.
///
/// With the roads between every two stops (`RoadMatrix`) the order is the quickest or the
/// shortest on them, as the trip's `route` setting says; without, the shortest in straight lines.
package struct StopOrder: Equatable, Sendable {
    /// What the order makes least.
    package enum Measure: String, Sendable {
        case straightLine = "straight line", roadDistance = "road distance", roadTime = "road time"
    }

    /// The stops' indices in the new order.
    package let order: [Int]
    package let measure: Measure
    package private(set) var currentMeters: Double
    package private(set) var optimizedMeters: Double
    /// Driving times on the roads, the order given and the new one; nil without roads.
    package private(set) var currentSeconds: Double?
    package private(set) var optimizedSeconds: Double?
    /// Whether no order is better (the search was exhaustive); else the best one found.
    package let isExact: Bool
    /// The trip ends where it starts: the order is a loop from there.
    package let isLoop: Bool
    /// Why the order is searched in straight lines though regions have roads ("no region covers
    /// Durness"); nil on the roads, or with no roads at all.
    package let notOnRoads: String?

    /// First and last stops this close are the same place (a loop).
    static let samePlaceMeters = 1_000.0

    /// `search` and `progress` as `RouteOptimizer.bestOrder` takes them.
    package init(of trip: Trip, roads: RoadMatrix? = nil, notOnRoads reason: String? = nil,
                 search: RouteOptimizer.Search = .chained, progress: ((Double) -> Bool)? = nil) {
        notOnRoads = roads == nil ? reason : nil
        let stops = trip.stops.map(\.location)
        let identity = Array(stops.indices)
        if let roads, roads.count == stops.count {
            measure = trip.settings.route == .shortest ? .roadDistance : .roadTime
            let meters = { roads.meters($0, $1) }, seconds = { roads.seconds($0, $1) }
            order = RouteOptimizer.bestOrder(count: stops.count, search: search, progress: progress, distance: measure == .roadTime ? seconds : meters)
            currentMeters = RouteOptimizer.length(of: identity, distance: meters)
            optimizedMeters = RouteOptimizer.length(of: order, distance: meters)
            currentSeconds = RouteOptimizer.length(of: identity, distance: seconds)
            optimizedSeconds = RouteOptimizer.length(of: order, distance: seconds)
        } else {
            measure = .straightLine
            order = RouteOptimizer.bestOrder(of: stops, search: search, progress: progress)
            currentMeters = Geodesy.length(of: stops)
            optimizedMeters = Geodesy.length(of: order.map { stops[$0] })
            (currentSeconds, optimizedSeconds) = (nil, nil)
        }
        isExact = stops.count - 2 <= RouteOptimizer.exactLimit
        isLoop = stops.count > 2 && Geodesy.distance(from: stops[0], to: stops[stops.count - 1]) < Self.samePlaceMeters
    }

    /// The order with the figures of both orders as their legs are driven one by one, `current`
    /// in the order given and `optimized` in the new one: what the trip screen then shows, where
    /// the matrix's figures were for choosing (`RoadMatrix.isFromGraph`). Kept as it is unless
    /// every leg is on the roads.
    package func refigured(current: [LegFigures], optimized: [LegFigures]) -> StopOrder {
        guard measure != .straightLine, (current + optimized).allSatisfy({ $0.source == .road }) else { return self }
        var refigured = self
        refigured.currentMeters = current.reduce(0) { $0 + $1.meters }
        refigured.optimizedMeters = optimized.reduce(0) { $0 + $1.meters }
        refigured.currentSeconds = current.reduce(0) { $0 + $1.seconds }
        refigured.optimizedSeconds = optimized.reduce(0) { $0 + $1.seconds }
        return refigured
    }

    /// Why the order of `trip` is not searched (too many stops, see `RouteOptimizer.maximumStops`),
    /// or nil when it is.
    package static func tooLargeToOptimize(_ trip: Trip) -> String? {
        guard trip.stops.count > RouteOptimizer.maximumStops else { return nil }
        return "\(TripText.quoted(trip.name)) has \(DistanceUnit.grouped(trip.stops.count)) stops, and the best order is searched for at most "
            + "\(DistanceUnit.grouped(RouteOptimizer.maximumStops)): split the trip into shorter ones to optimize them."
    }

    package var savedMeters: Double { max(0, currentMeters - optimizedMeters) }

    /// What the order saves in its measure: meters, or seconds on the roads' times.
    private var saved: Double {
        guard measure == .roadTime, let currentSeconds, let optimizedSeconds else { return currentMeters - optimizedMeters }
        return currentSeconds - optimizedSeconds
    }

    /// Whether the new order is worth a change: a meter (or a second) less at least, and not the
    /// same order.
    package var isImprovement: Bool { saved >= 1 && order != Array(order.indices) }

    /// The stops of `trip` in the new order.
    package func reordered(_ stops: [Stop]) -> [Stop] {
        order.map { stops[$0] }
    }

    /// "Shortest order (a loop): 1,793 km instead of 2,105 km, 312 km (15%) less." — the same
    /// sentence on the trip detail screen and on the command line. On the roads:
    /// "Quickest order on the roads: 3 h 10 min instead of 3 h 40 min, 30 min (14%) less (212 km)."
    ///
    /// The saving is the difference of the two figures as shown (470 km and 343 km save 127 km,
    /// not the 128 km of the unrounded distances), so that the sentence adds up as printed.
    package func saving(in unit: DistanceUnit) -> String {
        let loop = isLoop ? " (a loop)" : ""
        guard measure == .roadTime, let currentSeconds, let optimizedSeconds else {
            let kind = (isExact ? "Shortest order" : "Best order found") + (measure == .roadDistance ? " on the roads" : "")
            let saved = max(0, unit.shown(meters: currentMeters) - unit.shown(meters: optimizedMeters))
            return "\(kind)\(loop): \(unit.format(meters: optimizedMeters)) instead of "
                + "\(unit.format(meters: currentMeters)), \(unit.format(meters: saved)) (\(percent(savedMeters, of: currentMeters))%) less."
        }
        let kind = (isExact ? "Quickest order" : "Quickest order found") + " on the roads"
        // Whole minutes, as `formatDuration` shows them.
        let savedSeconds = max(0, (currentSeconds / 60).rounded() - (optimizedSeconds / 60).rounded()) * 60
        return "\(kind)\(loop): \(RouteEstimate.formatDuration(seconds: optimizedSeconds)) instead of "
            + "\(RouteEstimate.formatDuration(seconds: currentSeconds)), \(RouteEstimate.formatDuration(seconds: savedSeconds)) "
            + "(\(percent(currentSeconds - optimizedSeconds, of: currentSeconds))%) less (\(unit.format(meters: optimizedMeters)))."
    }

    /// "The order is already the shortest: 1,793 km." — when there is nothing better.
    package func alreadyBest(in unit: DistanceUnit) -> String {
        let figure = measure == .roadTime ? currentSeconds.map { RouteEstimate.formatDuration(seconds: $0) } ?? "" : unit.format(meters: currentMeters)
        let best = isExact ? (measure == .roadTime ? "quickest" : "shortest") : "best found"
        return "The order is already the \(best)\(measure == .straightLine ? "" : " on the roads"): \(figure)."
    }

    /// "In straight lines: no region covers Durness." — beside the saving when roads were wanted.
    package var straightLineNote: String? {
        notOnRoads.map { "In straight lines: \($0)." }
    }

    private func percent(_ part: Double, of whole: Double) -> Int {
        whole > 0 ? Int((part / whole * 100).rounded()) : 0
    }
}

extension RoadRouting {
    /// The best order of `trip`'s stops on `roads` (its matrix), with the figures of its legs as
    /// this engine drives them when the matrix's were for choosing only (`RoadMatrix.isFromGraph`).
    package func stopOrder(of trip: Trip, roads: RoadMatrix, search: RouteOptimizer.Search = .chained,
                           progress: ((Double) -> Bool)? = nil) -> StopOrder {
        let order = StopOrder(of: trip, roads: roads, search: search, progress: progress)
        guard roads.isFromGraph else { return order }
        var reordered = trip
        reordered.stops = order.reordered(trip.stops)
        return order.refigured(current: legs(of: trip, estimate: RouteEstimate()), optimized: legs(of: reordered, estimate: RouteEstimate()))
    }
}
