import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripRouting
@testable import RoutinoRouting
import RoadtripTestSupport

/// Issue 36: the legs a matrix routes are kept in the leg cache for their figures, and the next
/// matrix of the same stops routes none of them; a trip screen never takes such a leg, which has
/// no line, for a road of no shape.
@Suite(.serialized) struct CachedMatrixTests {
    /// The Routino engine routing a matrix leg by leg (a region without its roads' graph),
    /// telling which legs a matrix was asked to route (those not known).
    final class Spy: RoadRouting, @unchecked Sendable {
        let engine: RoadRouter
        let directory: TemporaryDirectory
        var routed: [(Int, Int)] = []

        init() throws {
            directory = try TemporaryDirectory()
            engine = try RoadRouterTests.legByLegRouter(in: directory)
        }

        var hasRoads: Bool { engine.hasRoads }
        var everyRoads: Set<String> { engine.everyRoads }
        func roads(from: Coordinate, to: Coordinate) -> CoveringRoads? { engine.roads(from: from, to: to) }
        func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
            engine.route(from: from, to: to, fromName: fromName, toName: toName, options: options)
        }
        func matrix(
            of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
            progress: (Int, Int) -> Bool
        ) -> RoadMatrixOutcome {
            var asked = Set<Int>()
            return engine.matrix(
                of: stops, options: options,
                known: { i, j in
                    let leg = known(i, j)
                    if leg == nil, asked.insert(i * stops.count + j).inserted { routed.append((i, j)) }
                    return leg
                }, progress: progress)
        }
    }

    static let towns = RoadRouterTests.towns

    @Test func aMatrixsLegsAreKeptAndTheNextMatrixRoutesNone() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache/road-legs.jsonl")
        let first = try Spy()
        let routed = CachedRouting(first, file: file).matrix(of: Self.towns)
        guard case .roads = routed else { Issue.record("not on roads: \(routed)"); return }
        #expect(first.routed.count == 30)
        let second = try Spy()
        #expect(CachedRouting(second, file: file).matrix(of: Self.towns) == routed, "the same figures, from the file")
        #expect(second.routed.isEmpty)
        let third = try Spy()
        let more = Self.towns + [(Coordinate(latitude: 42.54499, longitude: 1.51483), "La Massana")]
        _ = CachedRouting(third, file: file).matrix(of: more)
        #expect(third.routed.count == 12 && third.routed.allSatisfy { $0.0 == 6 || $0.1 == 6 }, "only the new stop's legs: \(third.routed)")
    }

    /// A matrix searched on the roads' graph is searched again sooner than its legs are read.
    @Test func aMatrixSearchedOnTheRoadsGraphIsNotKept() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache/road-legs.jsonl")
        guard case .roads = CachedRouting(try RoadRouterTests.router(), file: file).matrix(of: Self.towns) else {
            Issue.record("not on roads"); return
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aTripScreenNeverTakesAMatrixsLegWithoutItsLine() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache/road-legs.jsonl")
        _ = CachedRouting(try Spy(), file: file).matrix(of: Self.towns)
        let cached = CachedRouting(try Spy(), file: file)
        let (from, to) = (Self.towns[0].0, Self.towns[2].0)
        #expect(cached.known(from: from, to: to, options: RouteOptions()) == nil, "kept for its figures only")
        guard case .road(let leg) = cached.route(from: from, to: to, fromName: "A", toName: "B", options: RouteOptions()) else {
            Issue.record("not routed"); return
        }
        #expect(!leg.line.isEmpty, "routed again, with its line")
        #expect(try RoadRouterTests.roadLeg(from, to) == leg)
        #expect(CachedRouting(try Spy(), file: file).known(from: from, to: to, options: RouteOptions()) == leg, "now kept with its line")
    }

    @Test func aMatrixOfMoreLegsThanHalfTheCacheIsNotKept() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache/road-legs.jsonl")
        let limits = RoadLegCache.Limits(entries: 40)
        _ = CachedRouting(try Spy(), file: file, limits: limits).matrix(of: Self.towns)
        let again = try Spy()
        _ = CachedRouting(again, file: file, limits: limits).matrix(of: Self.towns)
        #expect(again.routed.count == 30, "30 legs are more than half of 40")
        let four = Array(Self.towns.prefix(4))
        _ = CachedRouting(try Spy(), file: file, limits: limits).matrix(of: four)
        let last = try Spy()
        _ = CachedRouting(last, file: file, limits: limits).matrix(of: four)
        #expect(last.routed.isEmpty, "12 legs are kept")
    }
}
