import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a GPX 1.0 or 1.1 file (its prolog checked by `XMLImport`), streaming, into trips. A file
/// roadtrip wrote is its trip again: the waypoints, the route and track being the road between
/// them. Any other: one trip per route (`RouteStops`) and one per track (reduced to a sensible
/// number of stops), and one of the waypoints when the file has no route.
enum GPXReader {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let reader = GPXDocumentReader()
        try XMLImport.parse(file, with: reader, kind: "GPX 1.0/1.1")
        return try trips(of: reader, fallbackName: file.baseName)
    }

    private static func trips(of reader: GPXDocumentReader, fallbackName: String) throws(ImportProblem) -> [ImportedTrip] {
        let fileName = reader.metadataName ?? fallbackName
        // A roadtrip file whose waypoints were all taken out elsewhere is read as anyone's.
        if reader.isRoadtripTrip, !reader.waypoints.isEmpty {
            var trip = waypointsTrip(reader.waypoints, named: fileName)
            trip.settings = reader.settings
            trip.notes += reader.settingsProblem.map { [$0] } ?? []
            return [trip]
        }
        let lines = reader.lines.filter { !$0.points.isEmpty }
        var trips: [ImportedTrip] = []
        if !lines.contains(where: { $0.kind == .route }), !reader.waypoints.isEmpty {
            trips.append(waypointsTrip(reader.waypoints, named: fileName))
        }
        for line in lines {
            switch line.kind {
            case .route: trips.append(RouteStops.trip(named: line.name ?? fileName, from: line.points))
            case .track: trips.append(TrackStops.trip(named: line.name ?? fileName, from: line.points, kind: "track"))
            }
        }
        guard !trips.isEmpty else { throw ImportProblem("the file has no routes, tracks or waypoints") }
        return trips
    }

    /// Every waypoint a stop, in the file's order.
    private static func waypointsTrip(_ waypoints: [ImportedPoint], named name: String) -> ImportedTrip {
        ImportedTrip(name: name, stops: waypoints.enumerated().map { index, point in point.stop(fallbackName: "Point \(index + 1)") })
    }
}
