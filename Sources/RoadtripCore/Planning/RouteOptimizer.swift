/// The order of a trip's stops that minimises total distance (or time), the first and last stop kept in place.
///
/// A trip that starts and ends at the same place (a city tour returning home) needs no special
/// case: with both ends fixed at one place, the shortest path through the others is the shortest loop.
package enum RouteOptimizer {
    /// Movable stops (count − 2) up to which the order is exact (Held–Karp dynamic programming
    /// over the movable stops): 2¹⁵ × 15 × 15 ≈ 7.4 million steps and 8 MB, 31 ms (roadtrip-bench --optimize).
    package static let exactLimit = 15

    /// How orders beyond `exactLimit` are searched: `chained` (the one used: chained
    /// Lin–Kernighan, `LinKernighan`, where costs are the same both ways, and iterated 2-opt and
    /// Or-opt, `ChainedSearch`, where they are not), or `localSearch`, an early search (2-opt
    /// and Or-opt to a local optimum, kept for the benchmark's comparison:
    /// `ROADTRIP_OPTIMIZER=local-search`).
    package enum Search: String, Sendable {
        case chained, localSearch = "local-search"
    }

    /// The most stops an order is searched for. The search holds every distance between two stops
    /// (n² numbers: 8 MB at 1,000 stops, 80 GB at 100,000, which aborted the program) and solves
    /// n²/2 geodesics (5,000 stops kept the planner busy for 50 s). Past it a trip keeps its
    /// order: `OptimizeOrder.Refusal` gives the sentence, and `bestOrder` returns the
    /// order given rather than allocate without bound.
    package static let maximumStops = 1_000

    /// The fewest stops with another order to try: the first and last stay in place, so with
    /// three or fewer the order given is the only one.
    package static let fewestStops = 4

    /// Indices 0..<count in the best order found: result.first == 0, result.last == count − 1.
    /// `distance(i, j)` is the cost from stop i to stop j (symmetric in practice, but not relied on).
    /// Fewer than `fewestStops` returns the identity. Up to `exactLimit` movable stops the order is exact; beyond,
    /// it is the best a deterministic search finds (`Search`, from the nearest-neighbour order and
    /// the order given), and never longer than the order given.
    /// `progress` hears how far a long search is (0 to 1) and stops it by returning false: the
    /// best order found so far is returned.
    package static func bestOrder(
        count: Int, search: Search = .chained, progress: ((Double) -> Bool)? = nil,
        distance: (Int, Int) -> Double
    ) -> [Int] {
        guard count >= fewestStops, count <= maximumStops else { return Array(0..<max(count, 0)) }
        var matrix = DistanceMatrix(count: count)
        for i in 0..<count {
            for j in 0..<count where i != j { matrix[i, j] = distance(i, j) }
        }
        return bestOrder(matrix, search: search, progress: progress)
    }

    /// Same, from coordinates, on the WGS-84 ellipsoid. Up to `exactLimit` movable stops the
    /// matrix is of geodesics, so that the exact order is exact on them; beyond, of Lambert's
    /// lengths (`LambertDistance`, a few meters from the geodesic), which a search a few
    /// hundred stops long needs in a hundredth of the time (the geodesics were a third of
    /// `roadtrip optimize` at 535 stops). Either way the order returned is never longer, in
    /// geodesics, than the order given.
    package static func bestOrder(of coordinates: [Coordinate], search: Search = .chained, progress: ((Double) -> Bool)? = nil) -> [Int] {
        guard coordinates.count >= fewestStops, coordinates.count <= maximumStops else { return Array(coordinates.indices) }
        if coordinates.count - 2 <= exactLimit {
            return bestOrder(DistanceMatrix(geodesicsBetween: coordinates), search: search, progress: progress)
        }
        let found = bestOrder(DistanceMatrix(lambertLengthsBetween: coordinates), search: search, progress: progress)
        let given = Array(coordinates.indices)
        return Geodesy.length(of: found.map { coordinates[$0] }) > Geodesy.length(of: coordinates) ? given : found
    }

    /// Total length of `order` under `distance`.
    package static func length(of order: [Int], distance: (Int, Int) -> Double) -> Double {
        zip(order, order.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    static func bestOrder(_ matrix: DistanceMatrix, search: Search = .chained, progress: ((Double) -> Bool)? = nil) -> [Int] {
        let identity = Array(0..<matrix.count)
        // A NaN (a non-finite coordinate) makes every comparison false: no order is better than another.
        guard matrix.count >= fewestStops, !matrix.containsNaN else { return identity }
        if matrix.count - 2 <= exactLimit { return HeldKarp.bestOrder(matrix) }
        let found =
            switch search {
            case .localSearch: LocalSearch.bestOrder(matrix)
            case .chained where matrix.isSymmetric:
                LinKernighan.bestOrder(
                    matrix, starts: [LocalSearch.nearestNeighbour(matrix), identity],
                    iterations: LinKernighan.iterations(for: matrix.count), progress: progress)
            case .chained:
                ChainedSearch.bestOrder(
                    matrix, starts: [LocalSearch.nearestNeighbour(matrix), identity],
                    iterations: ChainedSearch.iterations(for: matrix.count), progress: progress)
            }
        // The promise is "never worse than what the user had": a local optimum can in principle be.
        return matrix.length(of: found) > matrix.length(of: identity) ? identity : found
    }
}

/// Costs between every two stops, row by row in one flat array so that the hot loops index it
/// without hashing or a second indirection.
struct DistanceMatrix {
    let count: Int
    private(set) var values: [Double]

    init(count: Int) {
        self.count = count
        values = Array(repeating: 0, count: count * count)
    }

    /// Costs the same both ways: `cost(i, j)` is asked for i < j only, and stands for j → i too.
    init(symmetric count: Int, cost: (Int, Int) -> Double) {
        self.init(count: count)
        for i in 0..<count {
            for j in (i + 1)..<count {
                let value = cost(i, j)
                values[i * count + j] = value
                values[j * count + i] = value
            }
        }
    }

    init(geodesicsBetween coordinates: [Coordinate]) {
        self.init(symmetric: coordinates.count) { Geodesy.distance(from: coordinates[$0], to: coordinates[$1]) }
    }

    /// Lambert's lengths between every two of `coordinates` (see `LambertDistance`).
    init(lambertLengthsBetween coordinates: [Coordinate]) {
        let lengths = LambertDistance(coordinates)
        self.init(symmetric: coordinates.count, cost: lengths.meters)
    }

    subscript(from: Int, to: Int) -> Double {
        get { values[from * count + to] }
        set { values[from * count + to] = newValue }
    }

    var containsNaN: Bool { values.contains { $0.isNaN } }

    /// Whether every cost is the same both ways (to rounding): straight lines are, roads seldom.
    var isSymmetric: Bool {
        (0..<count).allSatisfy { i in
            (0..<i).allSatisfy { j in abs(self[i, j] - self[j, i]) <= 1e-9 * max(1, self[i, j]) }
        }
    }

    func length(of order: [Int]) -> Double {
        zip(order, order.dropFirst()).reduce(0) { $0 + self[$1.0, $1.1] }
    }
}

/// The exact order by dynamic programming over subsets of the movable stops: `cost[set, last]`
/// is the shortest path from stop 0 through exactly `set`, ending at `last`.
enum HeldKarp {
    static func bestOrder(_ matrix: DistanceMatrix) -> [Int] {
        let n = matrix.count, movable = n - 2, sets = 1 << movable
        let d = matrix.values
        // Movable stop k is stop k + 1; `cost` and `previous` are indexed [set * movable + last].
        var cost = Array(repeating: Double.infinity, count: sets * movable)
        var previous = Array(repeating: -1, count: sets * movable)
        for k in 0..<movable { cost[(1 << k) * movable + k] = d[k + 1] }
        for set in 1..<sets where set & (set - 1) != 0 {
            for last in 0..<movable where set & (1 << last) != 0 {
                let before = set ^ (1 << last)
                var best = Double.infinity, bestPrevious = -1
                for k in 0..<movable where before & (1 << k) != 0 {
                    let candidate = cost[before * movable + k] + d[(k + 1) * n + last + 1]
                    // The first candidate is taken even if infinite, so that every path has a predecessor.
                    if bestPrevious < 0 || candidate < best { best = candidate; bestPrevious = k }
                }
                cost[set * movable + last] = best
                previous[set * movable + last] = bestPrevious
            }
        }
        return path(cost: cost, previous: previous, matrix: matrix)
    }

    /// Walks `previous` back from the best last movable stop before the fixed end.
    private static func path(cost: [Double], previous: [Int], matrix: DistanceMatrix) -> [Int] {
        let n = matrix.count, movable = n - 2, full = (1 << movable) - 1
        let finished = { (k: Int) in cost[full * movable + k] + matrix[k + 1, n - 1] }
        var last = 0
        for k in 1..<movable where finished(k) < finished(last) { last = k }
        var reversed = [n - 1], set = full
        while last >= 0 {
            reversed.append(last + 1)
            let before = previous[set * movable + last]
            set ^= 1 << last
            last = before
        }
        reversed.append(0)
        return reversed.reversed()
    }
}
