import Foundation

extension RoadHierarchy {
    /// The road between every two of `stops` (a point and its name), both ways, with the figures
    /// and the contract of `RoadGraph.matrix` for the hierarchy's vehicle and way: each stop met
    /// by the graph's rule, a search up the hierarchy to each stop leaving in each node it settles
    /// what it takes from there (a bucket), then one up from each stop reading the buckets of the
    /// nodes it settles (Knopp et al. 2007), the stops shared among the machine's cores.
    /// `progress(done, total)` is called on this thread as rows are done and stops the work by
    /// returning false. `noRoad(i, j)` says why no road leads from stop i to stop j.
    package func matrix(
        of stops: [(Coordinate, String)], noRoad: (Int, Int) -> String = { _, _ in "" },
        progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) -> RoadMatrixOutcome {
        let n = stops.count
        guard n >= 2 else { return .roads(.trivial(n)) }
        var anchors: [Anchor] = []
        anchors.reserveCapacity(n)
        for (point, name) in stops {
            guard let anchor = anchor(of: point) else { return .estimate(reason: RoutedLeg.offRoad(name)) }
            anchors.append(anchor)
        }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let work = Rows(hierarchy: self, anchors: anchors, workers: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { work.fillBuckets(worker: $0) }
        work.sortBuckets()
        return work.outcome(of: stops, workers: workers, noRoad: noRoad, progress: progress)
    }

    /// One matrix's work, on several threads: each worker searches with labels of its own, first
    /// to the stops it was given (`stop % workers == worker`) filling buckets of its own, then,
    /// once the buckets are put together, from them, writing only their rows.
    private final class Rows: MatrixRows, @unchecked Sendable {
        let hierarchy: RoadHierarchy, anchors: [Anchor], workers: Int
        private let meters: UnsafeMutableBufferPointer<Double>, seconds: UnsafeMutableBufferPointer<Double>
        private var searches: [Search]
        /// Each worker's buckets as filled, then all of them by node: node v's are
        /// `buckets[bucketStart[v]..<bucketStart[v + 1]]`.
        private let filled: UnsafeMutableBufferPointer<[Bucket]>
        private var bucketStart: [Int32] = [], buckets: [Bucket] = []
        /// The stops on each chain that holds more than one, for the ways along it.
        private let sharing: [Int: [Int]]

        /// What it takes to drive from a node to a stop.
        struct Bucket {
            var node: Int32
            var stop: Int32
            var cost: Double, meters: Double, seconds: Double
        }

        init(hierarchy: RoadHierarchy, anchors: [Anchor], workers: Int) {
            (self.hierarchy, self.anchors, self.workers) = (hierarchy, anchors, workers)
            meters = .allocate(capacity: anchors.count * anchors.count)
            seconds = .allocate(capacity: anchors.count * anchors.count)
            meters.initialize(repeating: 0)
            seconds.initialize(repeating: 0)
            searches = (0..<workers).map { _ in hierarchy.idle.take(nodeCount: hierarchy.counts.nodes) }
            filled = .allocate(capacity: workers)
            filled.initialize(repeating: [])
            sharing = Dictionary(grouping: anchors.indices, by: { anchors[$0].chain }).filter { $0.value.count > 1 }
        }

        deinit {
            searches.forEach(hierarchy.idle.giveBack)
            meters.deallocate()
            seconds.deallocate()
            _ = filled.deinitialize()
            filled.deallocate()
        }

        func fillBuckets(worker: Int) {
            let search = searches[worker]
            var found: [Bucket] = []
            for (stop, anchor) in anchors.enumerated() where stop % workers == worker {
                let starts = [anchor.arriveAhead, anchor.arriveBack].compactMap { $0 }
                search.climb(
                    from: starts, hierarchy.sections.downStart, hierarchy.sections.down,
                    stallingWith: hierarchy.sections.upStart, hierarchy.sections.up
                ) { node, cost, meters, seconds in
                    found.append(Bucket(node: Int32(node), stop: Int32(stop), cost: cost, meters: meters, seconds: seconds))
                }
            }
            filled[worker] = found
        }

        /// Puts the workers' buckets together by node.
        func sortBuckets() {
            var start = [Int32](repeating: 0, count: hierarchy.counts.nodes + 1)
            for bucket in filled.joined() { start[Int(bucket.node) + 1] += 1 }
            for v in 0..<hierarchy.counts.nodes { start[v + 1] += start[v] }
            var next = start
            buckets = Array(repeating: Bucket(node: 0, stop: 0, cost: 0, meters: 0, seconds: 0), count: Int(start[hierarchy.counts.nodes]))
            for bucket in filled.joined() {
                buckets[Int(next[Int(bucket.node)])] = bucket
                next[Int(bucket.node)] += 1
            }
            for worker in 0..<workers { filled[worker] = [] }
            bucketStart = start
        }

        func run(_ rows: Range<Int>, worker: Int) {
            let n = anchors.count, search = searches[worker]
            var best = [(cost: Double, meters: Double, seconds: Double)](repeating: (.infinity, .infinity, .infinity), count: n)
            for row in rows where row % workers == worker {
                for column in 0..<n { best[column] = (.infinity, .infinity, .infinity) }
                let anchor = anchors[row]
                let starts = [anchor.leaveAhead, anchor.leaveBack].compactMap { $0 }
                bucketStart.withUnsafeBufferPointer { bucketStart in
                    buckets.withUnsafeBufferPointer { buckets in
                        search.climb(
                            from: starts, hierarchy.sections.upStart, hierarchy.sections.up,
                            stallingWith: hierarchy.sections.downStart, hierarchy.sections.down
                        ) { node, cost, meters, seconds in
                            for bucket in buckets[Int(bucketStart[node])..<Int(bucketStart[node + 1])] {
                                let total = cost + bucket.cost
                                guard total < best[Int(bucket.stop)].cost else { continue }
                                best[Int(bucket.stop)] = (total, meters + bucket.meters, seconds + bucket.seconds)
                            }
                        }
                    }
                }
                for column in sharing[anchor.chain] ?? [] where column != row {
                    if let along = hierarchy.along(from: anchor, to: anchors[column]), along.cost < best[column].cost { best[column] = along }
                }
                for column in 0..<n where column != row {
                    let rest = hierarchy.restSeconds(
                        start: hierarchy.sections.cruise[anchor.snap.edge], end: hierarchy.sections.cruise[anchors[column].snap.edge])
                    meters[row * n + column] = best[column].meters
                    seconds[row * n + column] = best[column].seconds + rest
                }
            }
        }

        /// A leg of `rows` with no road, as (row, column).
        func unreached(in rows: Range<Int>) -> [(Int, Int)] {
            let n = anchors.count
            return rows.flatMap { row in (0..<n).filter { !meters[row * n + $0].isFinite }.map { (row, $0) } }
        }

        var matrix: RoadMatrix { RoadMatrix(count: anchors.count, meters: Array(meters), seconds: Array(seconds), isFromGraph: true) }
    }

    /// Searches done with, kept for the next matrix or leg: their labels, as many as the nodes,
    /// are then not allocated and zeroed again.
    final class IdleSearches: @unchecked Sendable {
        private let lock = NSLock()
        // Under `lock`.
        private var searches: [Search] = []

        func take(nodeCount: Int) -> Search { lock.withLock { searches.popLast() } ?? Search(nodeCount: nodeCount) }

        func giveBack(_ search: Search) { lock.withLock { searches.append(search) } }
    }

    /// One search's labels, used by one thread at a time, and again for its next search: the
    /// best cost, length and time found to each node (valid where its `stamp` is the search's).
    final class Search {
        private let cost: UnsafeMutablePointer<Double>, meters: UnsafeMutablePointer<Double>, seconds: UnsafeMutablePointer<Double>
        private let stamp: UnsafeMutablePointer<UInt32>
        /// The node each node was reached from and the arc (in that node's `arcs`), or -1 and
        /// which of `starts` for a node searched from.
        private let parent: UnsafeMutablePointer<Int32>, parentArc: UnsafeMutablePointer<Int32>
        private var generation: UInt32 = 0
        private var heap = PointHeap()
        private let count: Int

        init(nodeCount: Int) {
            count = max(nodeCount, 1)
            cost = calloc(count, 8)!.bindMemory(to: Double.self, capacity: count)
            meters = calloc(count, 8)!.bindMemory(to: Double.self, capacity: count)
            seconds = calloc(count, 8)!.bindMemory(to: Double.self, capacity: count)
            stamp = calloc(count, 4)!.bindMemory(to: UInt32.self, capacity: count)
            parent = calloc(count, 4)!.bindMemory(to: Int32.self, capacity: count)
            parentArc = calloc(count, 4)!.bindMemory(to: Int32.self, capacity: count)
        }

        deinit {
            free(cost)
            free(meters)
            free(seconds)
            free(stamp)
            free(parent)
            free(parentArc)
        }

        /// The figures of the best way found to `node` in the last search, if it was reached.
        func reached(_ node: Int) -> (cost: Double, meters: Double, seconds: Double)? {
            stamp[node] == generation ? (cost[node], meters[node], seconds[node]) : nil
        }

        /// Where the last search reached `node` from: a node and its arc, or which start it is.
        func cameFrom(_ node: Int) -> (node: Int, arc: Int)? {
            parent[node] >= 0 ? (Int(parent[node]), Int(parentArc[node])) : nil
        }

        func start(of node: Int) -> Int { Int(parentArc[node]) }

        /// Dijkstra's search from `starts` up the hierarchy over `arcs` (up for a search from a
        /// stop, down for one to a stop), until no node is left to reach. Each node settled is
        /// given to `visit` with its figures, unless an arc of `stalling` (the other direction's)
        /// shows it is reached sooner through a node above it: its figures are then not the best,
        /// and no best way turns at it (stall-on-demand).
        func climb(
            from starts: [Reach], _ start: UnsafeBufferPointer<UInt32>, _ arcs: Arcs, stallingWith stallingStart: UnsafeBufferPointer<UInt32>,
            _ stalling: Arcs, visit: (_ node: Int, _ cost: Double, _ meters: Double, _ seconds: Double) -> Void
        ) {
            if generation == .max {
                stamp.update(repeating: 0, count: count)
                generation = 0
            }
            generation += 1
            let generation = self.generation
            var heap = self.heap
            self.heap = PointHeap()
            defer { self.heap = heap }
            heap.removeAll()
            for (i, reach) in starts.enumerated() where stamp[reach.node] != generation || reach.cost < cost[reach.node] {
                (cost[reach.node], meters[reach.node], seconds[reach.node], stamp[reach.node]) = (reach.cost, reach.meters, reach.seconds, generation)
                (parent[reach.node], parentArc[reach.node]) = (-1, Int32(i))
                heap.push(reach.cost, reach.node)
            }
            while let (best, node) = heap.pop() {
                guard best <= cost[node] else { continue }
                var stalled = false
                for arc in Int(stallingStart[node])..<Int(stallingStart[node + 1]) {
                    let above = stalling.other(arc)
                    if stamp[above] == generation, cost[above] + stalling.cost(arc) < best {
                        stalled = true
                        break
                    }
                }
                if stalled { continue }
                let (here, hereMeters, hereSeconds) = (best, meters[node], seconds[node])
                visit(node, here, hereMeters, hereSeconds)
                for arc in Int(start[node])..<Int(start[node + 1]) {
                    let next = arcs.other(arc), through = here + arcs.cost(arc)
                    guard stamp[next] != generation || through < cost[next] else { continue }
                    (cost[next], meters[next], seconds[next], stamp[next]) = (
                        through, hereMeters + arcs.meters(arc), hereSeconds + arcs.seconds(arc), generation
                    )
                    (parent[next], parentArc[next]) = (Int32(node), Int32(arc))
                    heap.push(through, next)
                }
            }
        }
    }
}
