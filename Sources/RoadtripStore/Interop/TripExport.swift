import Foundation
import RoadtripCore

/// Writes a trip as a file for other programs. The bytes depend only on the arguments, so the
/// same trip exported twice gives the same file.
package enum TripExport {
    /// How a GPX file carries the road's line: as the route's points (`<rte>`, which devices
    /// follow), or as a track (`<trk>`, which they draw) after a route of the stops.
    package enum GPXRoad: String, CaseIterable, Sendable {
        case route, track
    }

    /// The file's bytes. `now` is the GPX `<metadata><time>`; `creator` names the program that
    /// wrote the file ("roadtrip 0.1.0"). `legs`: each leg's figures; the line of a leg on roads
    /// is written instead of the straight line between its stops.
    package static func data(for trip: Trip, format: TripExportFormat, now: Date, creator: String, legs: [LegFigures]? = nil,
                             gpxRoad: GPXRoad = .route) -> Data {
        let line = routeLine(of: trip, legs: legs)
        switch format {
        case .gpx: return Data(GPXWriter.document(for: trip, now: now, creator: creator, roadLine: line, as: gpxRoad).utf8)
        case .geojson: return GeoJSONWriter.data(for: trip, line: line)
        case .kml: return Data(KMLWriter.document(for: trip, line: line).utf8)
        }
    }

    /// The route through the stops, each leg on roads along its road's line, the others straight;
    /// nil when no leg is on roads (the stops alone are the route).
    static func routeLine(of trip: Trip, legs: [LegFigures]?) -> [Coordinate]? {
        guard let legs, legs.count == max(0, trip.stops.count - 1), legs.contains(where: { !$0.isEstimate }) else { return nil }
        var line = trip.stops.first.map { [$0.location] } ?? []
        for (leg, to) in zip(legs, trip.stops.dropFirst()) {
            let points = leg.isEstimate || leg.line.isEmpty ? [to.location] : leg.line
            for point in points where point != line.last { line.append(point) }
            if line.last != to.location { line.append(to.location) }
        }
        return line
    }
}
