import Foundation

/// The place nearest to a point, by great-circle distance (on the sphere: the order of places by
/// distance is what matters, and the ellipsoid changes it only between near-ties).
///
/// Places are stored grouped by 1° cell, with a table of where each cell starts. The search visits
/// rings of cells around the point's cell, outward, skipping any cell that cannot hold a place
/// nearer than the best so far, and stops at the first ring that cannot. The bound of a cell is the
/// larger of its latitude gap and the distance to the nearest meridian of its columns, which stays
/// right near the poles, where a degree of longitude is short.
struct NearestPlace {
    let tables: GazetteerTables

    private static let rows = GazetteerFormat.cellRows
    private static let columns = GazetteerFormat.cellColumns

    func find(_ coordinate: Coordinate) -> Int? {
        guard tables.placeCount > 0, coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return nil }
        let point = Point(latitude: min(90, max(-90, coordinate.latitude)), longitude: Self.wrapped(coordinate.longitude))
        var best: (place: Int, angle: Double)?
        for radius in 0...Self.columns / 2 {
            if let best, point.ringBound(radius) >= best.angle { break }
            for (row, columnOffset) in point.ring(radius) {
                let bound = point.cellBound(row: row, columnOffset: columnOffset)
                if let best, bound >= best.angle { continue }
                let column = (point.column + columnOffset + 2 * Self.columns) % Self.columns
                for place in places(inCell: row * Self.columns + column) {
                    let angle = point.angle(to: position(ofPlace: place))
                    // Equal distances go to the lower index, so the answer never depends on the visiting order.
                    if best == nil || angle < best!.angle || (angle == best!.angle && place < best!.place) { best = (place, angle) }
                }
            }
        }
        return best?.place
    }

    private func places(inCell cell: Int) -> Range<Int> {
        let start = min(Int(tables.cells.uint32(cell * 4)), tables.placeCount)
        let end = min(Int(tables.cells.uint32(cell * 4 + 4)), tables.placeCount)
        return start..<max(start, end)
    }

    private func position(ofPlace index: Int) -> (latitude: Double, longitude: Double) {
        let record = index * GazetteerFormat.Place.size
        return (
            Double(tables.places.int32(record + GazetteerFormat.Place.latitude)) / GazetteerFormat.coordinateScale,
            Double(tables.places.int32(record + GazetteerFormat.Place.longitude)) / GazetteerFormat.coordinateScale
        )
    }

    /// Longitude in [-180, 180).
    private static func wrapped(_ longitude: Double) -> Double {
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }

    /// The point searched from, with its cell and the bounds of the cells around it (degrees in,
    /// angles in radians out).
    private struct Point {
        let latitude: Double
        let longitude: Double
        let row: Int
        let column: Int
        /// Where in its cell column the point lies, 0 ..< 1.
        let columnFraction: Double
        let cosLatitude: Double

        init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
            row = min(NearestPlace.rows - 1, Int((latitude + 90).rounded(.down)))
            column = min(NearestPlace.columns - 1, Int((longitude + 180).rounded(.down)))
            columnFraction = longitude + 180 - Double(column)
            cosLatitude = cos(latitude * .pi / 180)
        }

        /// The cells (row, column offset) at ring distance `radius`: whole rows above and below,
        /// the columns at ±radius between them; each cell once. At 180 the two side columns are
        /// one (the far side of the globe) and no row is left above or below.
        func ring(_ radius: Int) -> [(Int, Int)] {
            let half = NearestPlace.columns / 2
            var cells: [(Int, Int)] = []
            if radius < half {
                for row in Set([row - radius, row + radius]).sorted() where (0..<NearestPlace.rows).contains(row) {
                    cells += (-radius...radius).map { (row, $0) }
                }
            }
            guard radius > 0 else { return cells }
            let sides = radius < half ? [-radius, radius] : radius == half ? [half] : []
            for row in max(0, row - radius + 1)..<min(NearestPlace.rows, row + radius) {
                cells += sides.map { (row, $0) }
            }
            return cells
        }

        /// No place at ring distance `radius` or beyond is nearer than this.
        func ringBound(_ radius: Int) -> Double {
            let latitudeGap = min(latitudeGap(toRow: row - radius), latitudeGap(toRow: row + radius))
            let longitudeGap = radius <= NearestPlace.columns / 2 ? meridianAngle(columnOffset: radius) : .infinity
            return min(latitudeGap, longitudeGap)
        }

        func cellBound(row: Int, columnOffset: Int) -> Double {
            max(latitudeGap(toRow: row), meridianAngle(columnOffset: columnOffset))
        }

        /// Angle from the point to the latitude band of `row` (infinite for rows beyond the poles).
        private func latitudeGap(toRow row: Int) -> Double {
            guard (0..<NearestPlace.rows).contains(row) else { return .infinity }
            let low = Double(row) - 90, high = low + 1
            return max(0, low - latitude, latitude - high) * .pi / 180
        }

        /// Least angle from the point to any point of the column at `columnOffset`: at least the
        /// distance to the great circle of its nearest meridian, asin(cos φ · sin Δλ).
        private func meridianAngle(columnOffset: Int) -> Double {
            var gap =
                columnOffset > 0
                ? Double(columnOffset) - columnFraction
                : columnOffset < 0 ? Double(-columnOffset) - 1 + columnFraction : 0
            gap = max(0, min(gap, 360 - gap))
            return asin(min(1, cosLatitude * sin(min(gap, 90) * .pi / 180)))
        }

        /// Central angle to `other`.
        func angle(to other: (latitude: Double, longitude: Double)) -> Double {
            Geodesy.centralAngle(
                from: Coordinate(latitude: latitude, longitude: longitude),
                to: Coordinate(latitude: other.latitude, longitude: other.longitude))
        }
    }
}
