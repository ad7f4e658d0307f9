import Foundation
import RoadtripCore

/// The shape of a named feature as GeoJSON gives it (`osmium export`, Natural Earth), reduced to
/// what the index needs of it: one point that lies on it.
package enum FeatureGeometry: Equatable, Sendable {
    case point(Coordinate)
    /// One or more lines (a bridge, a cliff, a waterfall drawn as a way).
    case lines([[Coordinate]])
    /// One or more polygons, each its outer ring then its holes.
    case polygons([[[Coordinate]]])

    /// Reads a GeoJSON geometry object; nil for a type without a place (a collection) or bad numbers.
    package init?(geoJSON object: Any?) {
        guard let object = object as? [String: Any], let type = object["type"] as? String else { return nil }
        let coordinates = object["coordinates"]
        switch type {
        case "Point":
            guard let point = Self.position(coordinates) else { return nil }
            self = .point(point)
        case "MultiPoint":
            guard let first = (coordinates as? [Any])?.lazy.compactMap(Self.position).first else { return nil }
            self = .point(first)
        case "LineString":
            guard let line = Self.positions(coordinates) else { return nil }
            self = .lines([line])
        case "MultiLineString":
            guard let lines = (coordinates as? [Any])?.compactMap(Self.positions), !lines.isEmpty else { return nil }
            self = .lines(lines)
        case "Polygon":
            guard let polygon = Self.rings(coordinates) else { return nil }
            self = .polygons([polygon])
        case "MultiPolygon":
            guard let polygons = (coordinates as? [Any])?.compactMap(Self.rings), !polygons.isEmpty else { return nil }
            self = .polygons(polygons)
        default:
            return nil
        }
    }

    /// A point on the feature: the point itself; the middle of the longest line, by length; for an
    /// area, a point inside its largest polygon (`InteriorPoint`), never a centroid that may fall
    /// outside a bent lake.
    package var representativePoint: Coordinate? {
        switch self {
        case .point(let point):
            return point
        case .lines(let lines):
            return lines.max { InteriorPoint.length(of: $0) < InteriorPoint.length(of: $1) }.flatMap(InteriorPoint.middle(ofLine:))
        case .polygons(let polygons):
            return polygons.max { InteriorPoint.area(of: $0) < InteriorPoint.area(of: $1) }.flatMap(InteriorPoint.inside(polygon:))
        }
    }

    private static func position(_ value: Any?) -> Coordinate? {
        guard let pair = value as? [Any], pair.count >= 2, let longitude = (pair[0] as? NSNumber)?.doubleValue,
            let latitude = (pair[1] as? NSNumber)?.doubleValue
        else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    private static func positions(_ value: Any?) -> [Coordinate]? {
        guard let list = value as? [Any] else { return nil }
        let points = list.compactMap(position)
        return points.count == list.count && !points.isEmpty ? points : nil
    }

    private static func rings(_ value: Any?) -> [[Coordinate]]? {
        guard let list = value as? [Any], let rings = Optional(list.compactMap(positions)), rings.count == list.count,
            let outer = rings.first, outer.count >= 3
        else { return nil }
        return rings
    }
}
