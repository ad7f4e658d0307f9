import Foundation

/// Road distance and driving time estimated from the geodesic distance (SPEC §6): a road factor
/// (roads are longer than the geodesic) and an average speed, both per-trip settings. Always
/// shown marked "≈".
public struct RouteEstimate: Equatable, Sendable {
    public static let defaultRoadFactor = 1.25
    public static let defaultAverageSpeedKmh = 80.0
    public static let roadFactorRange = 1.0...3.0
    public static let averageSpeedRange = 5.0...200.0

    public let roadFactor: Double
    public let averageSpeedKmh: Double

    public init(roadFactor: Double = RouteEstimate.defaultRoadFactor, averageSpeedKmh: Double = RouteEstimate.defaultAverageSpeedKmh) {
        self.roadFactor = roadFactor
        self.averageSpeedKmh = averageSpeedKmh
    }

    /// The trip's own settings, or the defaults.
    public init(for trip: Trip) {
        self.init(roadFactor: trip.roadFactor ?? Self.defaultRoadFactor, averageSpeedKmh: trip.averageSpeedKmh ?? Self.defaultAverageSpeedKmh)
    }

    public func roadMeters(geodesicMeters: Double) -> Double {
        geodesicMeters * roadFactor
    }

    public func drivingSeconds(geodesicMeters: Double) -> Double {
        roadMeters(geodesicMeters: geodesicMeters) / (averageSpeedKmh / 3.6)
    }

    /// "16 h 10 min", "45 min", "0 min": rounded to the minute.
    public static func formatDuration(seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(DistanceUnit.grouped(hours)) h" : "\(DistanceUnit.grouped(hours)) h \(rest) min"
    }
}
