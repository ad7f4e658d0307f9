import Foundation

/// Road distance and driving time estimated from the geodesic distance (SPEC §6): a road factor
/// (roads are longer than the geodesic) and an average speed, both per-trip settings. Always
/// shown marked "≈".
package struct RouteEstimate: Equatable, Sendable {
    package static let defaultRoadFactor = 1.25
    package static let defaultAverageSpeedKmh = 80.0

    /// The default speed reads as a round number in the unit shown: 80 km/h, or 50 mph (not the
    /// 49.71 mph that 80 km/h is).
    package static func defaultAverageSpeedKmh(in unit: DistanceUnit) -> Double {
        switch unit {
        case .km: return defaultAverageSpeedKmh
        case .mi: return unit.kmh(speed: 50)
        }
    }

    package let roadFactor: Double
    package let averageSpeedKmh: Double

    package init(roadFactor: Double = RouteEstimate.defaultRoadFactor, averageSpeedKmh: Double = RouteEstimate.defaultAverageSpeedKmh) {
        self.roadFactor = roadFactor
        self.averageSpeedKmh = averageSpeedKmh
    }

    /// The trip's own settings, or the defaults of the units it is shown in (its own, else `unit`).
    package init(for trip: Trip, unit: DistanceUnit = .km) {
        self.init(for: trip.settings, unit: trip.unit(default: unit))
    }

    /// `settings`' figures, or the defaults of `unit`.
    package init(for settings: TripSettings, unit: DistanceUnit) {
        self.init(
            roadFactor: settings.roadFactor ?? Self.defaultRoadFactor,
            averageSpeedKmh: settings.averageSpeedKmh ?? Self.defaultAverageSpeedKmh(in: unit))
    }

    package func roadMeters(geodesicMeters: Double) -> Double {
        geodesicMeters * roadFactor
    }

    package func drivingSeconds(geodesicMeters: Double) -> Double {
        roadMeters(geodesicMeters: geodesicMeters) / (averageSpeedKmh / 3.6)
    }

    /// "16 h 10 min", "210 h 00 min", "1 h 05 min", "45 min": rounded to the minute, the minutes
    /// always written after hours (two digits), so that every duration reads alike and lines up.
    /// A duration no trip can take (negative, NaN, infinite, or more minutes than an Int holds)
    /// is "—", the mark of a figure that cannot be given, rather than a trap in `Int(_:)`.
    package static func formatDuration(seconds: Double) -> String {
        guard let minutes = Int(exactly: (seconds / 60).rounded()), minutes >= 0 else { return "—" }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest) min" }
        return "\(DistanceUnit.grouped(hours)) h \(rest < 10 ? "0" : "")\(rest) min"
    }
}
