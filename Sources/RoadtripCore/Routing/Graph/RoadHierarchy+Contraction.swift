extension RoadHierarchy {
    /// The nodes contracted one at a time, the least important first (Geisberger et al. 2008):
    /// a node taken out of the graph leaves a shortcut between two of its neighbours wherever the
    /// way through it was the only shortest one between them, which a bounded search for another
    /// way (a witness) decides. Importance is the shortcuts a node's contraction would add less the
    /// arcs it takes out, with the neighbours contracted before it and its depth; it is kept lazily:
    /// worked out again for the node about to be contracted, which waits if it is no longer the least.
    ///
    /// The graph is kept as each node's arcs out and arcs in, in one pool of links; a node's lists
    /// move to the pool's end when they outgrow their room.
    final class Contraction {
        /// An arc as contraction keeps it, in the lists of its ends: the node at its other end, its
        /// middle (`Arcs.middle`), its cost and its other figure (meters or seconds).
        struct Link {
            var other: Int32
            var middle: UInt32
            var cost: Double
            var figure: Double
        }

        /// An arc of the graph to contract, from `from` to `to`.
        struct Arc {
            let from: Int32, to: Int32
            let link: Link
        }

        /// Settled nodes past which a witness search gives up (a shortcut is then kept, maybe
        /// needlessly): the usual bound, a few hundred.
        static let witnessLimit = 250

        let nodeCount: Int
        private var pool: UnsafeMutablePointer<Link>
        private var poolCount = 0, poolCapacity: Int
        /// List 2v is node v's arcs out, 2v + 1 its arcs in: where each starts in the pool, how many, what room.
        private let listStart: UnsafeMutablePointer<Int32>, listCount: UnsafeMutablePointer<Int32>, listRoom: UnsafeMutablePointer<Int32>

        /// Each node's rank once contracted (-1 before), contracted neighbours and depth.
        private(set) var rank: [Int32]
        private var neighbours: [Int32], depth: [Int32]
        /// The hierarchy's arcs from each node in rank order: node v's are `up[upStart[rank[v]]..<upStart[rank[v] + 1]]`.
        private(set) var up: [Link] = [], down: [Link] = []
        private(set) var upStart: [Int32] = [0], downStart: [Int32] = [0]

        private var search: WitnessSearch

        init(nodeCount: Int, arcs: [Arc]) {
            self.nodeCount = nodeCount
            poolCapacity = max(2 * arcs.count + 8 * nodeCount, 16)
            pool = .allocate(capacity: poolCapacity)
            listStart = .allocate(capacity: 2 * nodeCount)
            listCount = .allocate(capacity: 2 * nodeCount)
            listRoom = .allocate(capacity: 2 * nodeCount)
            var degree = [Int32](repeating: 0, count: 2 * nodeCount)
            for arc in arcs {
                degree[2 * Int(arc.from)] += 1
                degree[2 * Int(arc.to) + 1] += 1
            }
            for list in 0..<2 * nodeCount {
                listStart[list] = Int32(poolCount)
                listCount[list] = 0
                listRoom[list] = degree[list] + 1
                poolCount += Int(degree[list]) + 1
            }
            rank = Array(repeating: -1, count: nodeCount)
            neighbours = Array(repeating: 0, count: nodeCount)
            depth = Array(repeating: 0, count: nodeCount)
            search = WitnessSearch(nodeCount: nodeCount)
            for arc in arcs { add(from: arc.from, to: arc.to, arc.link) }
        }

        deinit {
            pool.deallocate()
            listStart.deallocate()
            listCount.deallocate()
            listRoom.deallocate()
        }

        /// Contracts every node.
        func run() {
            var queue = PriorityQueue()
            var shortcuts: [Arc] = []
            for v in 0..<nodeCount { queue.push(priority(of: Int32(v), shortcuts: &shortcuts), Int32(v)) }
            up.reserveCapacity(2 * nodeCount)
            down.reserveCapacity(2 * nodeCount)
            while let (_, v) = queue.pop() {
                let now = priority(of: v, shortcuts: &shortcuts)
                if let next = queue.top, now > next { queue.push(now, v); continue }
                contract(v, adding: shortcuts)
            }
            releaseWorkSpace()
        }

        /// Lets go of what contracting needed and the hierarchy does not (the pool of links, the
        /// witness search's work space), before the hierarchy is laid out beside what it keeps: on
        /// a country it was the import's peak of memory (Andorra tiled 16 × 16, issue 54).
        private func releaseWorkSpace() {
            pool.deallocate()
            pool = .allocate(capacity: 1)
            (poolCount, poolCapacity) = (0, 1)
            for list in 0..<2 * nodeCount { (listStart[list], listCount[list], listRoom[list]) = (0, 0, 0) }
            search = WitnessSearch(nodeCount: 0)
            neighbours = []
            depth = []
        }

        /// Node v's importance now, and the shortcuts its contraction would add.
        private func priority(of v: Int32, shortcuts: inout [Arc]) -> Int {
            shortcuts.removeAll(keepingCapacity: true)
            witness(around: v, shortcuts: &shortcuts)
            let removed = Int(listCount[2 * Int(v)] + listCount[2 * Int(v) + 1])
            return 2 * (shortcuts.count - removed) + Int(neighbours[Int(v)]) + Int(depth[Int(v)])
        }

        /// The shortcuts needed around v: for each arc in (u → v) and out (v → w), u → w unless a
        /// way from u to w avoiding v is found no longer.
        private func witness(around v: Int32, shortcuts: inout [Arc]) {
            let ins = list(2 * Int(v) + 1), outs = list(2 * Int(v))
            for incoming in ins {
                let u = incoming.other
                var targets = 0, farthest = 0.0
                search.newSearch()
                for outgoing in outs where outgoing.other != u {
                    search.want(outgoing.other)
                    targets += 1
                    farthest = max(farthest, outgoing.cost)
                }
                guard targets > 0 else { continue }
                search.run(from: u, avoiding: v, within: incoming.cost + farthest, targets: targets, limit: Self.witnessLimit, lists: self)
                for outgoing in outs where outgoing.other != u {
                    let through = incoming.cost + outgoing.cost
                    if let found = search.cost(to: outgoing.other), found <= through { continue }
                    shortcuts.append(
                        Arc(
                            from: u, to: outgoing.other,
                            link: Link(other: 0, middle: UInt32(v), cost: through, figure: incoming.figure + outgoing.figure)))
                }
            }
        }

        /// Takes v out of the graph: its arcs become the hierarchy's, its neighbours lose them
        /// and gain `shortcuts`.
        private func contract(_ v: Int32, adding shortcuts: [Arc]) {
            rank[Int(v)] = Int32(upStart.count - 1)
            for (list, mirror) in [(2 * Int(v), 1), (2 * Int(v) + 1, 0)] {
                for link in self.list(list) {
                    let other = Int(link.other)
                    if mirror == 1 { up.append(link) } else { down.append(link) }
                    remove(v, fromList: 2 * other + mirror)
                    neighbours[other] += 1
                    depth[other] = max(depth[other], depth[Int(v)] + 1)
                }
                listCount[list] = 0
            }
            upStart.append(Int32(up.count))
            downStart.append(Int32(down.count))
            for shortcut in shortcuts { add(from: shortcut.from, to: shortcut.to, shortcut.link) }
        }

        /// The links of list `list`, a view valid until the pool next changes.
        func list(_ list: Int) -> UnsafeMutableBufferPointer<Link> {
            UnsafeMutableBufferPointer(start: pool + Int(listStart[list]), count: Int(listCount[list]))
        }

        /// Adds the arc from → to, or makes the one there cheaper; a dearer one is not added.
        private func add(from: Int32, to: Int32, _ link: Link) {
            let outs = list(2 * Int(from))
            if let i = outs.firstIndex(where: { $0.other == to }) {
                guard link.cost < outs[i].cost else { return }
                outs[i].cost = link.cost
                outs[i].figure = link.figure
                outs[i].middle = link.middle
                let ins = list(2 * Int(to) + 1)
                if let j = ins.firstIndex(where: { $0.other == from }) {
                    ins[j].cost = link.cost
                    ins[j].figure = link.figure
                    ins[j].middle = link.middle
                }
                return
            }
            var out = link, into = link
            out.other = to
            into.other = from
            append(out, toList: 2 * Int(from))
            append(into, toList: 2 * Int(to) + 1)
        }

        private func append(_ link: Link, toList list: Int) {
            if listCount[list] == listRoom[list] {
                let room = Int(listRoom[list]) * 2
                if poolCount + room > poolCapacity {
                    let grown = UnsafeMutablePointer<Link>.allocate(capacity: max(poolCapacity * 3 / 2, poolCount + room))
                    grown.moveInitialize(from: pool, count: poolCount)
                    pool.deallocate()
                    pool = grown
                    poolCapacity = max(poolCapacity * 3 / 2, poolCount + room)
                }
                (pool + poolCount).moveInitialize(from: pool + Int(listStart[list]), count: Int(listCount[list]))
                listStart[list] = Int32(poolCount)
                listRoom[list] = Int32(room)
                poolCount += room
            }
            (pool + Int(listStart[list]) + Int(listCount[list])).initialize(to: link)
            listCount[list] += 1
        }

        private func remove(_ node: Int32, fromList list: Int) {
            let links = self.list(list)
            guard let i = links.firstIndex(where: { $0.other == node }) else { return }
            links[i] = links[links.count - 1]
            listCount[list] -= 1
        }
    }

    /// Dijkstra's search from one node for a few others, bounded in cost and in nodes settled,
    /// avoiding the node being contracted.
    struct WitnessSearch {
        private var cost: [Double], reached: [UInt32], wanted: [UInt32]
        private var generation: UInt32 = 0
        private var heap = PointHeap()

        init(nodeCount: Int) {
            cost = Array(repeating: 0, count: nodeCount)
            reached = Array(repeating: 0, count: nodeCount)
            wanted = reached
        }

        mutating func newSearch() { generation += 1 }

        mutating func want(_ node: Int32) { wanted[Int(node)] = generation }

        /// The cost of the best way found to `node` (none: nil).
        func cost(to node: Int32) -> Double? { reached[Int(node)] == generation ? cost[Int(node)] : nil }

        mutating func run(from source: Int32, avoiding avoided: Int32, within bound: Double, targets: Int, limit: Int, lists: RoadHierarchy.Contraction) {
            let generation = self.generation
            var (heap, remaining, settled) = (self.heap, targets, 0)
            self.heap = PointHeap()
            defer { self.heap = heap }
            heap.removeAll()
            cost.withUnsafeMutableBufferPointer { cost in
                reached.withUnsafeMutableBufferPointer { reached in
                    wanted.withUnsafeBufferPointer { wanted in
                        cost[Int(source)] = 0
                        reached[Int(source)] = generation
                        heap.push(0, Int(source))
                        while let (best, node) = heap.pop() {
                            guard best <= cost[node] else { continue }
                            if best > bound { break }
                            if wanted[node] == generation {
                                remaining -= 1
                                if remaining == 0 { break }
                            }
                            settled += 1
                            if settled >= limit { break }
                            for link in lists.list(2 * node) where link.other != avoided {
                                let next = Int(link.other), through = best + link.cost
                                guard through <= bound, reached[next] != generation || through < cost[next] else { continue }
                                cost[next] = through
                                reached[next] = generation
                                heap.push(through, next)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The nodes waiting to be contracted by importance, the least first (of two alike, the lower node).
    struct PriorityQueue {
        private var entries: [(priority: Int, node: Int32)] = []

        var top: Int? { entries.first?.priority }

        private func less(_ a: Int, _ b: Int) -> Bool {
            entries[a].priority < entries[b].priority || entries[a].priority == entries[b].priority && entries[a].node < entries[b].node
        }

        mutating func push(_ priority: Int, _ node: Int32) {
            entries.append((priority, node))
            var child = entries.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard less(child, parent) else { break }
                entries.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> (Int, Int32)? {
            guard let top = entries.first else { return nil }
            entries[0] = entries[entries.count - 1]
            entries.removeLast()
            var parent = 0
            while true {
                let (left, right) = (2 * parent + 1, 2 * parent + 2)
                var smallest = parent
                if left < entries.count, less(left, smallest) { smallest = left }
                if right < entries.count, less(right, smallest) { smallest = right }
                guard smallest != parent else { break }
                entries.swapAt(parent, smallest)
                parent = smallest
            }
            return top
        }
    }
}
