import Foundation
import RoadtripCore

/// Points that lie on a shape, in plain longitude–latitude arithmetic (the shapes are a lake or a
/// park: small enough that the plane does not mislead).
///
/// A point inside a polygon: across horizontal lines through its extent, the midpoint of the
/// widest stretch that lies inside (between an odd and the next even crossing of its rings, holes
/// included). The centroid of a crescent lake lies on the shore opposite; this point is in the water.
package enum InteriorPoint {
    /// Where across its height the lines are drawn, the middle first (ties keep the earlier).
    private static let fractions = [0.5, 0.3, 0.7, 0.15, 0.85, 0.4, 0.6, 0.05, 0.95]

    package static func inside(polygon rings: [[Coordinate]]) -> Coordinate? {
        guard let outer = rings.first, let first = outer.first else { return nil }
        let latitudes = outer.map(\.latitude)
        let (south, north) = (latitudes.min()!, latitudes.max()!)
        var best: (point: Coordinate, width: Double)?
        for fraction in fractions {
            var latitude = south + (north - south) * fraction
            // A line through a vertex would count it twice; nudge it off.
            if latitudes.contains(latitude) { latitude += (north - south) * 1e-9 }
            var crossings: [Double] = []
            for ring in rings { crossings += Self.crossings(of: ring, at: latitude) }
            crossings.sort()
            for pair in stride(from: 0, to: crossings.count - 1, by: 2) {
                let width = crossings[pair + 1] - crossings[pair]
                if width > (best?.width ?? 0) {
                    best = (Coordinate(latitude: latitude, longitude: (crossings[pair] + crossings[pair + 1]) / 2), width)
                }
            }
        }
        return best?.point ?? first
    }

    /// The longitudes where the ring's edges cross the parallel at `latitude`.
    private static func crossings(of ring: [Coordinate], at latitude: Double) -> [Double] {
        var result: [Double] = []
        for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) where (a.latitude > latitude) != (b.latitude > latitude) {
            let t = (latitude - a.latitude) / (b.latitude - a.latitude)
            result.append(a.longitude + t * (b.longitude - a.longitude))
        }
        return result
    }

    /// The area of a polygon (outer ring less its holes), in square degrees: to choose the largest part.
    package static func area(of rings: [[Coordinate]]) -> Double {
        rings.enumerated().reduce(0) { total, ring in
            let area =
                abs(
                    zip(ring.element, ring.element.dropFirst() + ring.element.prefix(1))
                        .reduce(0) { $0 + $1.0.longitude * $1.1.latitude - $1.1.longitude * $1.0.latitude }) / 2
            return ring.offset == 0 ? total + area : total - area
        }
    }

    /// The length of a line in degrees: to choose the longest part.
    package static func length(of line: [Coordinate]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + hypot($1.1.latitude - $1.0.latitude, $1.1.longitude - $1.0.longitude) }
    }

    /// The point halfway along a line.
    package static func middle(ofLine line: [Coordinate]) -> Coordinate? {
        guard var previous = line.first else { return nil }
        var remaining = length(of: line) / 2
        for point in line.dropFirst() {
            let step = hypot(point.latitude - previous.latitude, point.longitude - previous.longitude)
            if step >= remaining, step > 0 {
                let t = remaining / step
                return Coordinate(
                    latitude: previous.latitude + t * (point.latitude - previous.latitude),
                    longitude: previous.longitude + t * (point.longitude - previous.longitude))
            }
            remaining -= step
            previous = point
        }
        return previous
    }
}
