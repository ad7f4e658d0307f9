import Foundation

/// How fast a car takes a bend of a given radius without discomfort.
///
/// The figures are the AASHTO Green Book's (A Policy on Geometric Design of Highways and Streets)
/// minimum radii for low-speed urban streets at 4 % superelevation, as the Ethiopian Roads
/// Authority's Geometric Design Manual (2002, table 8-2) republishes them: the design speed a
/// radius is built for, from side friction factors drivers find comfortable (0.40 at 20 km/h
/// down to 0.10 at 120 km/h; the lateral acceleration a driver accepts falls as speed rises).
/// Drivers take sharp rural bends somewhat faster than their design speed (McLean, "Speeds on
/// curves: side friction factor considerations", ARRB report 126, 1983), so these are the
/// cautious side of what a driver new to the road does.
package enum CurveSpeed {
    /// (radius in meters, speed in km/h), radius increasing.
    static let table: [(radius: Double, kmh: Double)] = [
        (15, 20), (35, 30), (60, 40), (100, 50), (150, 60), (215, 70), (320, 85), (490, 100), (810, 120),
    ]

    /// The comfortable speed through a bend of `radius` meters, in km/h: interpolated in the table;
    /// below its tightest row (a hairpin) at that row's lateral acceleration; above its widest,
    /// no bend at all (infinity).
    package static func kmh(radius: Double) -> Double {
        guard radius.isFinite, let first = table.first, let last = table.last else { return .infinity }
        guard radius > first.radius else { return first.kmh * (max(radius, 0) / first.radius).squareRoot() }
        guard radius < last.radius else { return .infinity }
        let upper = table.firstIndex { $0.radius >= radius } ?? table.count - 1
        let (low, high) = (table[upper - 1], table[upper])
        return low.kmh + (high.kmh - low.kmh) * (radius - low.radius) / (high.radius - low.radius)
    }
}
