extension RoadHierarchy {
    /// The hierarchy of `graph`'s roads for a vehicle of `profile`, on the quickest or the
    /// shortest way: the edges it may drive with the figures `RoadGraph.Costs` gives them, in
    /// chains, the chains' nodes contracted, and the whole laid out as its file is.
    package static func build(from graph: RoadGraph, profile: DrivingProfile, quickest: Bool) -> RoadHierarchy {
        let costs = RoadGraph.Costs(graph, profile: profile, quickest: quickest, byArc: false)
        let chains = Chains(graph, costs: costs)
        let contraction = Contraction(nodeCount: chains.nodeCount, arcs: chains.arcs(graph, costs))
        contraction.run()
        let grid = Self.grid(of: graph, chains: chains)
        let header = Header(
            vehicle: profile.vehicle, quickest: quickest, profile: profile.fingerprint, network: graph.fingerprint,
            acceleration: profile.acceleration, deceleration: profile.deceleration,
            counts: Counts(
                points: chains.nodeCount + chains.inner.count, edges: chains.edges.count, chains: chains.count,
                nodes: chains.nodeCount, upArcs: contraction.up.count, downArcs: contraction.down.count,
                cells: grid.keys.count, cellEdges: grid.edges.count))
        let layout = Layout(header.counts)
        let base = UnsafeMutableRawPointer.allocate(byteCount: layout.size, alignment: 8)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: layout.size)
        Layout.write(header, at: base)
        let writer = Writer(base: base, layout: layout)
        writer.writeRoads(graph, costs: costs, chains: chains, rank: contraction.rank)
        writer.writeArcs(contraction, chains: chains, quickest: quickest)
        writer.write(.cellKeys, grid.keys)
        writer.write(.cellStart, grid.start)
        writer.write(.cellEdges, grid.edges)
        return RoadHierarchy(header: header, base: UnsafeRawPointer(base), size: layout.size, isMapped: false)
    }

    /// The graph's grid of the edges a stop may meet, kept to those the vehicle may drive, each
    /// cell's in the graph's order (of two edges as near a stop, the first is taken), by chain order.
    private static func grid(of graph: RoadGraph, chains: Chains) -> (keys: [Int64], start: [UInt32], edges: [UInt32]) {
        var position = [Int32](repeating: -1, count: graph.edges.count)
        for (i, e) in chains.edges.enumerated() { position[Int(e)] = Int32(i) }
        var keys: [Int64] = [], start: [UInt32] = [0], edges: [UInt32] = []
        for key in graph.grid.cells.keys.sorted() {
            let kept = graph.grid.cells[key, default: []].compactMap { e in position[Int(e)] >= 0 ? UInt32(position[Int(e)]) : nil }
            guard !kept.isEmpty else { continue }
            keys.append(key)
            edges += kept
            start.append(UInt32(edges.count))
        }
        return (keys, start, edges)
    }

    /// Writes the sections of a hierarchy being built into its bytes.
    private struct Writer {
        let base: UnsafeMutableRawPointer
        let layout: Layout

        func write<T>(_ section: Layout.Section, _ values: [T]) {
            values.withUnsafeBytes { (base + layout.offsets[section.rawValue]).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }

        func buffer<T>(_ section: Layout.Section, _: T.Type, _ count: Int) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: (base + layout.offsets[section.rawValue]).bindMemory(to: T.self, capacity: count), count: count)
        }

        /// The points (the nodes by rank, then the chains' inner points), the edges and the chains.
        func writeRoads(_ graph: RoadGraph, costs: RoadGraph.Costs, chains: Chains, rank: [Int32]) {
            let points = buffer(.points, Double.self, 2 * (chains.nodeCount + chains.inner.count))
            func put(_ p: Int, _ point: Int32) {
                points[2 * p] = graph.points[Int(point)].latitude
                points[2 * p + 1] = graph.points[Int(point)].longitude
            }
            for (node, point) in chains.pointOfNode.enumerated() { put(Int(rank[node]), point) }
            for (i, point) in chains.inner.enumerated() { put(chains.nodeCount + i, point) }
            let count = chains.edges.count
            let (forward, backward, cruise) = (
                buffer(.forwardSeconds, Double.self, count), buffer(.backwardSeconds, Double.self, count),
                buffer(.cruise, Double.self, count)
            )
            let (meters, flags) = (buffer(.meters, Float32.self, count), buffer(.flags, UInt8.self, count))
            for (i, e) in chains.edges.map(Int.init).enumerated() {
                (forward[i], backward[i], cruise[i]) = (costs.forward[e], costs.backward[e], costs.cruise[e])
                meters[i] = graph.edges[e].meters
                flags[i] = graph.rules[Int(graph.edges[e].way)].direction.rawValue | (chains.reversed[i] ? EdgeFlags.reversed : 0)
            }
            write(.chainStart, chains.start.map { UInt32($0) })
            write(.chainEnds, (0..<chains.count).flatMap { c in [UInt32(rank[Int(chains.first[c])]), UInt32(rank[Int(chains.last[c])])] })
        }

        /// The arcs up and down from each node in rank order, their ends and middles by rank.
        func writeArcs(_ contraction: Contraction, chains: Chains, quickest: Bool) {
            let rank = contraction.rank
            for (section, startSection, links, start) in [
                (Layout.Section.up, Layout.Section.upStart, contraction.up, contraction.upStart),
                (.down, .downStart, contraction.down, contraction.downStart),
            ] {
                write(startSection, start.map { UInt32($0) })
                let arcs = base + layout.offsets[section.rawValue]
                for (i, link) in links.enumerated() {
                    let middle = link.middle & Arcs.chainBit != 0 ? link.middle : UInt32(rank[Int(link.middle)])
                    let (meters, seconds) = quickest ? (link.figure, link.cost) : (link.cost, link.figure)
                    arcs.storeBytes(of: UInt32(rank[Int(link.other)]), toByteOffset: i * Layout.arcSize, as: UInt32.self)
                    arcs.storeBytes(of: middle, toByteOffset: i * Layout.arcSize + 4, as: UInt32.self)
                    arcs.storeBytes(of: meters, toByteOffset: i * Layout.arcSize + 8, as: Double.self)
                    arcs.storeBytes(of: seconds, toByteOffset: i * Layout.arcSize + 16, as: Double.self)
                }
            }
        }
    }
}
