import Foundation

/// A leg's road distance and driving time: driven on the roads of an added region, or estimated
/// from its geodesic length (`RouteEstimate`), with the short reason it is not on roads.
/// Estimates are marked "≈" wherever they are shown; road figures are not.
package struct LegFigures: Equatable, Sendable {
    package enum Source: String, Sendable {
        case road, estimate
    }

    package let meters: Double
    package let seconds: Double
    package let source: Source
    /// Why the leg is an estimate ("no region covers Durness"); nil for a road leg.
    package let reason: String?
    /// The road's line, start to end; empty for an estimate (drawn as the great-circle arc).
    package let line: [Coordinate]

    package init(meters: Double, seconds: Double, source: Source, reason: String? = nil, line: [Coordinate] = []) {
        self.meters = meters
        self.seconds = seconds
        self.source = source
        self.reason = reason
        self.line = line
    }

    /// The estimate of a leg `geodesicMeters` long.
    package static func estimated(geodesicMeters: Double, estimate: RouteEstimate, reason: String? = nil) -> LegFigures {
        LegFigures(meters: estimate.roadMeters(geodesicMeters: geodesicMeters), seconds: estimate.drivingSeconds(geodesicMeters: geodesicMeters),
                   source: .estimate, reason: reason)
    }

    package var isEstimate: Bool { source == .estimate }

    /// No leg on Earth is longer than its circumference.
    package static let maximumMeters = 40_075_000.0
    /// The average speeds a leg can be driven at, in km/h: far below any profile's slowest road
    /// (a ferry, a track) and far above the fastest (a motorway), so that only a figure no
    /// vehicle can drive is refused.
    package static let plausibleSpeedsKmh = 1.0...300.0

    /// Whether a leg can be `meters` long and take `seconds`: finite, not negative, at most the
    /// Earth's circumference, at a speed in `plausibleSpeedsKmh` (a leg of a few metres may
    /// take up to a minute). Its longest time is 40,075 km at 1 km/h, about 4.6 years.
    package static func arePlausible(meters: Double, seconds: Double) -> Bool {
        guard meters.isFinite, seconds.isFinite, (0...maximumMeters).contains(meters), seconds >= 0 else { return false }
        let fastest = meters / (plausibleSpeedsKmh.upperBound / 3.6), slowest = max(meters / (plausibleSpeedsKmh.lowerBound / 3.6), 60)
        return (fastest...slowest).contains(seconds)
    }

    /// Whether the figures are ones a leg can have (`arePlausible`), and so its line's points.
    package var isPlausible: Bool {
        Self.arePlausible(meters: meters, seconds: seconds) && line.allSatisfy(\.isValid)
    }

    /// "≈ " before an estimate's figure, nothing before a road's.
    package var mark: String { isEstimate ? "≈ " : "" }
}

extension Array where Element == LegFigures {
    /// The whole trip's road distance and driving time, and whether any leg of it is an estimate.
    package var total: (meters: Double, seconds: Double, isEstimate: Bool) {
        (reduce(0) { $0 + $1.meters }, reduce(0) { $0 + $1.seconds }, contains { $0.isEstimate })
    }
}
