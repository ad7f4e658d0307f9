import Foundation

/// The shortest order of a trip's stops that `RouteOptimizer` finds, the first and last kept in
/// place, with what it saves: what `O` on the trip detail screen and `roadtrip optimize` show before
/// they change anything.
package struct StopOrder: Equatable, Sendable {
    /// The stops' indices in the new order.
    package let order: [Int]
    package let currentMeters: Double
    package let optimizedMeters: Double
    /// Whether no order is shorter (the search was exhaustive); else the best one found.
    package let isExact: Bool
    /// The trip ends where it starts: the order is a loop from there.
    package let isLoop: Bool

    /// First and last stops this close are the same place (a loop).
    static let samePlaceMeters = 1_000.0

    package init(of trip: Trip) {
        let stops = trip.stops.map(\.location)
        order = RouteOptimizer.bestOrder(of: stops)
        currentMeters = Geodesy.length(of: stops)
        optimizedMeters = Geodesy.length(of: order.map { stops[$0] })
        isExact = stops.count - 2 <= RouteOptimizer.exactLimit
        isLoop = stops.count > 2 && Geodesy.distance(from: stops[0], to: stops[stops.count - 1]) < Self.samePlaceMeters
    }

    /// Why the order of `trip` is not searched (too many stops, see `RouteOptimizer.maximumStops`),
    /// or nil when it is.
    package static func tooLargeToOptimize(_ trip: Trip) -> String? {
        guard trip.stops.count > RouteOptimizer.maximumStops else { return nil }
        return "\(TripText.quoted(trip.name)) has \(DistanceUnit.grouped(trip.stops.count)) stops, and the best order is searched for at most "
            + "\(DistanceUnit.grouped(RouteOptimizer.maximumStops)): split the trip into shorter ones to optimise them."
    }

    package var savedMeters: Double { max(0, currentMeters - optimizedMeters) }

    /// Whether the new order is worth a change: a metre shorter at least, and not the same order.
    package var isImprovement: Bool { savedMeters >= 1 && order != Array(order.indices) }

    /// The stops of `trip` in the new order.
    package func reordered(_ stops: [Stop]) -> [Stop] {
        order.map { stops[$0] }
    }

    /// "Shortest order (a loop): 1,793 km instead of 2,105 km, 312 km (15%) less." — the same
    /// sentence on the trip detail screen and on the command line.
    package func saving(in unit: DistanceUnit) -> String {
        let kind = isExact ? "Shortest order" : "Best order found"
        let percent = currentMeters > 0 ? Int((savedMeters / currentMeters * 100).rounded()) : 0
        return "\(kind)\(isLoop ? " (a loop)" : ""): \(unit.format(meters: optimizedMeters)) instead of "
            + "\(unit.format(meters: currentMeters)), \(unit.format(meters: savedMeters)) (\(percent)%) less."
    }
}
