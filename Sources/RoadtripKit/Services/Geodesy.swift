import Foundation

/// Distances on the Earth.
///
/// For now the great-circle distance on a sphere of the mean Earth radius (within about 0.5 % of
/// the WGS-84 geodesic); the TripDetail issue replaces it with the ellipsoidal geodesic (SPEC §6).
public enum Geodesy {
    public static let meanEarthRadius = 6_371_008.8

    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δφ = φ2 - φ1
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * meanEarthRadius * asin(min(1, sqrt(h)))
    }

    /// The length of the path through `points` in order, in metres.
    public static func length(of points: [Coordinate]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance(from: $1.0, to: $1.1) }
    }
}

extension Trip {
    /// Total distance along the stops in order, in metres.
    public var distanceMeters: Double { Geodesy.length(of: waypoints.map(\.location)) }
}
