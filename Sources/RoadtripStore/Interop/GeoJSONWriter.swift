import Foundation
import RoadtripCore

/// A trip as GeoJSON (RFC 7946): a FeatureCollection of one Point per stop, in order, then one
/// LineString through them for the route. Positions are [longitude, latitude]. Keys are sorted,
/// so the same trip always gives the same bytes. The collection's `name` (a foreign member, which
/// RFC 7946 §6.1 allows) keeps the trip's name when it has fewer than two stops and so no line.
enum GeoJSONWriter {
    /// `line`: the road's line through the stops when some legs are on roads (else the stops).
    static func data(for trip: Trip, line: [Coordinate]? = nil) throws -> Data {
        var features = trip.stops.enumerated().map { index, stop in
            Feature(geometry: .point(stop.location), properties: .stop(stop, index: index + 1))
        }
        // A LineString needs two or more positions (RFC 7946 §3.1.4).
        if trip.stops.count >= 2 {
            features.append(Feature(geometry: .line(line ?? trip.stops.map(\.location)), properties: .route(name: trip.name)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A number JSON cannot hold (NaN, an infinity) fails the encoding: never a file of one newline.
        var data = try encoder.encode(Collection(name: trip.name, features: features))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Why the encoding failed, as a phrase ("Unable to encode Double.nan directly in JSON").
    static func reason(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        let place = context.codingPath.map(\.stringValue).joined(separator: ".")
        return context.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ".")) + (place.isEmpty ? "" : " (at \(place))")
    }

    private struct Collection: Encodable {
        let type = "FeatureCollection"
        let name: String
        let features: [Feature]
    }

    private struct Feature: Encodable {
        let type = "Feature"
        let geometry: Geometry
        let properties: Properties
    }

    private enum Geometry: Encodable {
        case point(Coordinate)
        case line([Coordinate])

        private enum CodingKeys: String, CodingKey { case type, coordinates }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .point(let point):
                try container.encode("Point", forKey: .type)
                try container.encode(Self.position(point), forKey: .coordinates)
            case .line(let points):
                try container.encode("LineString", forKey: .type)
                try container.encode(points.map(Self.position), forKey: .coordinates)
            }
        }

        private static func position(_ point: Coordinate) -> [Double] { [point.longitude, point.latitude] }
    }

    private enum Properties: Encodable {
        case stop(Stop, index: Int)
        case route(name: String)

        private enum CodingKeys: String, CodingKey { case name, notes, index, stayHours, stayNights, overnight }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .route(let name):
                try container.encode(name, forKey: .name)
            case .stop(let stop, let index):
                try container.encode(stop.name, forKey: .name)
                if let notes = stop.notes, !notes.isEmpty { try container.encode(notes, forKey: .notes) }
                try container.encode(index, forKey: .index)
                switch stop.stay {
                case .hours(let hours): try container.encode(hours, forKey: .stayHours)
                case .nights(let nights): try container.encode(nights, forKey: .stayNights)
                case nil: break
                }
                if stop.overnight { try container.encode(true, forKey: .overnight) }
            }
        }
    }
}
