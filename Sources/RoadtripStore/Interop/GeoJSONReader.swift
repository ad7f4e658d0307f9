/// Reads GeoJSON (RFC 7946) into trips: a FeatureCollection, a Feature or a bare geometry.
/// Points (and the points of MultiPoints) are the stops of one trip, in order, with the names,
/// notes and stays of their properties; a LineString beside them is the route and only names the
/// trip. Without points, each LineString (or MultiLineString, joined) is a trip of its own,
/// reduced like a GPX track when long. Polygons are left out, with a note.
struct GeoJSONReader {
    /// Where in the document something is wrong, and what.
    struct Fault: Error, Equatable {
        var path: [JSONTextLocator.PathComponent]
        var reason: String
    }

    private var points: [ImportedPoint] = []
    private var lines: [ImportedLine] = []
    private var polygons = 0
    private var collectionName: String?

    static func trips(from root: GeoJSONValue, fallbackName: String) throws(Fault) -> [ImportedTrip] {
        var reader = GeoJSONReader()
        try reader.object(root, at: [])
        return try reader.trips(fallbackName: fallbackName)
    }

    private func trips(fallbackName: String) throws(Fault) -> [ImportedTrip] {
        let name = collectionName ?? lines.lazy.compactMap(\.name).first ?? fallbackName
        var trips: [ImportedTrip]
        if !points.isEmpty {
            trips = [ImportedTrip(name: name, stops: points.enumerated().map { index, point in point.stop(fallbackName: "Point \(index + 1)") })]
        } else {
            trips = lines.filter { !$0.points.isEmpty }.map { line in
                TrackStops.trip(named: line.name ?? collectionName ?? fallbackName, from: line.points, kind: "line")
            }
        }
        guard !trips.isEmpty else { throw Fault(path: [], reason: "the file has no points or lines (Point, MultiPoint, LineString)") }
        if polygons > 0 { trips[0].notes.append("\(polygons) polygon\(polygons == 1 ? " was" : "s were") left out") }
        return trips
    }

    private mutating func object(_ value: GeoJSONValue, at path: [JSONTextLocator.PathComponent]) throws(Fault) {
        let fields = try Self.fields(of: value, at: path)
        guard case .string(let type)? = fields["type"] else {
            throw Fault(path: path + [.key("type")], reason: "a GeoJSON object needs a “type” string")
        }
        switch type {
        case "FeatureCollection":
            if path.isEmpty, case .string(let name)? = fields["name"] { collectionName = name }
            let features = try Self.array(fields["features"], at: path + [.key("features")])
            for (index, feature) in features.enumerated() { try object(feature, at: path + [.key("features"), .index(index)]) }
        case "Feature":
            let properties = try GeoJSONProperties(fields["properties"], at: path + [.key("properties")])
            if let geometry = fields["geometry"], geometry != .null {
                try self.geometry(geometry, properties: properties, at: path + [.key("geometry")])
            }
        default:
            try geometry(value, properties: GeoJSONProperties(), at: path)
        }
    }

    private mutating func geometry(_ value: GeoJSONValue, properties: GeoJSONProperties, at path: [JSONTextLocator.PathComponent]) throws(Fault) {
        let fields = try Self.fields(of: value, at: path)
        let coordinates = path + [.key("coordinates")]
        switch fields["type"] {
        case .string("Point")?:
            points.append(properties.point(at: try GeoJSONPosition.read(fields["coordinates"], at: coordinates)))
        case .string("MultiPoint")?:
            for (index, position) in try Self.array(fields["coordinates"], at: coordinates).enumerated() {
                var point = properties.point(at: try GeoJSONPosition.read(position, at: coordinates + [.index(index)]))
                point.name = properties.name.map { "\($0) \(index + 1)" }
                points.append(point)
            }
        case .string("LineString")?:
            lines.append(ImportedLine(kind: .track, name: properties.name, points: try Self.line(fields["coordinates"], at: coordinates)))
        case .string("MultiLineString")?:
            var line = ImportedLine(kind: .track, name: properties.name)
            for (index, part) in try Self.array(fields["coordinates"], at: coordinates).enumerated() {
                line.points += try Self.line(part, at: coordinates + [.index(index)])
            }
            lines.append(line)
        case .string("GeometryCollection")?:
            for (index, member) in try Self.array(fields["geometries"], at: path + [.key("geometries")]).enumerated() {
                try geometry(member, properties: properties, at: path + [.key("geometries"), .index(index)])
            }
        case .string("Polygon")?, .string("MultiPolygon")?:
            polygons += 1
        case .string(let other)?:
            throw Fault(path: path + [.key("type")], reason: "“\(other)” is not a GeoJSON type")
        default:
            throw Fault(path: path + [.key("type")], reason: "a GeoJSON object needs a “type” string")
        }
    }

    private static func line(_ value: GeoJSONValue?, at path: [JSONTextLocator.PathComponent]) throws(Fault) -> [ImportedPoint] {
        var points: [ImportedPoint] = []
        for (index, position) in try array(value, at: path).enumerated() {
            points.append(ImportedPoint(location: try GeoJSONPosition.read(position, at: path + [.index(index)])))
        }
        return points
    }

    static func fields(of value: GeoJSONValue, at path: [JSONTextLocator.PathComponent]) throws(Fault) -> [String: GeoJSONValue] {
        guard case .object(let fields) = value else { throw Fault(path: path, reason: "expected an object, found \(value.kindName)") }
        return fields
    }

    static func array(_ value: GeoJSONValue?, at path: [JSONTextLocator.PathComponent]) throws(Fault) -> [GeoJSONValue] {
        guard let value else { throw Fault(path: path, reason: "the field is missing") }
        guard case .array(let items) = value else { throw Fault(path: path, reason: "expected an array, found \(value.kindName)") }
        return items
    }
}
