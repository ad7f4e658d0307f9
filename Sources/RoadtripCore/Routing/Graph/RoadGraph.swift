import Foundation

/// The roads of one or more regions as a graph to search from one stop to every other at once:
/// what a road matrix needs (every stop to every other), which Routino can only do one leg at a
/// time, each leg a new search (issue 36). Built from `RoadNetwork`s in memory; never changed.
///
/// Each stretch of road between two points of a way is an edge. What the vehicle-independent
/// build keeps of `DriveTime`'s model: each point's bend (the speed of the circle through the
/// road 20 m either side, `CurveSpeed`) and each edge's junction density (towns). A vehicle's
/// profile then gives every edge its time (`Costs`). Turns at junctions and turn restrictions
/// are not in it: a matrix's times are for choosing an order; the legs shown are routed by the
/// engine with all of it.
package final class RoadGraph: Sendable {
    /// Every point of every road.
    let points: [Coordinate]
    /// Each point's comfortable speed through its bend in a car, in km/h (infinity: straight, or
    /// where a way ends, whose turn depends on the way taken). At a junction a way goes on
    /// through, the bend of that way (the sharpest, where two go on through): a road network
    /// read from Routino's database keeps few points between junctions, so a bend is often at
    /// one (issue 54).
    let bendKmh: [Float]
    /// Every way's edges in order along it: `edges[wayEdges[w]..<wayEdges[w + 1]]`.
    let edges: [Edge]
    let wayEdges: [Int32]
    /// Each way's rules, by `Edge.way`.
    let rules: [RoadWay.Rules]
    /// The edges leaving each point, in the direction they may be driven: `arcs[arcStart[p]..<arcStart[p + 1]]`.
    let arcStart: [Int32]
    let arcs: [Arc]
    /// Each arc's end point and length, side by side with `arcs` for the search's inner loop.
    let arcTo: [Int32]
    let arcMeters: [Float]
    /// The edges near each cell of a grid, to find the road nearest a stop: those of roads joined
    /// to at least `isolatedMeters` of others (Routino's `planetsplitter` prunes the rest, so
    /// that a stop is not put on a driveway that leads nowhere).
    let grid: SnapGrid
    static let isolatedMeters: Float = 500
    /// The traffic controls on each edge, by edge, with the direction they are passed in (those
    /// that `TrafficControls.on(from:to:)` finds on it driven that way): what `Costs` adds.
    let controls: [Int32: [EdgeControl]]
    /// The controls it was given that are on its roads: what a region keeps (`TrafficControls.fileName`).
    package let trafficControls: TrafficControls
    /// The `RoadNetwork.fingerprint` of the network it was built from (the regions' joined),
    /// with its traffic controls.
    package let fingerprint: UInt64

    /// A traffic control on an edge: passed when the edge is driven `forward` (from its `from`) or not.
    struct EdgeControl: Sendable {
        let kind: TrafficControl.Kind
        let share: Double
        let forward: Bool
    }

    /// A stretch of road from `from` to `to`, the points of way `way` at `index` and `index + 1`.
    struct Edge: Sendable {
        let from: Int32, to: Int32, way: Int32
        let meters: Float
        /// Junctions per km within `DriveTime.townWindow` either side along its way.
        let junctionsPerKm: Float
    }

    /// An edge driven from its `from` (`forward`) or from its `to`.
    struct Arc: Sendable {
        let edge: Int32
        let forward: Bool
    }

    package convenience init(_ networks: [RoadNetwork], controls: TrafficControls = TrafficControls([])) {
        self.init(RoadNetwork.joining(networks), controls: controls)
    }

    /// `searchable`: with the arcs a search from each stop walks (`arcStart`, `arcs`, `arcTo`,
    /// `arcMeters`); a graph made only to build a hierarchy from has none (on a country, 80 MB
    /// of an import's peak: Andorra tiled 16 × 16, issue 54), and cannot be searched.
    package init(_ network: RoadNetwork, controls: TrafficControls = TrafficControls([]), searchable: Bool = true) {
        points = network.points
        rules = network.ways.map(\.rules)
        var degree = [UInt8](repeating: 0, count: points.count)
        for way in network.ways {
            for (a, b) in zip(way.nodes, way.nodes.dropFirst()) where a != b {
                degree[Int(a)] &+= degree[Int(a)] < 255 ? 1 : 0
                degree[Int(b)] &+= degree[Int(b)] < 255 ? 1 : 0
            }
        }
        var bends = [Float](repeating: .infinity, count: points.count)
        var edges: [Edge] = [], wayEdges: [Int32] = [0]
        for (w, way) in network.ways.enumerated() {
            let line = Self.line(of: way, points: points, junction: { degree[Int($0)] >= 3 })
            for i in 1..<max(way.nodes.count - 1, 1) {
                let kmh = CurveSpeed.kmh(radius: line.radius(at: i))
                bends[Int(way.nodes[i])] = min(bends[Int(way.nodes[i])], Float(kmh))
            }
            for i in 1..<way.nodes.count where way.nodes[i] != way.nodes[i - 1] {
                let middle = (line.points[i - 1].meters + line.points[i].meters) / 2
                edges.append(
                    Edge(
                        from: way.nodes[i - 1], to: way.nodes[i], way: Int32(w), meters: Float(line.points[i].meters - line.points[i - 1].meters),
                        junctionsPerKm: Float(line.junctionsPerKm(around: middle, within: DriveTime.townWindow))))
            }
            wayEdges.append(Int32(edges.count))
        }
        self.wayEdges = wayEdges
        bendKmh = bends
        self.edges = edges
        (arcStart, arcs) = searchable ? Self.adjacency(edges, rules: rules, pointCount: points.count) : ([], [])
        arcTo = arcs.map { arc in arc.forward ? edges[Int(arc.edge)].to : edges[Int(arc.edge)].from }
        arcMeters = arcs.map { edges[Int($0.edge)].meters }
        grid = SnapGrid(edges: edges, points: points, joined: Self.joinedEdges(edges, pointCount: points.count))
        (trafficControls, self.controls) = Self.edgeControls(controls, edges: edges, points: points, grid: grid)
        fingerprint = trafficControls.isEmpty ? network.fingerprint : network.fingerprint ^ trafficControls.fingerprint
    }

    /// The controls of `given` on the roads, and each edge's, found from the controls (a country
    /// has far fewer of them than edges) by the edges near each: the rule the legs follow
    /// (`TrafficControls.place`). Those on no road (a crossing of two footways) are left out
    /// before the lights are paired, so that the same controls read back pair alike.
    private static func edgeControls(
        _ given: TrafficControls, edges: [Edge], points: [Coordinate], grid: SnapGrid
    )
        -> (TrafficControls, [Int32: [EdgeControl]])
    {
        var kept: [TrafficControl] = [], passes: [[(edge: Int32, forward: Bool)]] = []
        for control in given.controls {
            var on: [(edge: Int32, forward: Bool)] = []
            for e in Set(grid.edges(near: control.coordinate, within: TrafficControls.onRoadMeters * 2)) {
                let (a, b) = (points[Int(edges[Int(e)].from)], points[Int(edges[Int(e)].to)])
                for forward in [true, false] where TrafficControls.place(of: control.coordinate, onStretchFrom: forward ? a : b, to: forward ? b : a) != nil {
                    on.append((e, forward))
                }
            }
            if !on.isEmpty {
                kept.append(control)
                passes.append(on)
            }
        }
        let controls = TrafficControls(kept)
        var found: [Int32: [EdgeControl]] = [:]
        for (i, on) in passes.enumerated() {
            for (e, forward) in on {
                found[e, default: []].append(EdgeControl(kind: kept[i].kind, share: controls.shares[i], forward: forward))
            }
        }
        return (controls, found)
    }

    /// `way`'s points with their distance along it and its junctions, for `DriveTime`'s measures.
    private static func line(of way: RoadWay, points: [Coordinate], junction: (Int32) -> Bool) -> DriveTime.Line {
        var along = 0.0
        var driven: [DrivenPoint] = []
        driven.reserveCapacity(way.nodes.count)
        for (i, node) in way.nodes.enumerated() {
            if i > 0 { along += Geodesy.flatMeters(points[Int(way.nodes[i - 1])], points[Int(node)]) }
            driven.append(DrivenPoint(points[Int(node)], meters: along, limitKmh: 0, isJunction: junction(node)))
        }
        return DriveTime.Line(driven)
    }

    /// Whether each edge is in a network of roads at least `isolatedMeters` long all told (its
    /// roads joined in either direction).
    private static func joinedEdges(_ edges: [Edge], pointCount: Int) -> [Bool] {
        var parent = Array(0..<Int32(pointCount))
        func root(_ point: Int32) -> Int32 {
            var point = point
            while parent[Int(point)] != point {
                parent[Int(point)] = parent[Int(parent[Int(point)])]
                point = parent[Int(point)]
            }
            return point
        }
        for edge in edges {
            let (a, b) = (root(edge.from), root(edge.to))
            if a != b { parent[Int(a)] = b }
        }
        var length = [Float](repeating: 0, count: pointCount)
        for edge in edges { length[Int(root(edge.from))] += edge.meters }
        return edges.map { length[Int(root($0.from))] >= isolatedMeters }
    }

    /// The edges leaving each point in the directions their ways allow.
    private static func adjacency(_ edges: [Edge], rules: [RoadWay.Rules], pointCount: Int) -> ([Int32], [Arc]) {
        var count = [Int32](repeating: 0, count: pointCount + 1)
        func eachArc(_ body: (Int32, Arc) -> Void) {
            for (e, edge) in edges.enumerated() {
                let direction = rules[Int(edge.way)].direction
                if direction != .backward { body(edge.from, Arc(edge: Int32(e), forward: true)) }
                if direction != .forward { body(edge.to, Arc(edge: Int32(e), forward: false)) }
            }
        }
        eachArc { from, _ in count[Int(from) + 1] += 1 }
        for p in 0..<pointCount { count[p + 1] += count[p] }
        var next = count
        var arcs = [Arc](repeating: Arc(edge: 0, forward: true), count: Int(count[pointCount]))
        eachArc { from, arc in
            arcs[Int(next[Int(from)])] = arc
            next[Int(from)] += 1
        }
        return (count, arcs)
    }
}

extension RoadGraph {
    /// Every edge's time each way for a vehicle, as `DriveTime` drives a road: each way at its
    /// class's cruising speed (below a tagged limit, and a town's), slowed for each bend on it
    /// and speeding up after it at the vehicle's rates. What it does not know: the turn taken at
    /// a junction (a junction is passed at speed), and that a leg starts and ends at rest (added
    /// to each leg, `restSeconds`). Its traffic controls are in it, as in a leg (`TrafficControl.seconds`).
    struct Costs: Sendable {
        let profile: DrivingProfile
        let quickest: Bool
        /// Seconds to drive each edge from its `from` and from its `to` (infinity where the
        /// vehicle may not); its cruising speed in m/s.
        let forward: [Double], backward: [Double], cruise: [Double]
        /// What the search makes least and the seconds, by arc (`RoadGraph.arcs`); empty when
        /// not asked for `byArc`.
        let arcCost: [Double], arcSeconds: [Double]

        /// `byArc`: the figures laid out by arc too, for the search's inner loop (the hierarchy's
        /// build, which reads them by edge, goes without: two figures an arc, on a country's roads
        /// some 70 MB).
        init(_ graph: RoadGraph, profile: DrivingProfile, quickest: Bool, byArc: Bool = true) {
            self.profile = profile
            self.quickest = quickest
            var forward = [Double](repeating: .infinity, count: graph.edges.count), backward = forward, cruise = forward
            for (w, rules) in graph.rules.enumerated() where rules.admits(profile) {
                let range = Int(graph.wayEdges[w])..<Int(graph.wayEdges[w + 1])
                guard !range.isEmpty else { continue }
                let limit = min(profile.cruiseKmh[rules.roadClass] ?? 0, rules.maxKmh ?? .infinity)
                let speeds = range.map { e in
                    let town = DriveTime.townCap(junctionsPerKm: Double(graph.edges[e].junctionsPerKm), profile: profile, cruise: limit)
                    return max(min(limit, town), DriveTime.minimumKmh) / 3.6
                }
                let lengths = range.map { Double(graph.edges[$0].meters) }
                // The speed at each point of the way: its bend's, below the stretches either side.
                let points = [graph.edges[range.lowerBound].from] + range.map { graph.edges[$0].to }
                let caps = points.indices.map { i -> Double in
                    let around = min(speeds[max(i - 1, 0)], speeds[min(i, speeds.count - 1)])
                    guard i > 0, i < points.count - 1 else { return around }
                    return min(around, max(Double(graph.bendKmh[Int(points[i])]) * profile.curveFactor, DriveTime.minimumKmh) / 3.6)
                }
                let ahead = Self.seconds(caps: caps, lengths: lengths, speeds: speeds, profile: profile)
                let back = Self.seconds(caps: caps.reversed(), lengths: lengths.reversed(), speeds: speeds.reversed(), profile: profile)
                for (k, e) in range.enumerated() {
                    forward[e] = ahead[k]
                    backward[e] = back[range.count - 1 - k]
                    cruise[e] = speeds[k]
                }
            }
            // The edges with traffic controls, a few among a country's millions, each at its cruising speed.
            for (e, controls) in graph.controls where cruise[Int(e)].isFinite {
                for control in controls {
                    let seconds = TrafficControl.seconds(control.kind, passingAt: cruise[Int(e)], profile: profile, share: control.share)
                    if control.forward { forward[Int(e)] += seconds } else { backward[Int(e)] += seconds }
                }
            }
            (self.forward, self.backward, self.cruise) = (forward, backward, cruise)
            guard byArc else {
                (arcSeconds, arcCost) = ([], [])
                return
            }
            arcSeconds = graph.arcs.map { $0.forward ? forward[Int($0.edge)] : backward[Int($0.edge)] }
            arcCost =
                quickest
                ? arcSeconds
                : zip(graph.arcs, arcSeconds).map { arc, seconds in
                    seconds.isFinite ? Double(graph.edges[Int(arc.edge)].meters) : .infinity
                }
        }

        /// The seconds of each stretch of a way driven in this order: `caps` at its points,
        /// `lengths` and cruising `speeds` of the stretches between them.
        private static func seconds(caps: [Double], lengths: [Double], speeds: [Double], profile: DrivingProfile) -> [Double] {
            var atPoints = caps
            DriveTime.limitByAcceleration(&atPoints, lengths: { lengths[$0 - 1] }, profile: profile)
            return lengths.indices.map { i in
                DriveTime.stretchSeconds(lengths[i], from: atPoints[i], to: atPoints[i + 1], cruise: speeds[i], profile: profile)
            }
        }

        /// Whether the vehicle may drive edge `e` at all.
        func admits(_ e: Int) -> Bool { forward[e].isFinite }

        /// The seconds and what the search makes least (the time, or the length for the shortest
        /// way) to drive edge `e` from its `from` (`forward`) or its `to`.
        func drive(_ e: Int, forward ahead: Bool, in graph: RoadGraph) -> (cost: Double, seconds: Double) {
            let seconds = ahead ? forward[e] : backward[e]
            return (quickest ? seconds : Double(graph.edges[e].meters), seconds)
        }

        /// Starting a leg from rest and ending it at rest, on edges of cruising speed `start` and `end`.
        func restSeconds(start: Double, end: Double) -> Double {
            start / (2 * profile.acceleration) + end / (2 * profile.deceleration)
        }
    }
}
