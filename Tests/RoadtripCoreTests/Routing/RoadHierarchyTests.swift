import Foundation
import RoadtripTestSupport
import Testing
@testable import RoadtripCore

/// Issue 54: the road matrix searched on a contraction hierarchy of the graph (`RoadHierarchy`)
/// gives the graph's own figures (`RoadGraph.matrix`, Dijkstra's search from each stop), on
/// networks drawn here in meters as `RoadGraphTests` draws them; its file is checked before use.
struct RoadHierarchyTests {
    typealias Roads = [([String: String], [(Double, Double)])]

    static let car = DrivingProfile.of(.car)

    /// The hierarchy's matrix and the graph's for `stops` on `roads`, expected the same: the same
    /// outcome, and every leg's figures the same but for the last bits of their sums.
    static func expectSameMatrix(
        _ roads: Roads, _ stops: [(Double, Double)], profile: DrivingProfile = car, quickest: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let graph = RoadGraph(RoadGraphTests.network(roads))
        let hierarchy = RoadHierarchy.build(from: graph, profile: profile, quickest: quickest)
        expectSame(
            hierarchy.matrix(of: RoadGraphTests.stops(stops)), graph.matrix(of: RoadGraphTests.stops(stops), profile: profile, quickest: quickest),
            sourceLocation: sourceLocation)
    }

    static func expectSame(_ outcome: RoadMatrixOutcome, _ expected: RoadMatrixOutcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .roads(let found) = outcome, case .roads(let wanted) = expected else {
            #expect(outcome == expected, sourceLocation: sourceLocation)
            return
        }
        #expect(found.count == wanted.count && found.isFromGraph, sourceLocation: sourceLocation)
        for i in 0..<wanted.count {
            for j in 0..<wanted.count {
                #expect(
                    isClose(found.meters(i, j), wanted.meters(i, j)) && isClose(found.seconds(i, j), wanted.seconds(i, j)),
                    "\(i) → \(j): \(found.meters(i, j)) m \(found.seconds(i, j)) s, the graph's \(wanted.meters(i, j)) m \(wanted.seconds(i, j)) s",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The same figure, summed in another order.
    static func isClose(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }

    /// A square block of 1 km sides, its south side one way eastward.
    static let block: Roads = [
        (["highway": "tertiary", "oneway": "yes"], [(0, 0), (1_000, 0)]),
        (["highway": "tertiary"], [(1_000, 0), (1_000, 1_000), (0, 1_000), (0, 0)]),
    ]

    @Test func aOneWayStreetAndStopsOnItAreDrivenAsTheGraphDrivesThem() {
        Self.expectSameMatrix(Self.block, [(0, 10), (1_000, 10)])
        Self.expectSameMatrix(Self.block, [(200, 5), (700, 5)], quickest: false)
        // Two stops on one stretch, one on the one-way street, one on the corner and one on another side.
        Self.expectSameMatrix(Self.block, [(200, 5), (700, 5), (300, -3), (1_000, 0), (400, 1_002), (-3, 600)])
        Self.expectSameMatrix(Self.block, [(700, 5), (200, 5), (200, 5)], quickest: false)
    }

    /// Stops on the shape points of a bending road (a chain of many edges), on either side of
    /// each other, on one-way and two-way stretches of it.
    @Test func stopsAlongOneChainAreDrivenAlongIt() {
        var bend: [(Double, Double)] = []
        for step in 0...20 { bend.append((Double(step) * 100, 200 * sin(Double(step) / 3))) }
        let roads: Roads = [
            (["highway": "secondary"], Array(bend[0...10])),
            (["highway": "secondary", "oneway": "yes"], Array(bend[10...20])),
            (["highway": "residential"], [bend[0], (0, -800), (2_000, -800), bend[20]]),
        ]
        let stops: [(Double, Double)] = [
            (150, 200 * sin(1.5 / 3)), (500, 200 * sin(5.0 / 3)), (1_000, 200 * sin(10.0 / 3)), (1_450, 200 * sin(14.5 / 3)),
            (1_800, 200 * sin(18.0 / 3)), (1_000, -800),
        ]
        Self.expectSameMatrix(roads, stops)
        Self.expectSameMatrix(roads, stops, quickest: false)
    }

    /// A road closed on itself, meeting no other: a ring with no junction to be a node.
    @Test func aRingRoadIsDrivenRoundEitherWay() {
        let ring: [(Double, Double)] = (0...12).map { step in
            let angle = Double(step % 12) * .pi / 6
            return (600 * cos(angle), 600 * sin(angle))
        }
        Self.expectSameMatrix([(["highway": "unclassified"], ring)], [(600, 10), (0, 590), (-610, 0), (300, -510)])
        Self.expectSameMatrix([(["highway": "unclassified", "junction": "roundabout"], ring)], [(600, 10), (0, 590), (-610, 0)])
    }

    @Test func aStopAtAPointIsReachedByAnyRoadThere() {
        Self.expectSameMatrix(
            [
                (["highway": "secondary"], [(0, 0), (1_000, 0)]),
                (["highway": "secondary", "oneway": "yes"], [(1_000, 600), (1_000, 0)]),
                (["highway": "secondary", "access": "no"], [(400, 600), (1_000, 600)]),
            ], [(0, 0), (1_000.3, 0.4)])
    }

    @Test func aVanTooTallForARoadGoesRoundAsOnTheGraph() {
        let roads: Roads = [
            (["highway": "unclassified", "maxheight": "2.5"], [(0, 0), (1_000, 0)]),
            (["highway": "unclassified"], [(0, 0), (0, 800), (1_000, 800), (1_000, 0)]),
        ]
        Self.expectSameMatrix(roads, [(0, -5), (1_000, -5), (500, 5)], profile: .of(.van))
        Self.expectSameMatrix(roads, [(0, -5), (1_000, -5), (500, 5)], profile: .of(.camper), quickest: false)
        // The camper drives no track: a stop by one alone is off its roads.
        Self.expectSameMatrix(roads + [(["highway": "track"], [(0, 3_000), (900, 3_000)])], [(0, -5), (400, 3_010)], profile: .of(.camper))
    }

    @Test func stopsWhoseRoadsDoNotMeetAreGapsOrFarFromAnySaySo() throws {
        let roads: Roads = [
            (["highway": "secondary"], [(0, 0), (1_000, 0)]),
            (["highway": "secondary"], [(5_000, 0), (6_000, 0)]),
        ]
        let hierarchy = RoadHierarchy.build(from: RoadGraph(RoadGraphTests.network(roads)), profile: Self.car, quickest: true)
        let matrix = try RoadGraphTests.figures(hierarchy.matrix(of: RoadGraphTests.stops([(0, 0), (1_000, 0), (6_000, 0)])))
        #expect(matrix.gaps.map { [$0.from, $0.to] } == [[0, 2], [1, 2], [2, 0], [2, 1]], "stop 3's legs are gaps, the others' on the roads")
        #expect(
            hierarchy.matrix(of: RoadGraphTests.stops([(0, 0), (6_000, 0)]), noRoad: { "no road from \($0) to \($1)" })
                == .estimate(reason: "no road from 0 to 1"))
        #expect(hierarchy.matrix(of: RoadGraphTests.stops([(0, 0), (3_000, 0)])) == .estimate(reason: "Stop 2 is more than 1 km from any road"))
        #expect(hierarchy.leg(from: RoadGraphTests.at(0, 0), to: RoadGraphTests.at(6_000, 0)) == nil)
        #expect(hierarchy.leg(from: RoadGraphTests.at(0, 0), to: RoadGraphTests.at(3_000, 0)) == nil)
        Self.expectSameMatrix(roads, [(0, 0), (1_000, 0), (6_000, 0)])
    }

    @Test func aStoppedSearchSaysSoBetweenRowsAsTheGraphsDoes() throws {
        let hierarchy = RoadHierarchy.build(from: RoadGraph(RoadGraphTests.network(Self.block)), profile: Self.car, quickest: true)
        var calls: [(Int, Int)] = []
        let many = RoadGraphTests.stops((0..<40).map { (Double($0) * 25, 3) })
        #expect(
            hierarchy.matrix(
                of: many,
                progress: {
                    calls.append(($0, $1)); return false
                }) == .cancelled)
        #expect(calls.count == 1 && calls[0].1 == 40 * 39 && calls[0].0 > 0)
        calls = []
        _ = try RoadGraphTests.figures(
            hierarchy.matrix(
                of: many,
                progress: {
                    calls.append(($0, $1)); return true
                }))
        #expect(calls.last.map { $0.0 == $0.1 } == true && calls.map(\.0) == calls.map(\.0).sorted())
        #expect(hierarchy.matrix(of: Array(many.prefix(1))) == .roads(.trivial(1)))
    }

    /// A town of streets 300 m apart, some one way, some with shape points, some closed to vans,
    /// its junctions moved off the square: many nodes to contract, and shortcuts through them.
    static func town(seed: UInt64, size: Int = 9) -> (roads: Roads, stops: [(Double, Double)]) {
        var random = SeededRandom(seed: seed)
        var place: [[(Double, Double)]] = []
        for i in 0..<size {
            place.append(
                (0..<size).map { j in
                    (Double(i) * 300 + Double.random(in: -60...60, using: &random), Double(j) * 300 + Double.random(in: -60...60, using: &random))
                })
        }
        let classes = ["primary", "secondary", "residential", "residential", "unclassified", "service"]
        var roads: Roads = []
        for i in 0..<size {
            for j in 0..<size {
                for (di, dj) in [(1, 0), (0, 1)]
                where i + di < size && j + dj < size && (Int.random(in: 0..<10, using: &random) < 8 || i == 0 || j == 0 || i == size - 1 || j == size - 1) {
                    let (a, b) = (place[i][j], place[i + di][j + dj])
                    var tags = ["highway": classes.randomElement(using: &random)!]
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: tags["oneway"] = "yes"
                    case 1: tags["oneway"] = "-1"
                    case 2: tags["maxheight"] = "2.4"
                    default: break
                    }
                    // The town's edge is a two-way road all round, open to all.
                    if (di == 1 && (j == 0 || j == size - 1)) || (dj == 1 && (i == 0 || i == size - 1)) { tags = ["highway": "tertiary"] }
                    let bends = Int.random(in: 0...3, using: &random)
                    let line =
                        [a]
                        + (0..<bends).map { k in
                            let t = Double(k + 1) / Double(bends + 1)
                            return (
                                a.0 + t * (b.0 - a.0) + Double.random(in: -20...20, using: &random),
                                a.1 + t * (b.1 - a.1) + Double.random(in: -20...20, using: &random)
                            )
                        } + [b]
                    roads.append((tags, line))
                }
            }
        }
        let stops = (0..<25).map { _ in
            (Double.random(in: 0...Double(size - 1) * 300, using: &random), Double.random(in: 0...Double(size - 1) * 300, using: &random))
        }
        return (roads, stops)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aTownsMatrixIsTheGraphsForEveryVehicleAndWay(seed: UInt64) {
        let town = Self.town(seed: seed)
        for vehicle in [Vehicle.car, .van] {
            for quickest in [true, false] {
                Self.expectSameMatrix(town.roads, town.stops, profile: .of(vehicle), quickest: quickest)
            }
            let graph = RoadGraph(RoadGraphTests.network(town.roads))
            #expect(throws: Never.self, "the town's roads lead everywhere") {
                try RoadGraphTests.figures(graph.matrix(of: RoadGraphTests.stops(town.stops), profile: .of(vehicle), quickest: true))
            }
        }
    }

    /// A leg has the matrix's figures, and a line along the roads from where one stop meets
    /// them to where the other does, as long as the leg.
    @Test func aLegIsTheMatrixsWithTheRoadsLine() throws {
        let town = Self.town(seed: 4)
        let graph = RoadGraph(RoadGraphTests.network(town.roads))
        for quickest in [true, false] {
            let hierarchy = RoadHierarchy.build(from: graph, profile: Self.car, quickest: quickest)
            let stops = RoadGraphTests.stops(town.stops)
            let matrix = try RoadGraphTests.figures(graph.matrix(of: stops, profile: Self.car, quickest: quickest))
            for (i, j) in [(0, 1), (1, 0), (2, 9), (9, 2), (5, 17), (3, 3)] {
                let leg = try #require(hierarchy.leg(from: stops[i].0, to: stops[j].0))
                #expect(Self.isClose(leg.meters, matrix.meters(i, j)), "\(i) → \(j): \(leg.meters) m, the graph's \(matrix.meters(i, j))")
                if i != j { #expect(Self.isClose(leg.seconds, matrix.seconds(i, j)), "\(i) → \(j): \(leg.seconds) s, the graph's \(matrix.seconds(i, j))") }
                let length = zip(leg.line, leg.line.dropFirst()).reduce(0) { $0 + Geodesy.flatMeters($1.0, $1.1) }
                #expect(abs(length - leg.meters) < 0.01 + 1e-6 * leg.meters, "\(i) → \(j): a line of \(length) m for \(leg.meters) m")
                let ends = try (#require(leg.line.first), #require(leg.line.last))
                #expect(
                    Geodesy.flatMeters(ends.0, stops[i].0) <= RoutedLeg.farthestFromRoad && Geodesy.flatMeters(ends.1, stops[j].0) <= RoutedLeg.farthestFromRoad
                )
            }
        }
    }

    // MARK: - The file

    static func builtTown() -> (RoadGraph, RoadHierarchy, [(Coordinate, String)]) {
        let town = Self.town(seed: 5, size: 6)
        let graph = RoadGraph(RoadGraphTests.network(town.roads))
        return (graph, RoadHierarchy.build(from: graph, profile: .of(.van), quickest: false), RoadGraphTests.stops(town.stops))
    }

    @Test func aHierarchyIsWrittenAndMappedBackAndSaysWhatItIsFor() throws {
        let (graph, hierarchy, stops) = Self.builtTown()
        let directory = try TemporaryDirectory()
        let file = directory.file("van-shortest.hierarchy")
        try hierarchy.encoded().write(to: file)
        let opened = try RoadHierarchy.open(file).get()
        #expect(opened.encoded() == hierarchy.encoded())
        #expect(opened.vehicle == .van && !opened.quickest && opened.networkFingerprint == graph.fingerprint)
        #expect(opened.isFor(.of(.van), quickest: false, network: graph.fingerprint))
        #expect(!opened.isFor(.of(.van), quickest: true, network: graph.fingerprint))
        #expect(!opened.isFor(.of(.camper), quickest: false, network: graph.fingerprint))
        #expect(!opened.isFor(.of(.van), quickest: false, network: graph.fingerprint &+ 1))
        Self.expectSame(opened.matrix(of: stops), graph.matrix(of: stops, profile: .of(.van), quickest: false))
        #expect(try RoadHierarchy.decoded(hierarchy.encoded()).get().encoded() == hierarchy.encoded())
        #expect(RoadHierarchy.open(directory.file("none")).failure == .missing)
        try Data().write(to: directory.file("empty"))
        #expect(RoadHierarchy.open(directory.file("empty")).failure == .otherVersion("is empty"))
        #expect(RoadHierarchy.open(directory.url).failure?.clause.hasPrefix("cannot be read") == true)
    }

    @Test func theNetworksFingerprintIsItsContents() {
        let network = RoadGraphTests.network(Self.block)
        #expect(network.fingerprint == RoadGraphTests.network(Self.block).fingerprint)
        var moved = network
        moved.points[1].latitude += 1e-9
        #expect(moved.fingerprint != network.fingerprint)
        #expect(RoadGraph(network).fingerprint == network.fingerprint)
        #expect(DrivingProfile.of(.car).fingerprint != DrivingProfile.of(.motorcycle).fingerprint)
    }

    @Test func aFileCutShortAnywhereIsRefusedWithAClause() throws {
        let (_, hierarchy, _) = Self.builtTown()
        let data = hierarchy.encoded()
        for length in [
            0, 10, RoadHierarchy.Layout.magic.count, 30, RoadHierarchy.Layout.headerSize - 1, RoadHierarchy.Layout.headerSize,
            data.count / 3, data.count / 2, data.count - 8, data.count - 1,
        ] {
            let problem = RoadHierarchy.decoded(data.prefix(length)).failure
            #expect(problem != nil, "cut to \(length) bytes")
            if length >= RoadHierarchy.Layout.headerSize { #expect(problem == .damaged("is not as long as its counts say")) }
        }
        #expect(RoadHierarchy.decoded(data + Data(count: 8)).failure == .damaged("is not as long as its counts say"))
        #expect(RoadHierarchy.decoded(data.prefix(40)).failure == .damaged("is cut short in its header"))
    }

    @Test func aFileOfAnotherVersionOrNoHierarchyIsNotRead() throws {
        let (_, hierarchy, _) = Self.builtTown()
        var otherVersion = hierarchy.encoded()
        otherVersion[24] = 2
        #expect(RoadHierarchy.decoded(otherVersion).failure == .otherVersion("is a road hierarchy of version 2, not 1"))
        var otherMagic = hierarchy.encoded()
        otherMagic[0] = UInt8(ascii: "R")
        #expect(RoadHierarchy.decoded(otherMagic).failure == .otherVersion("is not a road hierarchy"))
        #expect(RoadHierarchy.decoded(RoadGraphTests.network(Self.block).encoded()).failure == .otherVersion("is not a road hierarchy"))
    }

    /// Every index is checked against what the file holds, and an arc's ends against the ranks
    /// of its nodes, so a flipped one is refused before a search could read past an array or climb forever.
    @Test func aFlippedIndexOrAFigureNoRoadHasIsRefused() throws {
        let (_, hierarchy, _) = Self.builtTown()
        let data = hierarchy.encoded()
        let layout = RoadHierarchy.Layout(hierarchy.counts)
        func changed(_ section: RoadHierarchy.Layout.Section, at offset: Int, to bytes: [UInt8]) -> RoadHierarchy.FileProblem? {
            var copy = data
            let start = layout.offsets[section.rawValue] + offset
            copy.replaceSubrange(start..<start + bytes.count, with: bytes)
            return RoadHierarchy.decoded(copy).failure
        }
        let big: [UInt8] = [0xff, 0xff, 0xff, 0x7f]
        let infinity = withUnsafeBytes(of: Double.infinity.bitPattern.littleEndian) { Array($0) }
        // The node (numbered from 1) whose arcs hold `arc`.
        func owner(of arc: Int, _ start: UnsafeBufferPointer<UInt32>) -> Int { (0..<hierarchy.counts.nodes).first { Int(start[$0 + 1]) > arc }! + 1 }
        let (up, down) = (owner(of: 0, hierarchy.sections.upStart), owner(of: 0, hierarchy.sections.downStart))
        #expect(changed(.chainEnds, at: 4, to: big) == .damaged("has chain 1 between nodes it does not hold"))
        #expect(changed(.up, at: 0, to: big) == .damaged("has an arc up from node \(up) to a node not above it"))
        #expect(changed(.up, at: 0, to: [0, 0, 0, 0]) == .damaged("has an arc up from node \(up) to a node not above it"))
        #expect(changed(.down, at: 16, to: infinity) == .damaged("has an arc down from node \(down) of a length or time no road has"))
        #expect(changed(.cellEdges, at: 4, to: big) == .damaged("has a grid cell holding edge 2147483647 it does not hold"))
        #expect(changed(.cellKeys, at: 0, to: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]) == .damaged("has grid cell 2 out of order"))
        #expect(changed(.chainStart, at: 4, to: [0, 0, 0, 0]) == .damaged("has chain 1 of no edge"))
        #expect(changed(.upStart, at: 4 * hierarchy.counts.nodes, to: big) == .damaged("has arcs up that do not add up"))
        #expect(changed(.flags, at: 0, to: [3]) == .damaged("has edge 1 of a length, time, speed or direction no road has"))
        #expect(changed(.forwardSeconds, at: 8, to: infinity) == .damaged("has edge 2 of a length, time, speed or direction no road has"))
        #expect(changed(.points, at: 0, to: infinity) == .damaged("has point 1 off the Earth (inf, \(hierarchy.point(0).longitude))"))
        // A shortcut's middle made a node above its own.
        let shortcut = try #require((0..<hierarchy.counts.upArcs).first { hierarchy.sections.up.middle($0) & RoadHierarchy.Arcs.chainBit == 0 })
        #expect(
            changed(.up, at: shortcut * RoadHierarchy.Layout.arcSize + 4, to: big)
                == .damaged("has an arc up from node \(owner(of: shortcut, hierarchy.sections.upStart)) through a node not below it"))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
