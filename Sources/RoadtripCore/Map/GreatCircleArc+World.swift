import Foundation

/// The great-circle arc as the map draws it: points in world units (Mercator), a few dots apart.
extension GreatCircleArc {
    /// The arc from `a` to `b` as world points, x unwrapped so that consecutive points are never
    /// more than half a world apart: a leg across the antimeridian (Anchorage → Tokyo) runs past
    /// x = 0 or 1 rather than back across the world. Starts at `a`'s own x. `maxStep` bounds the
    /// world distance between points (pass a few dots' worth so the arc is smooth at this zoom).
    package static func points(from a: Coordinate, to b: Coordinate, maxStep: Double) -> [WorldPoint] {
        let p = unitVector(a), q = unitVector(b)
        let angle = atan2(length(cross(p, q)), dot(p, q))
        // A world unit is 2π radians of longitude; Mercator stretches towards the poles, so
        // sample by the larger of the straight-line and angular lengths.
        let start = MercatorProjection.project(a), end = MercatorProjection.project(b)
        let worldLength = max(angle / (2 * .pi), hypot(wrapped(end.x - start.x), end.y - start.y))
        let count = min(2048, max(1, Int((worldLength / max(maxStep, 1e-9)).rounded(.up))))
        var result: [WorldPoint] = [start]
        result.reserveCapacity(count + 1)
        let sinAngle = sin(angle)
        for step in 1...count {
            let t = Double(step) / Double(count)
            var point: WorldPoint
            if step == count {
                point = end
            } else if sinAngle < 1e-12 {
                // Same place, or exact antipodes (no single great circle): a straight blend.
                point = WorldPoint(x: start.x + wrapped(end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            } else {
                let wa = sin((1 - t) * angle) / sinAngle, wb = sin(t * angle) / sinAngle
                point = project((p.0 * wa + q.0 * wb, p.1 * wa + q.1 * wb, p.2 * wa + q.2 * wb))
            }
            let previous = result[result.count - 1].x
            point.x += (previous - point.x).rounded()
            result.append(point)
        }
        return result
    }

    /// `dx` moved by whole worlds into -0.5...0.5.
    static func wrapped(_ dx: Double) -> Double {
        dx - dx.rounded()
    }

    private static func project(_ v: Vector) -> WorldPoint {
        let latitude = atan2(v.2, hypot(v.0, v.1)) * 180 / .pi
        let longitude = atan2(v.1, v.0) * 180 / .pi
        return MercatorProjection.project(latitude: latitude, longitude: longitude)
    }
}
