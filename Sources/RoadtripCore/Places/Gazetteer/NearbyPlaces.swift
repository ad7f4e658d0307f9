import Foundation

/// The places within a distance of a point: the cells of 1° the circle can reach, and the places
/// of those cells that lie inside it. For a night's stop near the road (`OvernightPlaces`), where
/// the nearest place alone is often a hamlet beside a town.
struct NearbyPlaces {
    let tables: GazetteerTables

    private static let rows = GazetteerFormat.cellRows
    private static let columns = GazetteerFormat.cellColumns

    /// The indexes of the places at most `kilometers` from `coordinate`, with their distances.
    func find(_ coordinate: Coordinate, kilometers: Double) -> [(place: Int, kilometers: Double)] {
        guard tables.placeCount > 0, coordinate.isValid, kilometers >= 0 else { return [] }
        // A degree of latitude is at least 110.5 km; of longitude, that times cos φ at the
        // circle's edge nearest a pole. Near a pole every column is in reach.
        let latitudeReach = kilometers / 110.5
        let low = max(-90, coordinate.latitude - latitudeReach), high = min(90, coordinate.latitude + latitudeReach)
        let cosine = cos(max(abs(low), abs(high)) * .pi / 180)
        let longitudeReach = cosine < 1e-6 ? 180 : min(180, latitudeReach / cosine)
        let firstRow = max(0, Int((low + 90).rounded(.down))), lastRow = min(Self.rows - 1, Int((high + 90).rounded(.down)))
        let firstColumn = Int((coordinate.longitude - longitudeReach + 180).rounded(.down))
        let lastColumn = longitudeReach >= 180 ? firstColumn + Self.columns - 1 : Int((coordinate.longitude + longitudeReach + 180).rounded(.down))
        var found: [(place: Int, kilometers: Double)] = []
        for row in firstRow...lastRow {
            for column in firstColumn...min(lastColumn, firstColumn + Self.columns - 1) {
                let wrapped = ((column % Self.columns) + Self.columns) % Self.columns
                for place in places(inCell: row * Self.columns + wrapped) {
                    let distance = Geodesy.sphericalKilometers(from: coordinate, to: tables.coordinate(ofPlace: place))
                    if distance <= kilometers { found.append((place, distance)) }
                }
            }
        }
        return found
    }

    /// The places of cell `cell` (row times 360 plus column), in the file's order.
    func places(inCell cell: Int) -> Range<Int> {
        guard (0..<GazetteerFormat.cellCount).contains(cell) else { return 0..<0 }
        let start = min(Int(tables.cells.uint32(cell * 4)), tables.placeCount)
        let end = min(Int(tables.cells.uint32(cell * 4 + 4)), tables.placeCount)
        return start..<max(start, end)
    }
}
