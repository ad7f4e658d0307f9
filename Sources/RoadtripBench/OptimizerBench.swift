import RoadtripCore

/// `roadtrip-bench --optimize` (and the default run): `RouteOptimizer.bestOrder(of:)` on 17 stops
/// (15 movable, the exact search) and on 200 (the heuristic), random places in the western US.
/// Besides the whole call, its two parts: the matrix as the optimizer fills it (one triangle, of
/// geodesics up to the exact limit and of Lambert's lengths beyond) and the search alone on it.
func optimizerBench() {
    let runs = 20
    var random = SeededRandom(seed: 66)
    for count in [RouteOptimizer.exactLimit + 2, 200] {
        let stops = (0..<count).map { _ in
            Coordinate(latitude: .random(in: 32...49, using: &random), longitude: .random(in: -124 ... -104, using: &random))
        }
        var matrix: [Double] = []
        var whole: [Double] = [], filling: [Double] = [], search: [Double] = []
        var order: [Int] = []
        for _ in 0..<runs {
            whole.append(milliseconds { order = RouteOptimizer.bestOrder(of: stops) })
            filling.append(milliseconds { matrix = optimizerMatrix(stops) })
            search.append(milliseconds { _ = RouteOptimizer.bestOrder(count: count) { matrix[$0 * count + $1] } })
        }
        let given = RouteOptimizer.length(of: Array(0..<count)) { matrix[$0 * count + $1] }
        let found = RouteOptimizer.length(of: order) { matrix[$0 * count + $1] }
        print("route optimizer, \(count) stops (\(count - 2) movable), \(runs) runs: \(Int(given / 1000)) km as given, \(Int(found / 1000)) km optimized")
        print("  bestOrder(of:): \(summary(whole, percentiles: [50]))")
        let kind = count - 2 <= RouteOptimizer.exactLimit ? "geodesic" : "Lambert"
        print("  \(kind) matrix (\(count * (count - 1) / 2) distances): \(summary(filling, percentiles: [50]))")
        print("  search on the matrix: \(summary(search, percentiles: [50]))")
    }
}

/// Every stop's distance to every other as `RouteOptimizer.bestOrder(of:)` measures it, one
/// triangle solved and mirrored.
private func optimizerMatrix(_ stops: [Coordinate]) -> [Double] {
    let n = stops.count, lambert = LambertDistance(stops)
    var matrix = Array(repeating: 0.0, count: n * n)
    for i in 0..<n {
        for j in (i + 1)..<n {
            let meters = n - 2 <= RouteOptimizer.exactLimit ? Geodesy.distance(from: stops[i], to: stops[j]) : lambert.meters(i, j)
            matrix[i * n + j] = meters
            matrix[j * n + i] = meters
        }
    }
    return matrix
}
