import Foundation

/// The great circle between two places on the sphere: a point part of the way along it (for a leg
/// drawn without its road); the map draws the arc in world units (`points(from:to:maxStep:)`).
package enum GreatCircleArc {
    /// The point `fraction` (0...1) of the way from `a` to `b` along the great circle (on the
    /// sphere); a straight blend between exact antipodes, where no single great circle runs.
    package static func coordinate(from a: Coordinate, to b: Coordinate, fraction: Double) -> Coordinate {
        let p = unitVector(a), q = unitVector(b)
        let angle = atan2(length(cross(p, q)), dot(p, q)), sinAngle = sin(angle)
        guard sinAngle >= 1e-12 else {
            return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * fraction, longitude: a.longitude + (b.longitude - a.longitude) * fraction)
        }
        let wa = sin((1 - fraction) * angle) / sinAngle, wb = sin(fraction * angle) / sinAngle
        let v = (p.0 * wa + q.0 * wb, p.1 * wa + q.1 * wb, p.2 * wa + q.2 * wb)
        return Coordinate(latitude: atan2(v.2, hypot(v.0, v.1)) * 180 / .pi, longitude: atan2(v.1, v.0) * 180 / .pi)
    }

    typealias Vector = (Double, Double, Double)

    static func unitVector(_ c: Coordinate) -> Vector {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    static func cross(_ a: Vector, _ b: Vector) -> Vector {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    static func dot(_ a: Vector, _ b: Vector) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }

    static func length(_ v: Vector) -> Double { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
}
