extension RoadHierarchy {
    /// The edges a vehicle may drive, in chains: a run of edges through points where no other such
    /// edge meets (a road's shape points) is one chain between two nodes (junctions and ends),
    /// so that the hierarchy contracts the nodes only, a fraction of the points. A closed ring of
    /// such points gets a node of its own to start and end at.
    struct Chains {
        /// The graph's edges in chain order, and whether each is drawn against its chain.
        var edges: [Int32] = [], reversed: [Bool] = []
        /// Chain c is `edges[start[c]..<start[c + 1]]`, from node `first[c]` to node `last[c]`.
        var start: [Int32] = [0], first: [Int32] = [], last: [Int32] = []
        /// Each node's point in the graph; each graph point's node (-1 for none).
        var pointOfNode: [Int32] = [], nodeOfPoint: [Int32]
        /// Each chain's points between its nodes, chain after chain, in order along it: chain c's
        /// are `inner[start[c] - c..<start[c + 1] - c - 1]`.
        var inner: [Int32] = []

        var count: Int { first.count }
        var nodeCount: Int { pointOfNode.count }

        init(_ graph: RoadGraph, costs: RoadGraph.Costs) {
            let pointCount = graph.points.count
            var degree = [UInt8](repeating: 0, count: pointCount)
            var incidence = [Int32](repeating: 0, count: pointCount + 1)
            for (e, edge) in graph.edges.enumerated() where costs.admits(e) {
                for p in [edge.from, edge.to].lazy.map(Int.init) {
                    degree[p] = min(degree[p] + 1, 3)
                    incidence[p + 1] += 1
                }
            }
            for p in 0..<pointCount { incidence[p + 1] += incidence[p] }
            // Each point's edges: `touching[incidence[p]..<incidence[p + 1]]`.
            var touching = [Int32](repeating: 0, count: Int(incidence[pointCount]))
            do {
                var next = incidence
                for (e, edge) in graph.edges.enumerated() where costs.admits(e) {
                    for p in [edge.from, edge.to].lazy.map(Int.init) {
                        touching[Int(next[p])] = Int32(e)
                        next[p] += 1
                    }
                }
            }
            nodeOfPoint = [Int32](repeating: -1, count: pointCount)
            for p in 0..<pointCount where degree[p] != 0 && degree[p] != 2 { addNode(Int32(p)) }
            var done = [Bool](repeating: false, count: graph.edges.count)
            var node = 0
            while node < nodeCount {
                let p = Int(pointOfNode[node])
                for i in Int(incidence[p])..<Int(incidence[p + 1]) where !done[Int(touching[i])] {
                    walk(from: Int32(p), along: touching[i], graph, incidence: incidence, touching: touching, done: &done)
                }
                node += 1
            }
            // What is left are rings of points each on two edges only.
            for (e, edge) in graph.edges.enumerated() where costs.admits(e) && !done[e] {
                addNode(edge.from)
                walk(from: edge.from, along: Int32(e), graph, incidence: incidence, touching: touching, done: &done)
            }
        }

        private mutating func addNode(_ point: Int32) {
            nodeOfPoint[Int(point)] = Int32(pointOfNode.count)
            pointOfNode.append(point)
        }

        /// The chain leaving node point `point` along edge `e`, on to the next node.
        private mutating func walk(from point: Int32, along e: Int32, _ graph: RoadGraph, incidence: [Int32], touching: [Int32], done: inout [Bool]) {
            first.append(nodeOfPoint[Int(point)])
            var (here, edge) = (point, e)
            while true {
                done[Int(edge)] = true
                let drawn = graph.edges[Int(edge)]
                let ahead = drawn.from == here
                edges.append(edge)
                reversed.append(!ahead)
                here = ahead ? drawn.to : drawn.from
                if nodeOfPoint[Int(here)] >= 0 { break }
                inner.append(here)
                let pair = Int(incidence[Int(here)])
                edge = touching[pair] == edge ? touching[pair + 1] : touching[pair]
            }
            last.append(nodeOfPoint[Int(here)])
            start.append(Int32(edges.count))
        }

        /// Whether edge `e` (in chain order) may be driven along its chain (`ahead`) or against it.
        func allows(_ e: Int, ahead: Bool, _ graph: RoadGraph) -> Bool {
            let direction = graph.rules[Int(graph.edges[Int(edges[e])].way)].direction
            let edgeAhead = ahead != reversed[e]
            return direction != (edgeAhead ? .backward : .forward)
        }

        /// Each chain as arcs between its nodes, one each way it may be driven all along: its cost,
        /// its other figure (the meters for the quickest way, the seconds for the shortest), summed
        /// edge after edge from where it is driven from, as a search does.
        func arcs(_ graph: RoadGraph, _ costs: RoadGraph.Costs) -> [Contraction.Arc] {
            var arcs: [Contraction.Arc] = []
            arcs.reserveCapacity(2 * count)
            for c in 0..<count where first[c] != last[c] {
                let range = Int(start[c])..<Int(start[c + 1])
                for ahead in [true, false] where range.allSatisfy({ allows($0, ahead: ahead, graph) }) {
                    var cost = 0.0, figure = 0.0
                    for k in range.indices {
                        let e = ahead ? k : range.upperBound - 1 - (k - range.lowerBound)
                        let edge = Int(edges[e])
                        let drive = costs.drive(edge, forward: ahead != reversed[e], in: graph)
                        cost += drive.cost
                        figure += costs.quickest ? Double(graph.edges[edge].meters) : drive.seconds
                    }
                    let (from, to) = ahead ? (first[c], last[c]) : (last[c], first[c])
                    arcs.append(
                        Contraction.Arc(from: from, to: to, link: Contraction.Link(other: 0, middle: UInt32(c) | Arcs.chainBit, cost: cost, figure: figure)))
                }
            }
            return arcs
        }
    }
}
