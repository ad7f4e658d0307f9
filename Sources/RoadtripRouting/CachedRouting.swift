import Foundation
import RoadtripCore
import RoadtripRegions

/// Any engine's legs kept on disk (`RoadLegCache`): a leg routed before is taken from the cache,
/// under the version of the roads it was routed on, and a leg routed now is kept there; a matrix
/// takes the legs kept and routes only the others.
package final class CachedRouting: RoadRouting, @unchecked Sendable {
    let engine: any RoadRouting
    let cache: RoadLegCache

    package init(_ engine: any RoadRouting, file: URL) {
        self.engine = engine
        cache = RoadLegCache(file: file)
    }

    /// The standard cache file of `environment` (`$XDG_CACHE_HOME/roadtrip/road-legs.jsonl`).
    package static func standardFile(environment: [String: String]) -> URL {
        RoadLegCache.standardFile(environment: environment)
    }

    package var hasRoads: Bool { engine.hasRoads }
    package var everyRoads: Set<String> { engine.everyRoads }

    package func roads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        engine.roads(from: from, to: to)
    }

    package func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
        guard let roads = engine.roads(from: from, to: to) else {
            return engine.route(from: from, to: to, fromName: fromName, toName: toName, options: options)
        }
        let key = RoadLegCache.key(database: roads.version, options: options, from: from, to: to)
        if let leg = cache.leg(key, databases: everyRoads, region: roads.name) { return .road(leg) }
        let outcome = engine.route(from: from, to: to, fromName: fromName, toName: toName, options: options)
        if case .road(let leg) = outcome { cache.store(leg, key: key) }
        return outcome
    }

    package func known(from: Coordinate, to: Coordinate, options: RouteOptions) -> RoadLeg? {
        guard let roads = engine.roads(from: from, to: to) else { return nil }
        return cache.leg(RoadLegCache.key(database: roads.version, options: options, from: from, to: to), databases: everyRoads, region: roads.name)
    }

    package func matrix(of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoadLeg?,
                        progress: (_ done: Int, _ total: Int) -> Bool) -> RoadMatrixOutcome {
        engine.matrix(of: stops, options: options, known: { i, j in
            known(i, j) ?? self.known(from: stops[i].0, to: stops[j].0, options: options)
        }, progress: progress)
    }

    /// Reads the cache file on another thread: the planner calls it at start, so that the first
    /// screen asking for legs does not read (and decode) the whole file on the main loop,
    /// however large it has grown.
    package func readAhead() {
        let (cache, databases) = (cache, everyRoads)
        DispatchQueue.global(qos: .userInitiated).async { cache.read(keeping: databases) }
    }
}
