import RoadtripCore

/// Valhalla's encoded polyline (Google's encoding, at six decimals: a latitude, then a
/// longitude, each the difference from the point before, zig-zag signed, in 5-bit groups
/// from `?` on): a leg's `shape`.
package enum Polyline {
    /// The points of `encoded` at `precision` decimals; nil when the text is not a polyline (a
    /// character outside the encoding, a number cut short, a latitude without its longitude, a
    /// point off the Earth).
    package static func decode(_ encoded: String, precision: Int = 6) -> [Coordinate]? {
        var bytes = encoded.utf8.makeIterator()
        let scale = pow10(precision)
        var points: [Coordinate] = []
        var latitude = 0, longitude = 0
        while let dLatitude = nextNumber(&bytes) {
            guard let value = dLatitude, let dLongitude = nextNumber(&bytes) ?? nil else { return nil }
            latitude += value
            longitude += dLongitude
            let point = Coordinate(latitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
            guard point.isValid else { return nil }
            points.append(point)
        }
        return points
    }

    /// The next number: nil at the end of the text, `.some(nil)` for one that is not a number.
    private static func nextNumber(_ bytes: inout String.UTF8View.Iterator) -> Int?? {
        var result = 0, shift = 0
        guard var byte = bytes.next() else { return nil }
        while true {
            guard (63...126).contains(byte), shift < 60 else { return .some(nil) }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { break }
            guard let next = bytes.next() else { return .some(nil) }
            byte = next
        }
        return (result & 1) != 0 ? ~(result >> 1) : result >> 1
    }

    private static func pow10(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }
}
