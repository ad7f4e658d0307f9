import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting

/// "Along the road" (issue 37): a trip of about 480 km through Andorra (Barcelona → Andorra la
/// Vella → Pas de la Casa → Toulouse → Carcassonne; its Andorran legs on the region's roads, the
/// rest estimates), every kind within 2 km, looked for in the place library of `library` (towns,
/// natural features and the regions): the search alone, many times (the budget: 100 ms), then the
/// detours of the first 10 places found, as a screen shows them.
func alongBench(library: PlaceLibrary, shelf: RegionShelf) {
    let stops = [
        ("Barcelona", 41.3874, 2.1686), ("Andorra la Vella", 42.5078, 1.5211), ("Pas de la Casa", 42.5428, 1.7336),
        ("Toulouse", 43.6047, 1.4442), ("Carcassonne", 43.2130, 2.3491),
    ]
    .map { Stop(name: $0.0, location: Coordinate(latitude: $0.1, longitude: $0.2)) }
    let trip = Trip(name: "Through Andorra", stops: stops)
    let router = Routing.engine(shelf: shelf, environment: ProcessInfo.processInfo.environment, cached: false)
    let estimate = RouteEstimate(for: trip, unit: .km)
    let legs = router.legs(of: trip, estimate: estimate)
    let line = TripLine(stops: stops.map(\.location), figures: legs)
    let kinds = AlongKind.placeKinds(of: [])
    var found: [AlongTheRoute.Found] = []
    let times = (0..<50).map { _ in milliseconds { found = AlongTheRoute.places(along: line, in: library, kinds: kinds, within: 2_000) } }
    let detours = milliseconds {
        for place in found.prefix(10) { _ = AlongTheRoute.detour(to: place, routing: router, options: RouteOptions(), estimate: estimate) }
    }
    print(
        "along the road, \(DistanceUnit.km.format(meters: line.meters)) trip through Andorra (\(legs.filter { $0.source == .road }.count) of "
            + "\(legs.count) legs on roads), every kind within 2 km: \(found.count) places")
    print("  the search, 50 times: \(summary(times, percentiles: [50, 99])); the detours of the first 10: \(format(detours))")
}
