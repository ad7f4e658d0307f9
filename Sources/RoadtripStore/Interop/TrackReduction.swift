import Foundation
import RoadtripCore

/// Which points of a long track to keep as stops: Douglas–Peucker on the sphere, most important
/// point first, so that the count can be bounded as well as the error.
///
/// The classic algorithm keeps every point farther than a tolerance from the line through the
/// points kept so far. Here the farthest point of all open segments is taken first, again and
/// again, so the result is the best shape for its size: it stops at `maximum` points, or once
/// no point is farther than `tolerance` from the path of those kept and there are at least
/// `minimum`. Distances are to great-circle segments, so it works anywhere, the poles and
/// the antimeridian included.
enum TrackReduction {
    static let earthRadius = 6_371_008.8

    /// Indices into `points`, ascending: the first and last, every index in `anchors`, and those
    /// chosen.
    static func indices(of points: [Coordinate], anchors: [Int] = [], minimum: Int, maximum: Int, tolerance: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        let vectors = points.map(UnitVector.init)
        var kept = Set(anchors.filter(points.indices.contains) + [0, points.count - 1])
        let sortedAnchors = kept.sorted()
        var open = zip(sortedAnchors, sortedAnchors.dropFirst()).compactMap { farthest(in: vectors, from: $0, to: $1) }
        while let best = open.indices.max(by: { open[$0].deviation < open[$1].deviation }) {
            let segment = open[best]
            let enough = kept.count >= maximum || (segment.deviation < tolerance && kept.count >= minimum)
            if enough || segment.deviation <= 0 { break }
            kept.insert(segment.index)
            open.remove(at: best)
            open += [
                farthest(in: vectors, from: segment.start, to: segment.index),
                farthest(in: vectors, from: segment.index, to: segment.end),
            ].compactMap { $0 }
        }
        return kept.sorted()
    }

    /// The lengths along the track from its first point to each point, meters (on the sphere:
    /// well within a per cent of the ellipsoid, and fast for a few hundred thousand points).
    static func distancesAlong(_ points: [Coordinate]) -> [Double] {
        var total = 0.0, result = [0.0]
        result.reserveCapacity(points.count)
        var previous = points.first.map(UnitVector.init)
        for point in points.dropFirst() {
            let vector = UnitVector(point)
            if let previous { total += vector.angle(to: previous) * earthRadius }
            result.append(total)
            previous = vector
        }
        return points.isEmpty ? [] : result
    }

    private struct Segment {
        let start: Int, end: Int, index: Int, deviation: Double
    }

    /// The point between `start` and `end` (exclusive) farthest from the great-circle segment
    /// joining them, or nil when there is none between.
    private static func farthest(in vectors: [UnitVector], from start: Int, to end: Int) -> Segment? {
        guard end - start > 1 else { return nil }
        let a = vectors[start], b = vectors[end]
        var best = (index: start + 1, deviation: -1.0)
        for index in start + 1..<end {
            let deviation = angle(from: vectors[index], toSegment: a, b) * earthRadius
            if deviation > best.deviation { best = (index, deviation) }
        }
        return Segment(start: start, end: end, index: best.index, deviation: best.deviation)
    }

    /// The angle from `p` to the nearest point of the shorter great-circle arc from `a` to `b`.
    private static func angle(from p: UnitVector, toSegment a: UnitVector, _ b: UnitVector) -> Double {
        let normal = a.cross(b)
        let normalLength = normal.length
        // The ends coincide (a loop) or are antipodal: no one arc, so the nearer end.
        guard normalLength > 1e-12 else { return min(p.angle(to: a), p.angle(to: b)) }
        let n = normal.scaled(1 / normalLength)
        // The foot of the perpendicular lies on the arc when it is on the inner side of both ends.
        let offPlane = p.dot(n)
        let foot = UnitVector(x: p.x - offPlane * n.x, y: p.y - offPlane * n.y, z: p.z - offPlane * n.z)
        if a.cross(foot).dot(n) >= 0, foot.cross(b).dot(n) >= 0 {
            return asin(min(1, abs(offPlane)))
        }
        return min(p.angle(to: a), p.angle(to: b))
    }
}

/// A point on the unit sphere (or any 3-vector, for the arithmetic on the way).
struct UnitVector {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    init(_ coordinate: Coordinate) {
        let latitude = coordinate.latitude * .pi / 180, longitude = coordinate.longitude * .pi / 180
        self.init(x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude), z: sin(latitude))
    }

    func dot(_ other: UnitVector) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ other: UnitVector) -> UnitVector {
        UnitVector(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    var length: Double { dot(self).squareRoot() }

    func scaled(_ factor: Double) -> UnitVector { UnitVector(x: x * factor, y: y * factor, z: z * factor) }

    /// The angle between two directions, accurate for tiny angles too (atan2 of sine and cosine).
    func angle(to other: UnitVector) -> Double { atan2(cross(other).length, dot(other)) }
}
