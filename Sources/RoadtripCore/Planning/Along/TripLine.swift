import Foundation

/// A trip's way on the ground as one line: each leg's road line, or the estimate's great-circle
/// arc (sampled every `arcStep`), with how far along the trip each point is, in the meters the
/// trip's figures give (a leg's line is stretched to its road distance, so that "km 143 of 410"
/// agrees with the totals shown). What "along the route" measures against (`AlongTheRoute`).
package struct TripLine: Sendable {
    /// A point of the line: where, how far along the trip, and on which leg.
    package struct Point: Sendable {
        package let coordinate: Coordinate
        package let meters: Double
        package let leg: Int
    }

    package let points: [Point]
    /// The trip's whole distance, in the figures' meters.
    package let meters: Double
    /// The legs that are estimates (measured against their arc).
    package let estimatedLegs: Set<Int>
    /// Where each leg starts, in meters along the trip.
    private let legStarts: [Double]
    /// Every segment by the cells of a grid it crosses (`cellDegrees`), to find the nearest quickly.
    private let cells: [Int64: [Int32]]

    /// Estimates' arcs are sampled this often, in meters.
    static let arcStep = 2_000.0
    /// A grid cell's side, in degrees (about 2 km north–south).
    static let cellDegrees = 0.02

    /// The line of stops `stops` (at least one) and their legs' `figures` (one fewer).
    package init(stops: [Coordinate], figures: [LegFigures]) {
        var points: [Point] = []
        var start = 0.0
        var estimated = Set<Int>()
        var legStarts: [Double] = []
        for (leg, (from, to)) in zip(stops, stops.dropFirst()).enumerated() {
            legStarts.append(start)
            let shown = leg < figures.count ? figures[leg] : nil
            var line = shown?.line ?? []
            if line.count < 2 {
                estimated.insert(leg)
                let path = LegPath(from: from, to: to)
                let steps = max(1, Int((path.kilometers * 1_000 / Self.arcStep).rounded(.up)))
                line = (0...steps).map { path.point(at: Double($0) / Double(steps)) }
            }
            let lengths = zip(line, line.dropFirst()).map { Geodesy.flatMeters($0, $1) }
            let total = lengths.reduce(0, +)
            let scale = total > 0 ? (shown?.meters ?? total) / total : 0
            var along = start
            for (i, coordinate) in line.enumerated() {
                if i > 0 { along += lengths[i - 1] * scale }
                if i == 0, !points.isEmpty { continue }
                points.append(Point(coordinate: coordinate, meters: along, leg: leg))
            }
            start += shown?.meters ?? total
        }
        if points.isEmpty, let only = stops.first { points = [Point(coordinate: only, meters: 0, leg: 0)] }
        self.points = points
        meters = start
        estimatedLegs = estimated
        self.legStarts = legStarts
        var cells: [Int64: [Int32]] = [:]
        for s in points.indices.dropFirst() {
            let (a, b) = (points[s - 1].coordinate, points[s].coordinate)
            // Across the antimeridian, the short way: b's longitude within half a world of a's.
            let bLongitude = a.longitude + Self.eastward(from: a.longitude, to: b.longitude)
            for row in Self.cell(min(a.latitude, b.latitude))...Self.cell(max(a.latitude, b.latitude)) {
                for column in Self.cell(min(a.longitude, bLongitude))...Self.cell(max(a.longitude, bLongitude)) {
                    cells[Self.key(row, column), default: []].append(Int32(s))
                }
            }
        }
        self.cells = cells
    }

    /// Where a point is seen from the line: how far along the trip its foot is, on which leg and
    /// how far into it (0...1), how far off, and on which side (driving forward).
    package struct Position: Equatable, Sendable {
        package let meters: Double
        package let leg: Int
        package let shareOfLeg: Double
        package let offMeters: Double
        package let onTheLeft: Bool
        /// The foot of the perpendicular on the line.
        package let foot: Coordinate
    }

    /// The meters along the trip of the point `share` (0...1) of the way along leg `leg`.
    package func meters(onLeg leg: Int, share: Double) -> Double {
        guard legStarts.indices.contains(leg) else { return leg < 0 ? 0 : meters }
        let end = leg + 1 < legStarts.count ? legStarts[leg + 1] : meters
        return legStarts[leg] + (end - legStarts[leg]) * min(1, max(0, share))
    }

    /// The position of `coordinate` on the nearest part of the line, when it is within `reach`
    /// meters; of leg `leg`'s part alone when one is given.
    package func position(of coordinate: Coordinate, within reach: Double, onLeg only: Int? = nil) -> Position? {
        let metersPerDegree = 6_371_008.8 * .pi / 180, scale = cos(coordinate.latitude * .pi / 180)
        let rows = Int((reach / (Self.cellDegrees * metersPerDegree)).rounded(.up))
        let columns = Int((reach / (Self.cellDegrees * metersPerDegree * max(scale, 0.01))).rounded(.up))
        let (row, column) = (Self.cell(coordinate.latitude), Self.cell(coordinate.longitude))
        func plane(_ p: Coordinate) -> (x: Double, y: Double) {
            (Self.eastward(from: coordinate.longitude, to: p.longitude) * scale * metersPerDegree, (p.latitude - coordinate.latitude) * metersPerDegree)
        }
        var best: (segment: Int, share: Double, off: Double, cross: Double)?
        for r in row - rows...row + rows {
            for c in column - columns...column + columns {
                for s in cells[Self.key(r, c)] ?? [] where only.map({ points[Int(s)].leg == $0 }) ?? true {
                    let (a, b) = (plane(points[Int(s) - 1].coordinate), plane(points[Int(s)].coordinate))
                    let (dx, dy) = (b.x - a.x, b.y - a.y)
                    let lengthSquared = dx * dx + dy * dy
                    let t = lengthSquared > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
                    let off = hypot(a.x + t * dx, a.y + t * dy)
                    // The point relative to the segment's direction: positive on its left.
                    let cross = dx * (0 - a.y) - dy * (0 - a.x)
                    if off <= reach, off < best?.off ?? .infinity { best = (Int(s), t, off, cross) }
                }
            }
        }
        guard let best else { return nil }
        let (a, b) = (points[best.segment - 1], points[best.segment])
        let meters = a.meters + (b.meters - a.meters) * best.share
        let leg = b.leg
        let start = self.meters(onLeg: leg, share: 0), legEnd = self.meters(onLeg: leg, share: 1)
        let share = legEnd > start ? (meters - start) / (legEnd - start) : 0
        let foot = Coordinate(
            latitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * best.share,
            longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * best.share)
        return Position(meters: meters, leg: leg, shareOfLeg: min(max(share, 0), 1), offMeters: best.off, onTheLeft: best.cross > 0, foot: foot)
    }

    /// The cells of 1° (`GazetteerFormat`'s: row from 90° S, column from 180° W) within `reach`
    /// meters of the line: where the places along it are looked for.
    package func gazetteerCells(within reach: Double) -> Set<Int> {
        var found = Set<Int>()
        let degrees = reach / 110_500
        for point in points {
            let c = point.coordinate
            let scale = max(cos(c.latitude * .pi / 180), 0.01)
            for row in Int((c.latitude - degrees + 90).rounded(.down))...Int((c.latitude + degrees + 90).rounded(.down)) where (0..<180).contains(row) {
                for column in Int((c.longitude - degrees / scale + 180).rounded(.down))...Int((c.longitude + degrees / scale + 180).rounded(.down)) {
                    found.insert(row * 360 + ((column % 360) + 360) % 360)
                }
            }
        }
        return found
    }

    private static func cell(_ degrees: Double) -> Int { Int((degrees / cellDegrees).rounded(.down)) }
    /// A cell's key, its column taken round the world: the cells either side of the antimeridian are neighbours.
    private static func key(_ row: Int, _ column: Int) -> Int64 {
        let columns = Int((360 / cellDegrees).rounded())
        return Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: (column % columns + columns) % columns))
    }

    /// The degrees east from longitude `a` to `b`, the short way round (-180...180).
    private static func eastward(from a: Double, to b: Double) -> Double {
        let d = b - a
        return d - 360 * (d / 360).rounded()
    }
}
