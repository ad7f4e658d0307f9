import Foundation
import RoadtripCore
import RoadtripRegions

/// Any engine's legs kept on disk (`RoadLegCache`): a leg routed before is taken from the cache,
/// under the version of the roads it was routed on, and a leg routed now is kept there; a matrix
/// takes the legs kept and routes only the others, then keeps those for their figures.
///
/// Legs on roads that do not keep them (`CoveringRoads.keepsLegs`) are routed every time.
///
/// A leg of a matrix has no line (`RoutedLeg.line` empty: the engine was not asked for it). It is
/// kept for figures only: another matrix takes it, but a trip screen (`route`, `known`) never
/// gets it, which would draw the leg as a road of no shape; the screen routes the leg again, and
/// the leg with its line then takes its place in the cache.
package final class CachedRouting: RoadRouting, @unchecked Sendable {
    let engine: any RoadRouting
    let cache: RoadLegCache

    package convenience init(_ engine: any RoadRouting, file: URL) {
        self.init(engine, file: file, limits: RoadLegCache.Limits())
    }

    init(_ engine: any RoadRouting, file: URL, limits: RoadLegCache.Limits) {
        self.engine = engine
        cache = RoadLegCache(file: file, limits: limits)
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
        let (outcome, kept) = routed(from: (from, fromName), to: (to, toName), options: options)
        if let kept { cache.store([kept]) }
        return outcome
    }

    /// A trip's legs, the new ones kept in one write: appending each alone was a tenth of an
    /// `optimize`, which routes two for every stop.
    package func route(along stops: [(Coordinate, String)], options: RouteOptions) -> [RoadOutcome] {
        var kept: [(leg: RoutedLeg, key: String)] = []
        let outcomes = zip(stops, stops.dropFirst()).map { from, to in
            let (outcome, leg) = routed(from: from, to: to, options: options)
            if let leg { kept.append(leg) }
            return outcome
        }
        cache.store(kept)
        return outcomes
    }

    /// The leg from the cache, else from the engine with what to keep of it.
    private func routed(
        from: (Coordinate, String), to: (Coordinate, String), options: RouteOptions
    ) -> (RoadOutcome, kept: (leg: RoutedLeg, key: String)?) {
        guard let roads = engine.roads(from: from.0, to: to.0), roads.keepsLegs else {
            return (engine.route(from: from.0, to: to.0, fromName: from.1, toName: to.1, options: options), nil)
        }
        let key = RoadLegCache.key(database: roads.version, options: options, from: from.0, to: to.0)
        if let leg = cache.leg(key, databases: everyRoads, region: roads.name), !leg.line.isEmpty { return (.road(leg), nil) }
        let outcome = engine.route(from: from.0, to: to.0, fromName: from.1, toName: to.1, options: options)
        guard case .road(let leg) = outcome else { return (outcome, nil) }
        return (outcome, (leg, key))
    }

    /// The leg kept with its line, for a screen (a matrix's leg, figures only, is not).
    package func known(from: Coordinate, to: Coordinate, options: RouteOptions) -> RoutedLeg? {
        figures(from: from, to: to, options: options).flatMap { $0.line.isEmpty ? nil : $0 }
    }

    /// The leg kept, with its line or (from a matrix) without.
    private func figures(from: Coordinate, to: Coordinate, options: RouteOptions) -> RoutedLeg? {
        guard let roads = engine.roads(from: from, to: to), roads.keepsLegs else { return nil }
        return cache.leg(RoadLegCache.key(database: roads.version, options: options, from: from, to: to), databases: everyRoads, region: roads.name)
    }

    package func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        var kept = Set<Int>()
        let outcome = engine.matrix(
            of: stops, options: options,
            known: { i, j in
                guard let leg = known(i, j) ?? self.figures(from: stops[i].0, to: stops[j].0, options: options) else { return nil }
                kept.insert(i * stops.count + j)
                return leg
            }, progress: progress)
        if case .roads(let matrix) = outcome, !matrix.isFromGraph { keep(matrix, of: stops, options: options, except: kept) }
        return outcome
    }

    /// The most legs a matrix keeps: half what the cache holds, so that one large matrix does not
    /// push out the legs of every trip screen (a matrix of 71 stops at the standard limits).
    var matrixLegsKept: Int { cache.limits.entries / 2 }

    /// Keeps the legs of `matrix` routed now (not those `known` before) for their figures, in one
    /// write, when they are not more than `matrixLegsKept`.
    private func keep(_ matrix: RoadMatrix, of stops: [(Coordinate, String)], options: RouteOptions, except known: Set<Int>) {
        let n = stops.count
        guard n * (n - 1) - known.count <= matrixLegsKept else { return }
        var legs: [(leg: RoutedLeg, key: String)] = []
        for i in 0..<n {
            for j in 0..<n where i != j && !known.contains(i * n + j) {
                guard let roads = engine.roads(from: stops[i].0, to: stops[j].0), roads.keepsLegs else { continue }
                legs.append(
                    (
                        RoutedLeg(meters: matrix.meters(i, j), seconds: matrix.seconds(i, j), line: [], region: roads.name),
                        RoadLegCache.key(database: roads.version, options: options, from: stops[i].0, to: stops[j].0)
                    ))
            }
        }
        cache.store(legs)
    }

    /// Reads the cache file now, on the caller's thread: the planner calls it at start on its
    /// runner (`RoadLegs.onRegions`), so that the first screen asking for legs does not read (and
    /// decode) the whole file on the main loop, however large it has grown.
    package func readAhead() {
        cache.read(keeping: everyRoads)
    }
}
