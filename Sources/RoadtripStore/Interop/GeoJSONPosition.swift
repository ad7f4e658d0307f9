import RoadtripCore

/// A GeoJSON position: [longitude, latitude] (RFC 7946 §3.1.1; an altitude after them is
/// allowed and ignored), both numbers, in range.
enum GeoJSONPosition {
    static func read(_ value: GeoJSONValue?, at path: [JSONTextLocator.PathComponent]) throws(GeoJSONReader.Fault) -> Coordinate {
        let items = try GeoJSONReader.array(value, at: path)
        guard items.count >= 2 else {
            throw GeoJSONReader.Fault(
                path: path, reason: "a position needs a longitude and a latitude, found \(items.count) number\(items.count == 1 ? "" : "s")")
        }
        guard case .number(let longitude) = items[0] else {
            throw GeoJSONReader.Fault(path: path + [.index(0)], reason: "the longitude must be a number, found \(items[0].kindName)")
        }
        guard case .number(let latitude) = items[1] else {
            throw GeoJSONReader.Fault(path: path + [.index(1)], reason: "the latitude must be a number, found \(items[1].kindName)")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw GeoJSONReader.Fault(path: path + [.index(0)], reason: "the longitude \(longitude) is outside -180…180")
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            // The usual mistake: [latitude, longitude], the order people say them in.
            let hint = abs(longitude) <= 90 ? " (GeoJSON gives [longitude, latitude])" : ""
            throw GeoJSONReader.Fault(path: path + [.index(1)], reason: "the latitude \(latitude) is outside -90…90\(hint)")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
