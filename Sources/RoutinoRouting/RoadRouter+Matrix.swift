import CRoutino
import Foundation
import RoadtripCore
import RoadtripRegions

extension RoadRouter {
    /// The road from each of `stops` (a point and its name) to each other, both ways: what
    /// `optimize` searches. Searched all at once on the region's hierarchy (`RoadHierarchy`,
    /// issue 54) when one region covers the stops, or on the graph of the regions' roads
    /// (`RoadGraph`: one search from each stop, both cores) when the regions covering the stops
    /// keep one; else leg by leg with Routino when one region covers them all, each stop's
    /// nearest road found once and a leg `known` before not routed again. A leg no road connects
    /// is a gap of the matrix (`RoadMatrix.gaps`, which `OptimizeOrder` bridges). Stops in
    /// regions whose roads cannot meet (two groups, `RegionGroups`) are an estimate at once that says so.
    /// `progress(done, total)` is called as legs are done, and stops the work by returning false.
    package func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        guard stops.count >= 2 else { return .roads(.trivial(stops.count)) }
        if let outside = stops.first(where: { stop in !regions.contains { $0.covers(stop.0) } }) {
            return .estimate(reason: uncovered(outside.1, at: outside.0))
        }
        // Stops in regions whose roads cannot meet are told as a leg between them is, before any
        // graph is read.
        for stop in stops.dropFirst() {
            if let apart = regionsApart(stops[0].0, stop.0) { return .estimate(reason: Self.roadsDoNotMeet(stops[0].1, stop.1, regions: apart)) }
        }
        let covering = regions.filter { region in stops.contains { region.covers($0.0) } }
        if covering.count == 1 {
            switch hierarchy(of: covering[0], options: options) {
            case .success(let hierarchy?):
                if stops.count > Self.graphStopLimit { return .estimate(reason: Self.tooManyForGraph(stops.count)) }
                return hierarchy.matrix(of: stops, progress: progress)
            case .success(nil): break
            case .failure(let damaged): return .estimate(reason: damaged.phrase)
            }
        }
        let graph: RoadGraph?
        switch self.graph(of: covering) {
        case .success(let built): graph = built
        case .failure(let damaged): return .estimate(reason: damaged.phrase)
        }
        if let graph {
            if stops.count > Self.graphStopLimit { return .estimate(reason: Self.tooManyForGraph(stops.count)) }
            // Stops in regions of one group whose roads still do not meet (their areas touch,
            // their roads do not) are told as a leg between them is.
            let noRoad = { (i: Int, j: Int) -> String in
                guard !covering.contains(where: { $0.covers(stops[i].0) && $0.covers(stops[j].0) }),
                    let one = covering.first(where: { $0.covers(stops[i].0) }), let other = covering.first(where: { $0.covers(stops[j].0) })
                else { return "" }
                return Self.roadsDoNotMeet(stops[i].1, stops[j].1, regions: (one.region, other.region))
            }
            return graph.matrix(of: stops, profile: DrivingProfile.of(options.vehicle), quickest: options.quickest, noRoad: noRoad, progress: progress)
        }
        guard let roads = regions.first(where: { region in stops.allSatisfy { region.covers($0.0) } }) else {
            return .estimate(reason: "the stops are in different regions")
        }
        return matrixLegByLeg(of: stops, on: roads, options: options, known: known, progress: progress)
    }

    /// The matrix routed one leg at a time with Routino, on the roads of `roads`: for a region
    /// that keeps no graph of its roads (added before it did) or one of an older version (until an
    /// import brings it up to date: `RoadNetworkFile`).
    private func matrixLegByLeg(
        of stops: [(Coordinate, String)], on roads: Roads, options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        let n = stops.count
        if let tooMany = tooManyToRoute(stops, known: known) { return .estimate(reason: tooMany) }
        let prepared: Result<(Engine, [OpaquePointer]), Reason> = Self.routino.withLock {
            prepare(roads, options: options).flatMap { engine in engine.waypoints(stops).map { (engine, $0) } }
        }
        let engine: Engine, waypoints: [OpaquePointer]
        switch prepared {
        case .success(let ready): (engine, waypoints) = ready
        case .failure(let reason): return .estimate(reason: reason.phrase)
        }
        defer { waypoints.forEach { free(UnsafeMutableRawPointer($0)) } }
        var meters = Array(repeating: 0.0, count: n * n), seconds = meters
        var done = 0
        for i in 0..<n {
            for j in 0..<n where i != j {
                // One leg at a time, in turn: the screen's own legs can go in between.
                // The database's files are looked at before each leg (`prepare`): one cut short
                // under the mapping ends the matrix with why, never a SIGBUS.
                let outcome: RoadOutcome =
                    known(i, j).map { .road($0) }
                    ?? Self.routino.withLock {
                        if case .failure(let reason) = prepare(roads, options: options) { return .estimate(reason: reason.phrase) }
                        return engine.route(waypoints[i], waypoints[j], from: stops[i], to: stops[j], quickest: options.quickest, line: false)
                    }
                switch outcome {
                case .road(let leg): (meters[i * n + j], seconds[i * n + j]) = (leg.meters, leg.seconds)
                // A leg no road connects stays a gap of the matrix (`RoadMatrix.gaps`), as on the graph.
                case .estimate(let reason) where reason == RoutedLeg.noRoad(roads: roads.region):
                    (meters[i * n + j], seconds[i * n + j]) = (.infinity, .infinity)
                case .estimate(let reason): return .estimate(reason: reason)
                }
                done += 1
                guard progress(done, n * (n - 1)) else { return .cancelled }
            }
        }
        return .roads(RoadMatrix(count: n, meters: meters, seconds: seconds))
    }

    /// The most stops a matrix on the graph searches: 2,000 stops on Andorra's roads took 3.0 s
    /// and 230 MB (`roadtrip-bench --matrix`, issue 36); the memory grows as the square. The
    /// optimizer itself takes at most 1,000 (`RouteOptimizer.maximumStops`).
    package static let graphStopLimit = 2_000

    /// Why a matrix of `count` stops is not searched.
    static func tooManyForGraph(_ count: Int) -> String {
        "\(DistanceUnit.grouped(count)) stops are more than the \(DistanceUnit.grouped(graphStopLimit)) whose every leg is searched here "
            + "(the work grows as the square of the stops); a Valhalla server routes more (set ROADTRIP_VALHALLA_URL)"
    }

    /// The most stops whose every leg a matrix routes leg by leg: 103, each way 10,506 legs, about
    /// 10 seconds at the 0.95 ms of CPU a leg measured with `Scripts/bench-matrix.py` (issue 36:
    /// 118 stops, 13,806 legs, took 13.1 s of CPU; issue 34: 300 stops ran 65 s, 1,000 past 10
    /// minutes printing nothing). Above it the order is searched in straight lines, with the reason.
    package static let matrixStopLimit = 103
    package static let matrixLegLimit = matrixStopLimit * (matrixStopLimit - 1)

    /// Why the legs between `stops` are too many to route, or nil: legs `known` before are not counted.
    private func tooManyToRoute(_ stops: [(Coordinate, String)], known: (Int, Int) -> RoutedLeg?) -> String? {
        let n = stops.count
        guard n * (n - 1) > Self.matrixLegLimit else { return nil }
        var unrouted = 0
        for i in 0..<n {
            for j in 0..<n where i != j {
                if known(i, j) == nil { unrouted += 1 }
            }
            if unrouted > Self.matrixLegLimit {
                return "\(DistanceUnit.grouped(n)) stops make \(DistanceUnit.grouped(n * (n - 1))) road legs, more than the "
                    + "\(DistanceUnit.grouped(Self.matrixLegLimit)) (\(Self.matrixStopLimit) stops) routed here in about 10 seconds; "
                    + "a Valhalla server routes more (set ROADTRIP_VALHALLA_URL)"
            }
        }
        return nil
    }
}
