import Foundation

/// The way a leg runs on the ground: the road's line when it is routed, else the great-circle arc
/// between its stops. Where along it a day's driving ends is a share of its length.
package struct LegPath: Sendable {
    private let from: Coordinate
    private let to: Coordinate
    /// The road's points and the kilometres from the start to each; empty for the arc.
    private let road: [Coordinate]
    private let along: [Double]
    /// The whole length, kilometres (on the sphere: shares of it are what matter).
    package let kilometres: Double

    package init(from: Coordinate, to: Coordinate, road: [Coordinate] = []) {
        self.from = from
        self.to = to
        if road.count >= 2 {
            var along = [0.0]
            along.reserveCapacity(road.count)
            for (a, b) in zip(road, road.dropFirst()) { along.append(along[along.count - 1] + SearchContext.kilometres(from: a, to: b)) }
            self.road = road
            self.along = along
            kilometres = along[along.count - 1]
        } else {
            self.road = []
            along = []
            kilometres = SearchContext.kilometres(from: from, to: to)
        }
    }

    /// The point `fraction` (0...1) of the way along.
    package func point(at fraction: Double) -> Coordinate {
        point(atKilometre: min(1, max(0, fraction)) * kilometres)
    }

    /// How far `coordinate` lies from the path, kilometres: from the great circle between the
    /// stops (or the nearer stop, past either end), or from the road's segments within `reach`
    /// of the point at `fraction` (the place was found near that point).
    package func kilometres(from coordinate: Coordinate, near fraction: Double, within reach: Double) -> Double {
        guard !road.isEmpty else { return Self.kilometres(from: coordinate, toArcFrom: from, to: to) }
        let centre = min(1, max(0, fraction)) * kilometres
        let first = max(1, firstVertex(atOrPast: centre - reach)), last = min(road.count - 1, firstVertex(atOrPast: centre + reach))
        guard first <= last else { return SearchContext.kilometres(from: coordinate, to: point(at: fraction)) }
        return (first...last).lazy.map { Self.kilometres(from: coordinate, toSegmentFrom: road[$0 - 1], to: road[$0]) }.min()!
    }

    /// The distance to a short segment, in the plane tangent at the point (metres off at most
    /// over a road segment's few kilometres).
    private static func kilometres(from c: Coordinate, toSegmentFrom a: Coordinate, to b: Coordinate) -> Double {
        let kmPerDegree = 111.195, scale = cos(c.latitude * .pi / 180)
        func flat(_ p: Coordinate) -> (Double, Double) {
            var dLon = p.longitude - c.longitude
            dLon -= 360 * (dLon / 360).rounded()
            return (dLon * scale * kmPerDegree, (p.latitude - c.latitude) * kmPerDegree)
        }
        let (ax, ay) = flat(a), (bx, by) = flat(b)
        let (dx, dy) = (bx - ax, by - ay)
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        return hypot(ax + t * dx, ay + t * dy)
    }

    /// The distance to the great-circle arc from `a` to `b` on the sphere: across to the circle
    /// when the foot of the perpendicular lies between them, else to the nearer end.
    private static func kilometres(from c: Coordinate, toArcFrom a: Coordinate, to b: Coordinate) -> Double {
        let toEnds = min(SearchContext.kilometres(from: c, to: a), SearchContext.kilometres(from: c, to: b))
        let p = unit(a), q = unit(b), x = unit(c)
        var n = cross(p, q)
        let length = (n.0 * n.0 + n.1 * n.1 + n.2 * n.2).squareRoot()
        guard length > 1e-12 else { return toEnds }
        n = (n.0 / length, n.1 / length, n.2 / length)
        let across = dot(x, n)
        // The foot lies on the arc when it is on p's side of q's end and q's side of p's.
        let foot = (x.0 - across * n.0, x.1 - across * n.1, x.2 - across * n.2)
        guard dot(cross(p, foot), n) >= 0, dot(cross(foot, q), n) >= 0 else { return toEnds }
        return min(toEnds, abs(asin(max(-1, min(1, across)))) * 6_371.0)
    }

    private typealias Vector = (Double, Double, Double)

    private static func unit(_ c: Coordinate) -> Vector {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    private static func cross(_ a: Vector, _ b: Vector) -> Vector {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    private static func dot(_ a: Vector, _ b: Vector) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }

    /// The first road vertex at or past `distance` kilometres from the start.
    private func firstVertex(atOrPast distance: Double) -> Int {
        var low = 0, high = along.count - 1
        while low < high {
            let middle = (low + high) / 2
            if along[middle] < distance { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func point(atKilometre distance: Double) -> Coordinate {
        guard !road.isEmpty else {
            return kilometres > 0 ? GreatCircleArc.coordinate(from: from, to: to, fraction: distance / kilometres) : from
        }
        // The first vertex at or past `distance`, and the segment that ends there.
        let low = firstVertex(atOrPast: distance)
        guard low > 0 else { return road[0] }
        let a = road[low - 1], b = road[low]
        let length = along[low] - along[low - 1]
        let t = length > 0 ? (distance - along[low - 1]) / length : 0
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t, longitude: a.longitude + (b.longitude - a.longitude) * t)
    }
}
