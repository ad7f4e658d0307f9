import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
import RoadtripTestSupport
import ChildProcesses
import RoadtripRegions

/// Issue 54 on real roads: the road matrix searched on a contraction hierarchy (`RoadHierarchy`)
/// is the one Dijkstra's search from each stop gives on the graph (`RoadGraph.matrix`), to the
/// metre and the second, for every pair of stops spread over Andorra's roads (© OpenStreetMap
/// contributors, ODbL) and over Andorra tiled 2 × 2, for a car on the quickest and the shortest
/// way and for a van or a camper, which some roads do not admit; its legs are the matrix's.
struct RoadHierarchyRoadsTests {
    /// The roads of a committed extract, as a region keeps them: Routino's database of them read
    /// as a network (`RoutinoDatabase`).
    static func network(_ fixture: String) throws -> RoadNetwork {
        let scratch = try TemporaryDirectory()
        let file = TestsFolder.url.appendingPathComponent("Fixtures/osm/\(fixture)")
        let splitter = try ChildTools.locate("planetsplitter")
        _ = try ChildProcess(splitter, ["--dir=\(scratch.url.path)", "--tagging=\(RegionInfo.drivingTagging)", file.path]).wait()
        return try RoutinoDatabase.network(in: scratch.url)
    }

    /// The graphs of the extracts, read once for all the tests.
    static let graphs: [String: RoadGraph] = {
        var graphs: [String: RoadGraph] = [:]
        for fixture in ["andorra.osm.pbf", "andorra-2x2.osm.pbf"] { graphs[fixture] = (try? network(fixture)).map { RoadGraph($0) } }
        return graphs
    }()

    /// `count` stops a few meters off points of the roads picked at random, less those the
    /// hierarchy finds no road to or from one that the first few stops reach both ways (a one-way
    /// street's dead end, a road the vehicle is not let onto): every pair then has a road.
    static func stops(on graph: RoadGraph, _ hierarchy: RoadHierarchy, count: Int, seed: UInt64) -> [(Coordinate, String)] {
        var random = SeededRandom(seed: seed)
        let stops: [(Coordinate, String)] = (0..<count).map { i in
            let point = graph.points[Int(graph.edges[Int.random(in: 0..<graph.edges.count, using: &random)].from)]
            let off = Coordinate(
                latitude: point.latitude + Double.random(in: -1e-4...1e-4, using: &random),
                longitude: point.longitude + Double.random(in: -1e-4...1e-4, using: &random))
            return (off, "Stop \(i + 1)")
        }
        func bothWays(_ a: Coordinate, _ b: Coordinate) -> Bool { hierarchy.leg(from: a, to: b) != nil && hierarchy.leg(from: b, to: a) != nil }
        guard let hub = stops.first(where: { stop in stops.prefix(5).allSatisfy { bothWays(stop.0, $0.0) } }) else { return [] }
        return stops.filter { bothWays(hub.0, $0.0) }
    }

    static func figures(_ outcome: RoadMatrixOutcome) throws -> RoadMatrix {
        guard case .roads(let matrix) = outcome else { throw Unrouted(outcome: outcome) }
        return matrix
    }

    struct Unrouted: Error { let outcome: RoadMatrixOutcome }

    static let cases: [(String, Vehicle, Bool)] = [
        ("andorra.osm.pbf", .car, true), ("andorra.osm.pbf", .car, false), ("andorra.osm.pbf", .van, true),
        ("andorra-2x2.osm.pbf", .car, true), ("andorra-2x2.osm.pbf", .car, false), ("andorra-2x2.osm.pbf", .camper, false),
    ]

    @Test(arguments: cases)
    func theHierarchysMatrixIsDijkstrasToTheMetreAndSecond(fixture: String, vehicle: Vehicle, quickest: Bool) throws {
        let graph = try #require(Self.graphs[fixture])
        let profile = DrivingProfile.of(vehicle)
        let hierarchy = RoadHierarchy.build(from: graph, profile: profile, quickest: quickest)
        let stops = Self.stops(on: graph, hierarchy, count: 40, seed: 54)
        #expect(stops.count >= 30, "\(stops.count) stops with roads between them all")
        let wanted = try Self.figures(graph.matrix(of: stops, profile: profile, quickest: quickest))
        // Built here or read back from its bytes, checked as a file is.
        for found in [try Self.figures(hierarchy.matrix(of: stops)), try Self.figures(RoadHierarchy.decoded(hierarchy.encoded()).get().matrix(of: stops))] {
            for i in stops.indices {
                for j in stops.indices where i != j {
                    #expect(
                        abs(found.meters(i, j) - wanted.meters(i, j)) < 0.5 && abs(found.seconds(i, j) - wanted.seconds(i, j)) < 0.5,
                        "\(i) → \(j): \(found.meters(i, j)) m \(found.seconds(i, j)) s, Dijkstra's \(wanted.meters(i, j)) m \(wanted.seconds(i, j)) s")
                }
            }
        }
        for (i, j) in [(0, 1), (1, 0), (5, 20), (20, 5), (11, 29)] {
            let leg = try #require(hierarchy.leg(from: stops[i].0, to: stops[j].0))
            #expect(
                abs(leg.meters - wanted.meters(i, j)) < 0.5 && abs(leg.seconds - wanted.seconds(i, j)) < 0.5,
                "\(i) → \(j): \(leg.meters) m \(leg.seconds) s, Dijkstra's \(wanted.meters(i, j)) m \(wanted.seconds(i, j)) s")
            let length = zip(leg.line, leg.line.dropFirst()).reduce(0) { $0 + Geodesy.flatMeters($1.0, $1.1) }
            #expect(abs(length - leg.meters) < 0.5 + 1e-6 * leg.meters, "\(i) → \(j): a line of \(length) m for \(leg.meters) m")
        }
    }
}
