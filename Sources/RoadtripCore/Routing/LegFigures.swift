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
        LegFigures(
            meters: estimate.roadMeters(geodesicMeters: geodesicMeters), seconds: estimate.drivingSeconds(geodesicMeters: geodesicMeters),
            source: .estimate, reason: reason)
    }

    /// The estimates of legs `geodesicMeters` long, each with `reason` (nil: not known yet).
    package static func estimated(legs geodesicMeters: [Double], estimate: RouteEstimate, reason: String? = nil) -> [LegFigures] {
        geodesicMeters.map { estimated(geodesicMeters: $0, estimate: estimate, reason: reason) }
    }

    /// A trip's legs as every screen and command gives them, written once (issue 57): `known`
    /// when it has a figure for each of the `count` legs (routed, or being routed), else each leg
    /// the estimate of its length (`lengths`, asked only then).
    package static func known(
        _ known: [LegFigures]?, legs count: Int, orEstimating lengths: @autoclosure () -> [Double],
        estimate: RouteEstimate
    ) -> [LegFigures] {
        guard let known, !known.isEmpty, known.count == count else { return estimated(legs: lengths(), estimate: estimate) }
        return known
    }

    /// The legs of `trip`: `known` when it has one for each leg, else each leg's estimate, measured afresh.
    package static func of(_ trip: Trip, known: [LegFigures]?, estimate: RouteEstimate) -> [LegFigures] {
        Self.known(known, legs: trip.stops.count - 1, orEstimating: TripRoute(trip).legMeters, estimate: estimate)
    }

    /// Why a leg from `name` is an estimate where no added region with roads covers it: the
    /// words `RoadRouter` uses, for screens that know no region has roads without asking it.
    package static func notCovered(_ name: String) -> String {
        "no region covers \(name)"
    }

    package var isEstimate: Bool { source == .estimate }

    /// The driving time to the whole minute: what every view shows of it (`formatDuration`
    /// rounds alike), and what the day-by-day plan drives, so that a leg's time is the
    /// difference of the clock times around it and a total the sum of the times shown.
    package var shownSeconds: Double { Self.toTheMinute(seconds) }

    /// `seconds` rounded to the nearest whole minute.
    package static func toTheMinute(_ seconds: Double) -> Double {
        (seconds / 60).rounded() * 60
    }

    /// No leg on Earth is longer than its circumference.
    package static let maximumMeters = 40_075_000.0
    /// The average speeds a leg can be driven at, in km/h: far below any profile's slowest road
    /// (a ferry, a track) and far above the fastest (a motorway), so that only a figure no
    /// vehicle can drive is refused.
    package static let plausibleSpeedsKmh = 1.0...300.0

    /// Whether a leg can be `meters` long and take `seconds`: finite, not negative, at most the
    /// Earth's circumference, at a speed in `plausibleSpeedsKmh` (a leg of a few meters may
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
    /// The whole trip's road distance and driving time (the sums of its legs', as JSON gives
    /// them), and whether any leg of it is an estimate.
    package var total: (meters: Double, seconds: Double, isEstimate: Bool) {
        (reduce(0) { $0 + $1.meters }, reduce(0) { $0 + $1.seconds }, contains { $0.isEstimate })
    }

    /// The driving time a screen shows for the legs together: the sum of their times as shown
    /// (`LegFigures.shownSeconds`), as the plan adds them up.
    package var shownSeconds: Double {
        reduce(0) { $0 + $1.shownSeconds }
    }
}
