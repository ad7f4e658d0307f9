import RoadtripCore

/// A GPX route as a trip. A route's points are where it goes: each is a stop when the route is
/// short or names every point. A long one that leaves points unnamed is a planner's line along
/// the road (roadtrip wrote its own so before its files were marked), hundreds of points no one
/// means to stop at: its named points are the stops, with its ends; when it names fewer than two,
/// a few points along it are, as a track is reduced. The trip's note says which.
enum RouteStops {
    static func trip(named name: String, from points: [ImportedPoint]) -> ImportedTrip {
        let named = points.indices.filter { points[$0].isNamed }
        let unnamed = points.count - named.count
        guard points.count > TrackStops.maximumStops, unnamed > 0 else {
            return ImportedTrip(name: name, stops: points.enumerated().map { index, point in point.stop(fallbackName: "Point \(index + 1)") })
        }
        let route =
            unnamed == points.count
            ? "a route of \(TrackStops.grouped(points.count)) unnamed points"
            : "a route of \(TrackStops.grouped(points.count)) points, \(TrackStops.grouped(unnamed)) of them unnamed,"
        guard named.count >= 2 else {
            var trip = TrackStops.trip(named: name, from: points, kind: "route", label: "Route")
            trip.notes = ["\(route) became \(trip.stops.count) stops along it"]
            return trip
        }
        let last = points.count - 1
        let kept = Set(named + [0, last]).sorted()
        let stops = TrackStops.stops(points, at: kept, along: TrackReduction.distancesAlong(points.map(\.location)), label: "Route")
        let ends =
            switch (points[0].isNamed, points[last].isNamed) {
            case (true, true): ""
            case (false, true): " and its start"
            case (true, false): " and its end"
            case (false, false): " and its ends"
            }
        return ImportedTrip(name: name, stops: stops, notes: ["\(route) became \(kept.count) stops: its named points\(ends)"])
    }
}
