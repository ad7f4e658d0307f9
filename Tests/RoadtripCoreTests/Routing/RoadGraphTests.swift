import Foundation
import Testing
@testable import RoadtripCore

/// Issue 36: the road matrix searched on a graph of the regions' roads (`RoadGraph`), one search
/// from each stop to every other, on networks drawn here in meters.
struct RoadGraphTests {
    /// A network drawn on a plane of meters around 45° N 7° E: `roads` are (tags, points as (x, y)
    /// meters east and north); points at the same place are one point (one node id).
    static func network(_ roads: [([String: String], [(Double, Double)])]) -> RoadNetwork {
        var network = RoadNetwork()
        var index: [Int64: Int32] = [:], ids: [String: Int64] = [:]
        for (w, (tags, points)) in roads.enumerated() {
            let nodeIDs = points.map { x, y -> Int64 in
                let key = "\(x),\(y)"
                if let id = ids[key] { return id }
                let id = Int64(ids.count + 1)
                ids[key] = id
                index[id] = network.addPoint(id: id, at: at(x, y))
                return id
            }
            guard let rules = RoadWay.Rules(tags: tags) else { continue }
            network.add(rules, id: Int64(w + 1), along: nodeIDs, index: index)
        }
        return network
    }

    static func at(_ x: Double, _ y: Double) -> Coordinate {
        let metersPerDegree = 6_371_008.8 * .pi / 180
        return Coordinate(latitude: 45 + y / metersPerDegree, longitude: 7 + x / (metersPerDegree * cos(45 * .pi / 180)))
    }

    static func stops(_ points: [(Double, Double)]) -> [(Coordinate, String)] {
        points.enumerated().map { (at($1.0, $1.1), "Stop \($0 + 1)") }
    }

    static func figures(_ outcome: RoadMatrixOutcome) throws -> RoadMatrix {
        guard case .roads(let matrix) = outcome else { throw Failure(outcome: outcome) }
        return matrix
    }

    struct Failure: Error { let outcome: RoadMatrixOutcome }

    static let car = DrivingProfile.of(.car)

    @Test func tagsAreReadAsRoutinosDrivingRulesReadThem() throws {
        #expect(RoadWay.Rules(tags: ["highway": "footway"]) == nil)
        #expect(RoadWay.Rules(tags: ["highway": "construction"]) == nil)
        #expect(RoadWay.Rules(tags: ["highway": "residential", "access": "private"]) == nil)
        #expect(RoadWay.Rules(tags: ["highway": "residential", "access": "destination"]) == nil, "Routino reads destination as no")
        #expect(RoadWay.Rules(tags: ["route": "ferry"]) == nil, "a ferry carries no vehicle unless tagged")
        #expect(RoadWay.Rules(tags: ["route": "ferry", "motor_vehicle": "yes"])?.roadClass == .ferry)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "motorcar": "no"])?.open == [.motorcycle, .goods])
        #expect(RoadWay.Rules(tags: ["highway": "track", "access": "no", "motorcar": "designated"])?.open == [.motorcar])
        #expect(RoadWay.Rules(tags: ["highway": "living_street"])?.roadClass == .residential)
        #expect(RoadWay.Rules(tags: ["highway": "trunk_link"])?.roadClass == .trunk)
        #expect(RoadWay.Rules(tags: ["highway": "motorway"])?.direction == .forward)
        #expect(RoadWay.Rules(tags: ["highway": "motorway", "oneway": "no"])?.direction == .both)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "junction": "roundabout"])?.direction == .forward)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "oneway": "-1"])?.direction == .backward)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "maxspeed": "30 mph"])?.maxKmh == 30 * 1.609344)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "maxspeed": "signals"])?.maxKmh == nil)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "maxheight": "12'6\""])?.maxHeight == 12 * 0.3048 + 6 * 0.0254)
        #expect(RoadWay.Rules(tags: ["highway": "primary", "maxweight": "3.5 t"])?.maxWeight == 3.5)
    }

    @Test func aNetworkIsKeptAndReadBackAndADamagedFileIsNotRead() throws {
        let network = Self.network([
            (["highway": "primary", "maxspeed": "70", "oneway": "yes"], [(0, 0), (100, 0), (200, 50)]),
            (["highway": "track", "access": "no", "motorcycle": "yes", "maxheight": "2.5"], [(100, 0), (100, 300)]),
        ])
        let data = network.encoded()
        #expect(RoadNetwork(decoding: data) == network)
        #expect(RoadNetwork(decoding: data.dropLast()) == nil, "cut short")
        #expect(RoadNetwork(decoding: data + Data([0])) == nil, "longer than its counts")
        var otherVersion = data
        otherVersion[RoadNetwork.magic.count] &+= 1
        #expect(RoadNetwork(decoding: otherVersion) == nil)
        var pastItsPoints = data
        pastItsPoints[pastItsPoints.count - 4] = 0xff
        #expect(RoadNetwork(decoding: pastItsPoints) == nil)
        #expect(RoadNetwork(decoding: Data("{\"trips\": []}".utf8)) == nil)
    }

    /// Issue 52, case 9: every third point set to (inf, -inf) trapped the matrix converting it
    /// to a grid cell. Every figure the graph converts is checked when the file is read.
    @Test func aRoadFileWithAPointOffTheEarthOrALimitNoRoadHasIsDamaged() throws {
        let network = Self.network([(["highway": "primary", "maxspeed": "70"], [(0, 0), (100, 0), (200, 50)])])
        #expect(RoadNetwork.decoded(network.encoded()) == .success(network))
        var infinite = network
        infinite.points[1] = Coordinate(latitude: .infinity, longitude: -.infinity)
        #expect(RoadNetwork.decoded(infinite.encoded()) == .failure(.damaged("has point 2 off the Earth (inf, -inf)")))
        var offTheEarth = network
        offTheEarth.points[0] = Coordinate(latitude: 91, longitude: 0)
        #expect(RoadNetwork.decoded(offTheEarth.encoded()) == .failure(.damaged("has point 1 off the Earth (91.0, 0.0)")))
        var infiniteLimit = network.encoded()
        // The first way's speed limit: after the header, the points' ids and places, the way's id and four bytes.
        let limit = RoadNetwork.magic.count + 16 + network.points.count * 24 + 12
        infiniteLimit.replaceSubrange(limit..<limit + 4, with: withUnsafeBytes(of: Float32.infinity.bitPattern.littleEndian) { Data($0) })
        #expect(RoadNetwork.decoded(infiniteLimit) == .failure(.damaged("has road 1 of a class, direction, limit or length no road has")))
        #expect(RoadNetwork.decoded(Data("{\"trips\": []}".utf8)) == .failure(.otherVersion))
        #expect(RoadNetwork.decoded(network.encoded().dropLast()) == .failure(.damaged("is not as long as its counts say")))
    }

    @Test func twoRegionsRoadsMeetWhereTheyShareAPoint() throws {
        var west = RoadNetwork(), east = RoadNetwork()
        let rules = try #require(RoadWay.Rules(tags: ["highway": "secondary"]))
        var index: [Int64: Int32] = [:]
        for (id, x) in [(1, 0.0), (2, 1_000.0), (3, 2_000.0)] { index[Int64(id)] = west.addPoint(id: Int64(id), at: Self.at(x, 0)) }
        west.add(rules, id: 10, along: [1, 2, 3], index: index)
        index = [:]
        for (id, x) in [(2, 1_000.0), (3, 2_000.0), (4, 3_000.0)] { index[Int64(id)] = east.addPoint(id: Int64(id), at: Self.at(x, 0)) }
        east.add(rules, id: 10, along: [2, 3], index: index)
        east.add(rules, id: 11, along: [3, 4], index: index)
        let joined = RoadNetwork.joining([west, east])
        #expect(joined.ids == [1, 2, 3, 4] && joined.ways.map(\.id) == [10, 11], "the shared way once")
        let matrix = try Self.figures(RoadGraph([west, east]).matrix(of: Self.stops([(0, 0), (3_000, 0)]), profile: Self.car, quickest: true))
        #expect(abs(matrix.meters(0, 1) - 3_000) < 3)
        #expect(
            RoadGraph([west]).matrix(of: Self.stops([(0, 0), (3_000, 0)]), profile: Self.car, quickest: true)
                == .estimate(reason: "Stop 2 is more than 1 km from any road"))
    }

    /// A square block of 1 km sides, its south side one way eastward.
    static let block = network([
        (["highway": "tertiary", "oneway": "yes"], [(0, 0), (1_000, 0)]),
        (["highway": "tertiary"], [(1_000, 0), (1_000, 1_000), (0, 1_000), (0, 0)]),
    ])

    @Test func aOneWayStreetIsDrivenOnlyOneWay() throws {
        let matrix = try Self.figures(RoadGraph(Self.block).matrix(of: Self.stops([(0, 10), (1_000, 10)]), profile: Self.car, quickest: true))
        #expect(abs(matrix.meters(0, 1) - 1_000) < 25, "east along the one-way street: \(matrix.meters(0, 1))")
        #expect(abs(matrix.meters(1, 0) - 3_000) < 25, "back round the block: \(matrix.meters(1, 0))")
        #expect(matrix.seconds(1, 0) > 2.5 * matrix.seconds(0, 1))
    }

    @Test func twoStopsOnOneStretchOfRoadAreDrivenAlongIt() throws {
        let matrix = try Self.figures(RoadGraph(Self.block).matrix(of: Self.stops([(200, 5), (700, 5)]), profile: Self.car, quickest: true))
        #expect(abs(matrix.meters(0, 1) - 500) < 1)
        #expect(abs(matrix.meters(1, 0) - 3_500) < 1)
    }

    /// A stop at the end of a one-way street that cannot be reached is at the point where it ends,
    /// reached by the other road there (a carriageway entered only from a closed road, Andorra).
    @Test func aStopAtAPointIsReachedByAnyRoadThere() throws {
        let graph = RoadGraph(
            Self.network([
                (["highway": "secondary"], [(0, 0), (1_000, 0)]),
                (["highway": "secondary", "oneway": "yes"], [(1_000, 600), (1_000, 0)]),
                (["highway": "secondary", "access": "no"], [(400, 600), (1_000, 600)]),
            ]))
        let matrix = try Self.figures(graph.matrix(of: Self.stops([(0, 0), (1_000.3, 0.4)]), profile: Self.car, quickest: true))
        #expect(abs(matrix.meters(0, 1) - 1_000) < 1 && abs(matrix.meters(1, 0) - 1_000) < 1)
    }

    /// A short street with bends and a town's junctions against a longer open road round it.
    @Test func theQuickestWayIsNotTheShortestAndEachTakesItsOwn() throws {
        var roads: [([String: String], [(Double, Double)])] = [
            (["highway": "residential", "maxspeed": "30"], [(0, 0), (1_000, 0), (2_000, 0)]),
            (["highway": "primary"], [(0, 0), (0, 500), (1_000, 600), (2_000, 500), (2_000, 0)]),
        ]
        // Side streets every 80 m make the short way a town.
        for x in stride(from: 80.0, to: 2_000, by: 80) { roads.append((["highway": "residential"], [(x, 0), (x, -60)])) }
        let graph = RoadGraph(Self.network(roads))
        let stops = Self.stops([(0, -1), (2_000, -1)])
        let quickest = try Self.figures(graph.matrix(of: stops, profile: Self.car, quickest: true))
        let shortest = try Self.figures(graph.matrix(of: stops, profile: Self.car, quickest: false))
        #expect(abs(shortest.meters(0, 1) - 2_000) < 5)
        #expect(quickest.meters(0, 1) > 2_900 && quickest.seconds(0, 1) < shortest.seconds(0, 1))
    }

    @Test func aVanTooTallForARoadGoesRoundAndACarDoesNot() throws {
        let graph = RoadGraph(
            Self.network([
                (["highway": "unclassified", "maxheight": "2.5"], [(0, 0), (1_000, 0)]),
                (["highway": "unclassified"], [(0, 0), (0, 800), (1_000, 800), (1_000, 0)]),
            ]))
        let stops = Self.stops([(0, -5), (1_000, -5)])
        let car = try Self.figures(graph.matrix(of: stops, profile: Self.car, quickest: true))
        let van = try Self.figures(graph.matrix(of: stops, profile: .of(.van), quickest: true))
        #expect(abs(car.meters(0, 1) - 1_000) < 15 && abs(van.meters(0, 1) - 2_600) < 15, "\(car.meters(0, 1)) \(van.meters(0, 1))")
    }

    @Test func aBendIsSlowerThanAStraightRoadOfTheSameLength() throws {
        // 2 km each: straight, or with a hairpin (a U of 30 m radius) in the middle.
        let straight = RoadGraph(Self.network([(["highway": "secondary"], [(0, 0), (1_000, 0), (2_000, 0)])]))
        var hairpin: [(Double, Double)] = [(0, 0), (952.9, 0)]
        for step in 0...12 {
            let angle = -Double.pi / 2 + Double(step) * Double.pi / 12
            hairpin.append((952.9 + 30 * cos(angle), 30 + 30 * sin(angle)))
        }
        hairpin.append((0, 60))
        let bent = RoadGraph(Self.network([(["highway": "secondary"], hairpin)]))
        let fast = try Self.figures(straight.matrix(of: Self.stops([(0, 0), (2_000, 0)]), profile: Self.car, quickest: true))
        let slow = try Self.figures(bent.matrix(of: Self.stops([(0, 0), (0, 60)]), profile: Self.car, quickest: true))
        #expect(abs(slow.meters(0, 1) - fast.meters(0, 1)) < 20, "\(slow.meters(0, 1)) against \(fast.meters(0, 1))")
        #expect(slow.seconds(0, 1) > fast.seconds(0, 1) + 10, "\(slow.seconds(0, 1)) s against \(fast.seconds(0, 1)) s")
    }

    @Test func stopsWhoseRoadsDoNotMeetAreGapsAndAStoppedSearchSaysSo() throws {
        let graph = RoadGraph(
            Self.network([
                (["highway": "secondary"], [(0, 0), (1_000, 0)]),
                (["highway": "secondary"], [(5_000, 0), (6_000, 0)]),
            ]))
        // Stop 3 is on a road cut off from the others': its legs are the matrix's gaps, the rest on the roads.
        let matrix = try Self.figures(graph.matrix(of: Self.stops([(0, 0), (1_000, 0), (6_000, 0)]), profile: Self.car, quickest: true))
        #expect(matrix.gaps.map { [$0.from, $0.to] } == [[0, 2], [1, 2], [2, 0], [2, 1]])
        #expect(abs(matrix.meters(0, 1) - 1_000) < 1 && matrix.meters(1, 0).isFinite)
        #expect(
            graph.matrix(of: Self.stops([(0, 0), (6_000, 0)]), profile: Self.car, quickest: true, noRoad: { "no road from \($0) to \($1)" })
                == .estimate(reason: "no road from 0 to 1"), "a reason said for a gap (regions whose roads do not meet) is the whole matrix's")
        var calls: [(Int, Int)] = []
        let many = Self.stops((0..<40).map { (Double($0) * 25, 0) })
        #expect(
            graph.matrix(
                of: many, profile: Self.car, quickest: true,
                progress: {
                    calls.append(($0, $1)); return false
                }) == .cancelled)
        #expect(calls.count == 1 && calls[0].1 == 40 * 39 && calls[0].0 > 0)
        calls = []
        _ = try Self.figures(
            graph.matrix(
                of: many, profile: Self.car, quickest: true,
                progress: {
                    calls.append(($0, $1)); return true
                }))
        #expect(calls.last.map { $0.0 == $0.1 } == true && calls.map(\.0) == calls.map(\.0).sorted())
    }

    @Test func everyRowIsTheSameOnOneCoreAsOnMany() throws {
        // The rows are shared among threads; each row is one search, whatever thread runs it.
        // A grid of six streets each way, 300 m apart, every other north–south one one way.
        var roads: [([String: String], [(Double, Double)])] = []
        for i in 0..<6 {
            let d = Double(i) * 300
            let along: [Double] = (0..<6).map { Double($0) * 300 }
            roads.append((["highway": "residential"], along.map { x in (x, d) }))
            roads.append((["highway": "residential", "oneway": i % 2 == 0 ? "yes" : "no"], along.map { y in (d, y) }))
        }
        let graph = RoadGraph(Self.network(roads))
        var places: [(Double, Double)] = []
        for i in 0..<30 {
            let x = Double(i % 6) * 290 + 5, y = Double(i / 6) * 300 + 3
            places.append((x, y))
        }
        let stops = Self.stops(places)
        let together = try Self.figures(graph.matrix(of: stops, profile: Self.car, quickest: true))
        for row in [0, 7, 29] {
            let rest: [(Coordinate, String)] = stops.indices.filter { $0 != row }.map { stops[$0] }
            let alone = try Self.figures(graph.matrix(of: [stops[row]] + rest, profile: Self.car, quickest: true))
            let others = (0..<30).filter { $0 != row }
            for (k, column) in others.enumerated() {
                #expect(abs(alone.meters(0, k + 1) - together.meters(row, column)) < 1e-6)
            }
        }
    }
}
