extension LegFigures {
    /// Why a leg's figures cannot be those of a drive between its two stops, whoever gave them (a
    /// routing service's answer, a line of the leg cache): the one rule every figure from outside
    /// roadtrip is checked by before it is shown, planned with or kept (`implausibility`).
    package enum Implausibility: Equatable, Sendable {
        /// Not figures of a drive at all: not finite, negative, longer than the Earth's
        /// circumference, or slower than `plausibleSpeedsKmh` allows.
        case notADrive
        /// Driven faster than any vehicle drives (`plausibleSpeedsKmh`).
        case fasterThanAnyVehicle
        /// Shorter than the straight line between the stops: no road is shorter than the geodesic.
        case shorterThanTheStraightLine(geodesicMeters: Double)
    }

    /// Why a drive from `from` to `to` cannot be `meters` long and take `seconds`; nil when it
    /// can (`arePlausible`, and no shorter than the geodesic). A road may start and end up to
    /// `RoutedLeg.farthestFromRoad` from its stops, so it may be that much shorter than the
    /// geodesic at each end (and 1% more for Routino's measure of the Earth, a sphere). Faster
    /// than any vehicle over the road is faster over the straight line too: the road is no shorter.
    package static func implausibility(meters: Double, seconds: Double, from: Coordinate, to: Coordinate) -> Implausibility? {
        guard arePlausible(meters: meters, seconds: seconds) else {
            return isTooFast(meters: meters, seconds: seconds) ? .fasterThanAnyVehicle : .notADrive
        }
        let geodesic = Geodesy.distance(from: from, to: to)
        let slack = RoutedLeg.farthestFromRoad * 1.01
        guard meters * 1.01 + 2 * slack >= geodesic else { return .shorterThanTheStraightLine(geodesicMeters: geodesic) }
        return nil
    }

    /// Figures of a drive in every other way, but at more than the fastest plausible speed.
    private static func isTooFast(meters: Double, seconds: Double) -> Bool {
        guard meters.isFinite, seconds.isFinite, (0...maximumMeters).contains(meters), seconds >= 0 else { return false }
        return seconds < meters / (plausibleSpeedsKmh.upperBound / 3.6)
    }
}
