extension RoadHierarchy {
    /// Where a stop meets the roads (`RoadGraph.Snap`, by the graph's rule), on which chain, and
    /// its ways to and from the two nodes of that chain: what a search starts from and ends at.
    struct Anchor {
        let snap: RoadGraph.Snap
        let chain: Int
        /// Leaving the stop for the chain's last node (`ahead`) and its first; arriving at it from
        /// its chain's first node (`ahead`) and from its last. Nil where the roads do not allow it.
        let leaveAhead: Reach?, leaveBack: Reach?, arriveAhead: Reach?, arriveBack: Reach?
    }

    /// A node and what it takes to drive between it and a stop.
    struct Reach {
        let node: Int
        var cost = 0.0, meters = 0.0, seconds = 0.0
    }

    /// Where `point` meets the roads the vehicle may drive, within `RoutedLeg.farthestFromRoad`,
    /// as the graph would have it meet them; nil when it is farther from any.
    func anchor(of point: Coordinate) -> Anchor? {
        var near: [Int32] = []
        for key in SnapGrid.keys(near: point, within: RoutedLeg.farthestFromRoad) {
            guard let cell = cell(key) else { continue }
            near += sections.cellEdges[Int(sections.cellStart[cell])..<Int(sections.cellStart[cell + 1])].lazy.map { Int32($0) }
        }
        // A cell's edges come mostly chain after chain: the chain of the last is looked up again only past its end.
        var known = (edges: 0..<0, chain: 0)
        let snap = RoadGraph.Snap.nearest(to: point, among: near) { e in
            if !known.edges.contains(e) {
                let c = chain(of: e)
                known = (Int(sections.chainStart[c])..<Int(sections.chainStart[c + 1]), c)
            }
            let (from, to) = ends(of: e, chain: known.chain)
            return (self.point(from), self.point(to))
        }
        guard let snap else { return nil }
        let c = chain(of: snap.edge)
        return Anchor(
            snap: snap, chain: c, leaveAhead: leave(snap, ahead: true), leaveBack: leave(snap, ahead: false),
            arriveAhead: arrive(snap, ahead: true), arriveBack: arrive(snap, ahead: false))
    }

    /// The grid cell of `key`, if it holds edges.
    private func cell(_ key: Int64) -> Int? {
        var (low, high) = (0, counts.cells)
        while low < high {
            let middle = (low + high) / 2
            if sections.cellKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < counts.cells && sections.cellKeys[low] == key ? low : nil
    }

    /// Whether edge `e` is drawn against its chain.
    func isReversed(_ e: Int) -> Bool { sections.flags[e] & EdgeFlags.reversed != 0 }

    /// Whether edge `e` may be driven from its `from` (`forward`) or from its `to`.
    func allows(_ e: Int, forward: Bool) -> Bool { direction(of: e) != (forward ? .backward : .forward) }

    /// The figures of `share` of edge `e` driven from its `from` (`forward`) or its `to`, as the
    /// graph's search reckons them.
    func part(_ e: Int, forward: Bool, share: Double) -> (cost: Double, meters: Double, seconds: Double) {
        let seconds = forward ? sections.forwardSeconds[e] : sections.backwardSeconds[e], meters = Double(sections.meters[e])
        return (share * (quickest ? seconds : meters), share * meters, share * seconds)
    }

    /// Adds the whole of edge `e`, driven along its chain (`ahead`) or against it, to `reach`;
    /// false when it may not be driven so.
    private func drive(_ e: Int, ahead: Bool, onto reach: inout Reach) -> Bool {
        let forward = ahead != isReversed(e)
        guard allows(e, forward: forward) else { return false }
        let whole = part(e, forward: forward, share: 1)
        reach.cost += whole.cost
        reach.meters += whole.meters
        reach.seconds += whole.seconds
        return true
    }

    /// From the stop at `snap` to the last node of its chain (`ahead`) or to its first, by the
    /// graph's rule: onto the end of its edge that way unless the edge is one-way the other way (or
    /// the stop is at that end), then along the chain.
    private func leave(_ snap: RoadGraph.Snap, ahead: Bool) -> Reach? {
        let c = chain(of: snap.edge), e = snap.edge
        let forward = ahead != isReversed(e), share = forward ? 1 - snap.share : snap.share
        guard allows(e, forward: forward) || share == 0 else { return nil }
        let first = part(e, forward: forward, share: share)
        var reach = Reach(node: Int(sections.chainEnds[2 * c + (ahead ? 1 : 0)]), cost: first.cost, meters: first.meters, seconds: first.seconds)
        for next in ahead ? Array(e + 1..<Int(sections.chainStart[c + 1])) : (Int(sections.chainStart[c])..<e).reversed() {
            guard drive(next, ahead: ahead, onto: &reach) else { return nil }
        }
        return reach
    }

    /// From the first node of the stop's chain (`ahead`) or its last to the stop at `snap`: along
    /// the chain, then onto the stop's edge from that side unless it is one-way the other way (or
    /// the stop is at that end).
    private func arrive(_ snap: RoadGraph.Snap, ahead: Bool) -> Reach? {
        let c = chain(of: snap.edge), e = snap.edge
        let forward = ahead != isReversed(e), share = forward ? snap.share : 1 - snap.share
        guard allows(e, forward: forward) || share == 0 else { return nil }
        var reach = Reach(node: Int(sections.chainEnds[2 * c + (ahead ? 0 : 1)]))
        for previous in ahead ? Array(Int(sections.chainStart[c])..<e) : (e + 1..<Int(sections.chainStart[c + 1])).reversed() {
            guard drive(previous, ahead: ahead, onto: &reach) else { return nil }
        }
        let last = part(e, forward: forward, share: share)
        reach.cost += last.cost
        reach.meters += last.meters
        reach.seconds += last.seconds
        return reach
    }

    /// The way from `source` to `target` along their chain without leaving it, when they are on
    /// the same one: along the edge they share, as the graph's search drives it, or from the
    /// source's edge through the edges between onto the target's.
    func along(from source: Anchor, to target: Anchor) -> (cost: Double, meters: Double, seconds: Double)? {
        guard source.chain == target.chain else { return nil }
        let (s, t) = (source.snap, target.snap)
        if s.edge == t.edge {
            var best: (cost: Double, meters: Double, seconds: Double)?
            if t.share >= s.share, allows(s.edge, forward: true) { best = part(s.edge, forward: true, share: t.share - s.share) }
            if t.share <= s.share, allows(s.edge, forward: false) {
                let back = part(s.edge, forward: false, share: s.share - t.share)
                if back.cost < best?.cost ?? .infinity { best = back }
            }
            return best
        }
        let ahead = t.edge > s.edge
        let forward = ahead != isReversed(s.edge), share = forward ? 1 - s.share : s.share
        guard allows(s.edge, forward: forward) || share == 0 else { return nil }
        let first = part(s.edge, forward: forward, share: share)
        var reach = Reach(node: 0, cost: first.cost, meters: first.meters, seconds: first.seconds)
        for between in ahead ? Array(s.edge + 1..<t.edge) : (t.edge + 1..<s.edge).reversed() {
            guard drive(between, ahead: ahead, onto: &reach) else { return nil }
        }
        let targetForward = ahead != isReversed(t.edge), targetShare = targetForward ? t.share : 1 - t.share
        guard allows(t.edge, forward: targetForward) || targetShare == 0 else { return nil }
        let last = part(t.edge, forward: targetForward, share: targetShare)
        return (reach.cost + last.cost, reach.meters + last.meters, reach.seconds + last.seconds)
    }
}
