import Foundation

extension RoadGraph {
    /// The road between every two of `stops` (a point and its name), both ways, for a vehicle of
    /// `profile` on the quickest or shortest way: one search from each stop reaching every other
    /// (Dijkstra's, stopped when the last is reached), the stops shared among the machine's cores.
    /// `progress(done, total)` is called on this thread as legs are done and stops the work by
    /// returning false.
    /// `noRoad(i, j)` says why no road leads from stop i to stop j.
    package func matrix(
        of stops: [(Coordinate, String)], profile: DrivingProfile, quickest: Bool,
        noRoad: (Int, Int) -> String = { _, _ in "" },
        progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) -> RoadMatrixOutcome {
        let n = stops.count
        guard n >= 2 else { return .roads(.trivial(n)) }
        precondition(arcStart.count == points.count + 1, "a graph made without its arcs is not searched")
        let costs = Costs(self, profile: profile, quickest: quickest)
        var snaps: [Snap] = []
        snaps.reserveCapacity(n)
        for (point, name) in stops {
            guard let snap = snap(point, costs: costs) else {
                return .estimate(reason: RoutedLeg.offRoad(name))
            }
            snaps.append(snap)
        }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let work = Rows(graph: self, snaps: snaps, costs: costs, workers: workers)
        return work.outcome(of: stops, workers: workers, noRoad: noRoad, progress: progress)
    }

    /// The road nearest `point` that the vehicle may drive, within `RoutedLeg.farthestFromRoad`.
    func snap(_ point: Coordinate, costs: Costs) -> Snap? {
        let near = grid.edges(near: point, within: RoutedLeg.farthestFromRoad).lazy.filter { costs.admits(Int($0)) }
        return Snap.nearest(to: point, among: near) { e in (points[Int(edges[e].from)], points[Int(edges[e].to)]) }
    }

    /// The rows of one matrix, worked out on several threads: each worker searches with a
    /// `Search` of its own and writes only the rows it was given (`row % workers == worker`), so that they
    /// share nothing they change.
    private final class Rows: MatrixRows, @unchecked Sendable {
        let graph: RoadGraph, snaps: [Snap], costs: Costs, workers: Int
        private let meters: UnsafeMutableBufferPointer<Double>, seconds: UnsafeMutableBufferPointer<Double>

        init(graph: RoadGraph, snaps: [Snap], costs: Costs, workers: Int) {
            (self.graph, self.snaps, self.costs, self.workers) = (graph, snaps, costs, workers)
            meters = .allocate(capacity: snaps.count * snaps.count)
            seconds = .allocate(capacity: snaps.count * snaps.count)
            meters.initialize(repeating: 0)
            seconds.initialize(repeating: 0)
        }

        deinit {
            meters.deallocate()
            seconds.deallocate()
        }

        func run(_ rows: Range<Int>, worker: Int) {
            let n = snaps.count
            var search = Search(pointCount: graph.points.count)
            for row in rows where row % workers == worker {
                for (column, leg) in search.legs(from: snaps[row], to: snaps, in: graph, costs: costs).enumerated() where column != row {
                    meters[row * n + column] = leg?.meters ?? .infinity
                    seconds[row * n + column] = leg?.seconds ?? .infinity
                }
            }
        }

        /// A leg of `rows` with no road, as (row, column).
        func unreached(in rows: Range<Int>) -> [(Int, Int)] {
            let n = snaps.count
            return rows.flatMap { row in (0..<n).filter { !meters[row * n + $0].isFinite }.map { (row, $0) } }
        }

        var matrix: RoadMatrix { RoadMatrix(count: snaps.count, meters: Array(meters), seconds: Array(seconds), isFromGraph: true) }
    }

    /// A stop whose foot on the road is this close to a point of the road is at that point, in
    /// meters: Routino's rule (`CreateFakes` and its `MINSEGMENT` of 5 m, in its fakes.c), so that
    /// a leg and the matrix have a stop meet the road at the same place (issue 59, item 3; it was 1 m,
    /// and a town centre's leg started 5.5 m from where the matrix had it).
    static let atPointMeters = 5.0

    /// Where a stop meets the road: the edge, how far along it (0 at its `from`, 1 at its `to`:
    /// at that point, whichever way the edge may be driven), and how far the stop is from it.
    struct Snap: Sendable {
        let edge: Int
        let share: Double
        let off: Double

        /// The nearest of the edges `candidates` (in the order given: of two as near, the first)
        /// within `RoutedLeg.farthestFromRoad` of `point`, each edge running between the points
        /// `ends(edge)`: the one rule by which a stop meets the road, whoever searches from it.
        static func nearest(to point: Coordinate, among candidates: some Sequence<Int32>, ends: (Int) -> (Coordinate, Coordinate)) -> Snap? {
            let metersPerDegree = 6_371_008.8 * .pi / 180
            let scale = cos(point.latitude * .pi / 180)
            func plane(_ p: Coordinate) -> (x: Double, y: Double) {
                ((p.longitude - point.longitude) * scale * metersPerDegree, (p.latitude - point.latitude) * metersPerDegree)
            }
            // Squared distances compared (the square root taken of the nearest alone): an anchor
            // looks at every edge within a kilometre, and `hypot` was a third of its time.
            var best: Snap?, bestSquared = RoutedLeg.farthestFromRoad * RoutedLeg.farthestFromRoad
            for e in candidates {
                let (from, to) = ends(Int(e))
                let (a, b) = (plane(from), plane(to))
                let (dx, dy) = (b.x - a.x, b.y - a.y)
                let length = dx * dx + dy * dy
                var share = length > 0 ? min(max(-(a.x * dx + a.y * dy) / length, 0), 1) : 0
                let (x, y) = (a.x + share * dx, a.y + share * dy)
                let squared = x * x + y * y
                guard squared < bestSquared || (best == nil && squared == bestSquared) else { continue }
                // A foot within `atPointMeters` of a point is at it (as Routino takes it): reached from any road there.
                if share * length.squareRoot() < RoadGraph.atPointMeters {
                    share = 0
                } else if (1 - share) * length.squareRoot() < RoadGraph.atPointMeters {
                    share = 1
                }
                best = Snap(edge: Int(e), share: share, off: squared.squareRoot())
                bestSquared = squared
            }
            return best
        }
    }

    /// A road leg's figures.
    struct Figures {
        let meters: Double
        let seconds: Double
    }

    /// One search's work space, used by one thread and again for its next stop: the best cost,
    /// length and time found to each point (valid where its `stamp` is the search's).
    struct Search {
        struct Label {
            var cost = 0.0, meters = 0.0, seconds = 0.0
            var stamp: UInt32 = 0, settled: UInt32 = 0, wanted: UInt32 = 0
        }

        private var labels: [Label]
        private var generation: UInt32 = 0
        private var heap = PointHeap()

        init(pointCount: Int) {
            labels = Array(repeating: Label(), count: pointCount)
        }

        /// The leg from `source` to each of `targets` (nil where no road leads).
        mutating func legs(from source: Snap, to targets: [Snap], in graph: RoadGraph, costs: Costs) -> [Figures?] {
            generation += 1
            heap.removeAll()
            var remaining = 0
            for target in targets {
                let edge = graph.edges[target.edge]
                for point in [Int(edge.from), Int(edge.to)] where labels[point].wanted != generation {
                    labels[point].wanted = generation
                    remaining += 1
                }
            }
            let start = graph.edges[source.edge], direction = graph.rules[Int(start.way)].direction
            for (point, forward, share) in [(start.to, true, 1 - source.share), (start.from, false, source.share)]
            where direction != (forward ? .backward : .forward) || share == 0 {
                let drive = costs.drive(source.edge, forward: forward, in: graph)
                offer(Int(point), Label(cost: share * drive.cost, meters: share * Double(start.meters), seconds: share * drive.seconds))
            }
            settle(until: remaining, graph, costs)
            return targets.map { target in
                arrival(at: target, from: source, graph, costs).map {
                    Figures(meters: $0.meters, seconds: $0.seconds + costs.restSeconds(start: costs.cruise[source.edge], end: costs.cruise[target.edge]))
                }
            }
        }

        /// Keeps `label` for `point` when it is the best yet.
        private mutating func offer(_ point: Int, _ label: Label) {
            guard labels[point].stamp != generation || label.cost < labels[point].cost else { return }
            labels[point].cost = label.cost
            labels[point].meters = label.meters
            labels[point].seconds = label.seconds
            labels[point].stamp = generation
            heap.push(label.cost, point)
        }

        /// Dijkstra's search from what was offered, until the `remaining` points wanted are settled
        /// (or none is left to reach): the inner loop, over the flat arrays of the arcs.
        private mutating func settle(until remaining: Int, _ graph: RoadGraph, _ costs: Costs) {
            var (labels, heap, remaining) = (self.labels, self.heap, remaining)
            self.labels = []
            defer { (self.labels, self.heap) = (labels, heap) }
            let generation = self.generation
            labels.withUnsafeMutableBufferPointer { labels in
                graph.arcStart.withUnsafeBufferPointer { arcStart in
                    graph.arcTo.withUnsafeBufferPointer { arcTo in
                        costs.arcCost.withUnsafeBufferPointer { arcCost in
                            costs.arcSeconds.withUnsafeBufferPointer { arcSeconds in
                                graph.arcMeters.withUnsafeBufferPointer { arcMeters in
                                    while remaining > 0, let (best, point) = heap.pop() {
                                        let here = labels[point]
                                        guard best <= here.cost, here.settled != generation else { continue }
                                        labels[point].settled = generation
                                        if here.wanted == generation { remaining -= 1 }
                                        for arc in Int(arcStart[point])..<Int(arcStart[point + 1]) where arcCost[arc].isFinite {
                                            let next = Int(arcTo[arc]), cost = here.cost + arcCost[arc]
                                            guard labels[next].stamp != generation || cost < labels[next].cost else { continue }
                                            labels[next].cost = cost
                                            labels[next].meters = here.meters + Double(arcMeters[arc])
                                            labels[next].seconds = here.seconds + arcSeconds[arc]
                                            labels[next].stamp = generation
                                            heap.push(cost, next)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The best way onto `target`'s place on its edge: from either end the edge may be
        /// driven from, or along the edge itself when the source is on it too.
        private func arrival(at target: Snap, from source: Snap, _ graph: RoadGraph, _ costs: Costs) -> (cost: Double, meters: Double, seconds: Double)? {
            let edge = graph.edges[target.edge], direction = graph.rules[Int(edge.way)].direction
            let (ahead, back) = (costs.drive(target.edge, forward: true, in: graph), costs.drive(target.edge, forward: false, in: graph))
            var best: (cost: Double, meters: Double, seconds: Double)?
            func offer(_ point: Int?, share: Double, _ drive: (cost: Double, seconds: Double)) {
                if let point, labels[point].settled != generation { return }
                let base = point.map { labels[$0] } ?? Label()
                let candidate = (base.cost + share * drive.cost, base.meters + share * Double(edge.meters), base.seconds + share * drive.seconds)
                if candidate.0 < best?.cost ?? .infinity { best = candidate }
            }
            if direction != .backward || target.share == 0 { offer(Int(edge.from), share: target.share, ahead) }
            if direction != .forward || target.share == 1 { offer(Int(edge.to), share: 1 - target.share, back) }
            if source.edge == target.edge {
                if target.share >= source.share, direction != .backward { offer(nil, share: target.share - source.share, ahead) }
                if target.share <= source.share, direction != .forward { offer(nil, share: source.share - target.share, back) }
            }
            return best
        }
    }
}

/// A binary min-heap of points by cost (a point may be in it more than once: the search skips
/// all but its best).
struct PointHeap {
    private var costs: [Double] = []
    private var points: [Int32] = []

    mutating func removeAll() {
        costs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    mutating func push(_ cost: Double, _ point: Int) {
        costs.append(cost)
        points.append(Int32(point))
        var child = costs.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard costs[child] < costs[parent] else { break }
            costs.swapAt(child, parent)
            points.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let top = costs.first else { return nil }
        let point = Int(points[0])
        costs[0] = costs[costs.count - 1]
        points[0] = points[points.count - 1]
        costs.removeLast()
        points.removeLast()
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var smallest = parent
            if left < costs.count, costs[left] < costs[smallest] { smallest = left }
            if right < costs.count, costs[right] < costs[smallest] { smallest = right }
            guard smallest != parent else { break }
            costs.swapAt(parent, smallest)
            points.swapAt(parent, smallest)
            parent = smallest
        }
        return (top, point)
    }
}

/// The edges of a `RoadGraph` by cells of a latitude–longitude grid.
struct SnapGrid: Sendable {
    /// A cell's side, in degrees: about 550 m north–south.
    static let cell = 0.005
    /// Each cell's edges, by `key(row, column)`.
    let cells: [Int64: [Int32]]

    /// The edges `joined` to others (the rest are not found).
    init(edges: [RoadGraph.Edge], points: [Coordinate], joined: [Bool]) {
        var cells: [Int64: [Int32]] = [:]
        for (e, edge) in edges.enumerated() where joined[e] {
            let (a, b) = (points[Int(edge.from)], points[Int(edge.to)])
            for row in Self.index(min(a.latitude, b.latitude))...Self.index(max(a.latitude, b.latitude)) {
                for column in Self.index(min(a.longitude, b.longitude))...Self.index(max(a.longitude, b.longitude)) {
                    cells[Self.key(row, column), default: []].append(Int32(e))
                }
            }
        }
        self.cells = cells
    }

    /// The edges in the cells within `meters` of `point` (and some farther).
    func edges(near point: Coordinate, within meters: Double) -> [Int32] {
        var found: [Int32] = []
        for key in Self.keys(near: point, within: meters) { found += cells[key] ?? [] }
        return found
    }

    /// The cells within `meters` of `point` (and some farther), row by row from the south-west:
    /// the order their edges are looked at in, whichever grid holds them.
    static func keys(near point: Coordinate, within meters: Double) -> [Int64] {
        let metersPerCell = cell * 6_371_008.8 * .pi / 180
        let rows = Int((meters / metersPerCell).rounded(.up))
        let columns = Int((meters / (metersPerCell * max(cos(point.latitude * .pi / 180), 0.01))).rounded(.up))
        let (row, column) = (index(point.latitude), index(point.longitude))
        var keys: [Int64] = []
        keys.reserveCapacity((2 * rows + 1) * (2 * columns + 1))
        for r in row - rows...row + rows {
            for c in column - columns...column + columns { keys.append(key(r, c)) }
        }
        return keys
    }

    private static func index(_ degrees: Double) -> Int { Int((degrees / cell).rounded(.down)) }
    private static func key(_ row: Int, _ column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: column)) }
}
