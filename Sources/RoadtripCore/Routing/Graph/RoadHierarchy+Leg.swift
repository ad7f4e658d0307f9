extension RoadHierarchy {
    /// The road from `from` to `to` as the matrix has it (its meters, and its seconds with the
    /// start and end at rest), with its line: the points of the roads driven, from where `from`
    /// meets the road to where `to` does, for a map or an export. Nil when either is farther than
    /// `RoutedLeg.farthestFromRoad` from any road the vehicle may drive, or no road leads there.
    ///
    /// A search up the hierarchy from each end, the best way turning at the node where their sum
    /// is least; its arcs then unpacked into chains, and the chains into their points.
    package func leg(from: Coordinate, to: Coordinate) -> (meters: Double, seconds: Double, line: [Coordinate])? {
        guard let source = anchor(of: from), let target = anchor(of: to) else { return nil }
        return leg(from: source, to: target)
    }

    /// The leg between where two stops meet the roads.
    private func leg(from source: Anchor, to target: Anchor) -> (meters: Double, seconds: Double, line: [Coordinate])? {
        let sourceStarts = [source.leaveAhead, source.leaveBack].compactMap { $0 }, targetStarts = [target.arriveAhead, target.arriveBack].compactMap { $0 }
        let forward = idle.take(nodeCount: counts.nodes), backward = idle.take(nodeCount: counts.nodes)
        defer { [forward, backward].forEach(idle.giveBack) }
        backward.climb(from: targetStarts, sections.downStart, sections.down, stallingWith: sections.upStart, sections.up) { _, _, _, _ in }
        var best: (cost: Double, meters: Double, seconds: Double, node: Int)?
        forward.climb(from: sourceStarts, sections.upStart, sections.up, stallingWith: sections.downStart, sections.down) { node, cost, meters, seconds in
            guard let rest = backward.reached(node), cost + rest.cost < best?.cost ?? .infinity else { return }
            best = (cost + rest.cost, meters + rest.meters, seconds + rest.seconds, node)
        }
        let rest = restSeconds(start: sections.cruise[source.snap.edge], end: sections.cruise[target.snap.edge])
        if let along = along(from: source, to: target), along.cost <= best?.cost ?? .infinity {
            let line = [snapped(source.snap)] + between(source, target).map(point) + [snapped(target.snap)]
            return (along.meters, along.seconds + rest, Self.withoutRepeats(line))
        }
        guard let best, let middle = path(turningAt: best.node, forward: forward, backward: backward) else { return nil }
        // The first of each end's starts is its way along its chain, when it has one.
        let leavesAhead = source.leaveAhead != nil && forward.start(of: middle[0]) == 0
        let arrivesAhead = target.arriveAhead != nil && backward.start(of: middle[middle.count - 1]) == 0
        let points = leavingPoints(source, ahead: leavesAhead) + middle.dropFirst() + arrivingPoints(target, ahead: arrivesAhead).dropFirst()
        let line = [snapped(source.snap)] + points.map(point) + [snapped(target.snap)]
        return (best.meters, best.seconds + rest, Self.withoutRepeats(line))
    }

    /// The leg `from` → `to` (each a point and its name) on the hierarchy, as a leg on the roads
    /// of `region`, or why there is none: an end farther than `RoutedLeg.farthestFromRoad` from
    /// any road the vehicle may drive (named), or no road between them.
    package func route(from: (Coordinate, String), to: (Coordinate, String), region: String) -> RoadOutcome {
        guard let source = anchor(of: from.0) else { return .estimate(reason: RoutedLeg.offRoad(from.1, roads: region)) }
        guard let target = anchor(of: to.0) else { return .estimate(reason: RoutedLeg.offRoad(to.1, roads: region)) }
        guard let leg = leg(from: source, to: target) else { return .estimate(reason: RoutedLeg.noRoad(roads: region)) }
        return RoutedLeg(meters: leg.meters, seconds: leg.seconds, line: leg.line, region: region).reaching(from: from, to: to)
    }

    /// Where a stop meets its edge.
    private func snapped(_ snap: RoadGraph.Snap) -> Coordinate {
        let (from, to) = ends(of: snap.edge)
        let (a, b) = (point(from), point(to))
        return Coordinate(latitude: a.latitude + snap.share * (b.latitude - a.latitude), longitude: a.longitude + snap.share * (b.longitude - a.longitude))
    }

    /// `line` without a point the same as the one before it.
    private static func withoutRepeats(_ line: [Coordinate]) -> [Coordinate] {
        zip(line.indices, line).filter { i, point in i == 0 || line[i - 1] != point }.map(\.1)
    }

    /// The points along a chain from the stop's edge to the node it leaves by: its last (`ahead`) or first.
    private func leavingPoints(_ anchor: Anchor, ahead: Bool) -> [Int] {
        let (c, position) = (anchor.chain, anchor.snap.edge - Int(sections.chainStart[anchor.chain]))
        let length = Int(sections.chainStart[c + 1] - sections.chainStart[c])
        return ahead ? (position + 1...length).map { point($0, along: c) } : (0...position).reversed().map { point($0, along: c) }
    }

    /// The points along a chain from the node a stop is reached from, its first (`ahead`) or last, to the stop's edge.
    private func arrivingPoints(_ anchor: Anchor, ahead: Bool) -> [Int] {
        leavingPoints(anchor, ahead: !ahead).reversed()
    }

    /// The points between two stops on one chain, along it.
    private func between(_ source: Anchor, _ target: Anchor) -> [Int] {
        let c = source.chain, first = Int(sections.chainStart[c])
        let (s, t) = (source.snap.edge - first, target.snap.edge - first)
        if s == t { return [] }
        return s < t ? (s + 1...t).map { point($0, along: c) } : (t + 1...s).reversed().map { point($0, along: c) }
    }

    /// The points of the best way through `node`, from the node the forward search started at to
    /// the one the backward search did, every arc unpacked; nil when an arc cannot be (a damaged file).
    private func path(turningAt node: Int, forward: Search, backward: Search) -> [Int]? {
        var arcs: [(from: Int, to: Int, middle: UInt32)] = []
        var here = node
        while let (from, arc) = forward.cameFrom(here) {
            arcs.append((from, here, sections.up.middle(arc)))
            here = from
        }
        var nodes = [here]
        arcs.reverse()
        here = node
        while let (to, arc) = backward.cameFrom(here) {
            arcs.append((here, to, sections.down.middle(arc)))
            here = to
        }
        for arc in arcs {
            guard let points = unpacked(from: arc.from, to: arc.to, middle: arc.middle) else { return nil }
            nodes += points
        }
        return nodes
    }

    /// The points of the arc from node `from` to node `to` through `middle`, after `from`: a
    /// chain's, or those of the two arcs a shortcut is made of, each unpacked in turn.
    private func unpacked(from: Int, to: Int, middle: UInt32) -> [Int]? {
        var points: [Int] = []
        var pending = [(from, to, middle)]
        while let (a, b, through) = pending.popLast() {
            if through & Arcs.chainBit != 0 {
                let c = Int(through & ~Arcs.chainBit), length = Int(sections.chainStart[c + 1] - sections.chainStart[c])
                let ahead = Int(sections.chainEnds[2 * c]) == a
                points += ahead ? (1...length).map { point($0, along: c) } : (0..<length).reversed().map { point($0, along: c) }
                continue
            }
            let m = Int(through)
            let (downRange, upRange) = (Int(sections.downStart[m])..<Int(sections.downStart[m + 1]), Int(sections.upStart[m])..<Int(sections.upStart[m + 1]))
            guard let into = downRange.first(where: { sections.down.other($0) == a }), let out = upRange.first(where: { sections.up.other($0) == b }) else {
                return nil
            }
            // The second half waits under the first.
            pending.append((m, b, sections.up.middle(out)))
            pending.append((a, m, sections.down.middle(into)))
        }
        return points
    }
}
