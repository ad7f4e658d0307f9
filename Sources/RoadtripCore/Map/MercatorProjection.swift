import Foundation

/// A point in Web Mercator world units in double precision (see `MercatorPoint`): x 0 at 180° W,
/// 1 at 180° E; y 0 at 85.0511° N, 1 at 85.0511° S. Views may hold x outside 0...1, meaning the
/// same place one world to the east or west.
package struct WorldPoint: Equatable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Web Mercator, as web maps use it: degrees to world units and back.
package enum MercatorProjection {
    /// The latitude where Mercator's square world ends, atan(sinh(π)) in degrees. Points nearer
    /// the poles are drawn on this edge rather than at infinity.
    package static let maxLatitude = 85.051128779806592

    /// The world point of a coordinate; latitudes beyond ±`maxLatitude` (and the poles) are
    /// clamped to the edge, never infinite or NaN.
    package static func project(_ coordinate: Coordinate) -> WorldPoint {
        project(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    package static func project(latitude: Double, longitude: Double) -> WorldPoint {
        let lat = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (longitude + 180) / 360
        let y = 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi)
        return WorldPoint(x: x, y: min(max(y, 0), 1))
    }

    /// The coordinate of a world point; x outside 0...1 wraps to a longitude in -180...180.
    package static func coordinate(of point: WorldPoint) -> Coordinate {
        var longitude = point.x * 360 - 180
        longitude -= 360 * ((longitude + 180) / 360).rounded(.down)
        if longitude == -180 && point.x >= 1 { longitude = 180 }
        let clampedY = min(max(point.y, 0), 1)
        let latitude = atan(sinh(.pi * (1 - 2 * clampedY))) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Earth's equatorial circumference in meters: one world unit of x at the equator.
    package static let equatorMeters = 2 * Double.pi * Geodesy.semiMajorAxis

    /// Meters on the ground per world unit at a world y (Mercator stretches by 1/cos φ).
    package static func metersPerWorldUnit(atY y: Double) -> Double {
        let latitude = coordinate(of: WorldPoint(x: 0.5, y: y)).latitude
        return equatorMeters * cos(latitude * .pi / 180)
    }
}
