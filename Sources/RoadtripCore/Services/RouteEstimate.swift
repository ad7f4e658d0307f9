import Foundation

/// Road distance and driving time estimated from the geodesic distance (SPEC §6): a road factor
/// (roads are longer than the geodesic) and an average speed, both per-trip settings. Always
/// shown marked "≈".
public struct RouteEstimate: Equatable, Sendable {
    public static let defaultRoadFactor = 1.25
    public static let defaultAverageSpeedKmh = 80.0
    public static let averageSpeedRange = 5.0...200.0

    /// The default speed reads as a round number in the unit shown: 80 km/h, or 50 mph (not the
    /// 49.71 mph that 80 km/h is).
    public static func defaultAverageSpeedKmh(in unit: DistanceUnit) -> Double {
        switch unit {
        case .km: return defaultAverageSpeedKmh
        case .mi: return unit.kmh(speed: 50)
        }
    }
    public static let roadFactorRange = 1.0...3.0

    public let roadFactor: Double
    public let averageSpeedKmh: Double

    public init(roadFactor: Double = RouteEstimate.defaultRoadFactor, averageSpeedKmh: Double = RouteEstimate.defaultAverageSpeedKmh) {
        self.roadFactor = roadFactor
        self.averageSpeedKmh = averageSpeedKmh
    }

    /// The trip's own settings, or the defaults of the units it is shown in (its own, else `unit`).
    public init(for trip: Trip, unit: DistanceUnit = .km) {
        self.init(for: trip.settings, unit: trip.unit(default: unit))
    }

    /// `settings`' figures, or the defaults of `unit`.
    public init(for settings: TripSettings, unit: DistanceUnit) {
        self.init(roadFactor: settings.roadFactor ?? Self.defaultRoadFactor,
                  averageSpeedKmh: settings.averageSpeedKmh ?? Self.defaultAverageSpeedKmh(in: unit))
    }

    public func roadMeters(geodesicMeters: Double) -> Double {
        geodesicMeters * roadFactor
    }

    public func drivingSeconds(geodesicMeters: Double) -> Double {
        roadMeters(geodesicMeters: geodesicMeters) / (averageSpeedKmh / 3.6)
    }

    /// "16 h 10 min", "210 h 00 min", "1 h 05 min", "45 min": rounded to the minute, the minutes
    /// always written after hours (two digits), so that every duration reads alike and lines up.
    public static func formatDuration(seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest) min" }
        return "\(DistanceUnit.grouped(hours)) h \(rest < 10 ? "0" : "")\(rest) min"
    }
}
