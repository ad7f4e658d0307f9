import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoutinoRouting
import RoadtripTestSupport

/// Issue 59, item 3: the leg and the matrix agree on where a stop meets the road, on Andorra's
/// roads (© OpenStreetMap contributors, ODbL). The leg is Routino's (`RoadRouter.route`: its line
/// starts where `Routino_FindWaypoint` put the start and ends where it put the end); the matrix is
/// searched on the region's hierarchy (`RoadRouter.matrix`), from where `RoadHierarchy.anchor(of:)`
/// puts each stop by the graph's rule (`RoadGraph.Snap.nearest`).
///
/// Routino reckons its distances in whole metres (`distance_t`, truncated), so the foot of a stop
/// on its segment may be a little off the graph's, which reckons in doubles: `snapTolerance`.
/// Where the two rules put a stop in different places the test says so as a known issue, with
/// the distance, rather than taking a wider tolerance.
@Suite(.serialized) struct SnappingAgreementTests {
    /// How far apart the leg's and the matrix's points for a stop may be: what Routino's whole
    /// metres move its foot by for the stops here (at most 1.2 m, Sant Julià de Lòria's).
    static let snapTolerance = 2.0

    static let andorraLaVella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let santJulia = Coordinate(latitude: 42.4637, longitude: 1.4913)
    static let canillo = Coordinate(latitude: 42.5676, longitude: 1.5976)
    static let ordino = Coordinate(latitude: 42.5556, longitude: 1.5332)
    static let encamp = Coordinate(latitude: 42.5346, longitude: 1.5800)
    /// The issue's stop near Port d'Envalira, on a piece of the CG-2 cut off from the rest
    /// (`RegionRoadsEndToEndTests.optimizeWithAStopNoRoadReaches`), and the junction east of it
    /// where that piece ends.
    static let envalira = Coordinate(latitude: 42.544049, longitude: 1.720505)
    static let envaliraEast = Coordinate(latitude: 42.54756, longitude: 1.73352)

    /// Stops where the leg and the matrix meet the road at one place, in the order their legs
    /// are routed: towns' centres, points 30 to 230 m off the roads, and points between two roads.
    static let stops: [(Coordinate, String)] = [
        (andorraLaVella, "Andorra la Vella"),
        (Coordinate(latitude: 42.49875, longitude: 1.53108), "between two roads, 44 m from one and 55 m from the other"),
        (santJulia, "Sant Julià de Lòria"),
        (Coordinate(latitude: 42.48, longitude: 1.49), "51 m off the road"),
        (Coordinate(latitude: 42.50, longitude: 1.535), "111 m off the road"),
        (Coordinate(latitude: 42.52, longitude: 1.55), "34 m off the road"),
        (Coordinate(latitude: 42.53849, longitude: 1.52779), "between two roads, 32.5 m from one and 35.7 m from the other"),
        (Coordinate(latitude: 42.54, longitude: 1.55), "230 m off the road"),
        (canillo, "Canillo"),
        (Coordinate(latitude: 42.53, longitude: 1.58), "192 m off the road"),
    ]

    /// The router on Andorra added once for the routing tests (`RoadRouterTests.shelf`), and the
    /// hierarchy its matrix is searched on for a car's quickest way.
    static func andorra() throws -> (router: RoadRouter, hierarchy: RoadHierarchy) {
        let router = try RoadRouterTests.router()
        let roads = try #require(router.regions.first { $0.region == "andorra" })
        // Andorra's legs are Routino's (its network is below `RoadRouter.hierarchyLegPoints`):
        // the leg and the matrix are two engines, not one compared with itself.
        #expect(!roads.routesOnHierarchy)
        let hierarchy = try #require(try router.hierarchy(of: roads, options: RouteOptions()).get())
        return (router, hierarchy)
    }

    /// Where the matrix has `point` meet the road: the foot of its anchor on the anchor's edge
    /// (as `RoadHierarchy.leg` draws it); nil when no road is within 1 km.
    static func matrixSnap(_ point: Coordinate, on hierarchy: RoadHierarchy) -> Coordinate? {
        guard let anchor = hierarchy.anchor(of: point) else { return nil }
        let (from, to) = hierarchy.ends(of: anchor.snap.edge)
        let (a, b, share) = (hierarchy.point(from), hierarchy.point(to), anchor.snap.share)
        return Coordinate(latitude: a.latitude + share * (b.latitude - a.latitude), longitude: a.longitude + share * (b.longitude - a.longitude))
    }

    /// The ends of the matrix's edge for `point`: the road's points either side of its foot.
    static func matrixEdge(_ point: Coordinate, on hierarchy: RoadHierarchy) -> (Coordinate, Coordinate)? {
        guard let anchor = hierarchy.anchor(of: point) else { return nil }
        let (from, to) = hierarchy.ends(of: anchor.snap.edge)
        return (hierarchy.point(from), hierarchy.point(to))
    }

    /// Where Routino's leg `from` → `to` meets the road at each end: its line's first and last
    /// points, past the straight stretch `RoutedLeg.reaching` adds to a stop farther than
    /// `RoutedLeg.atTheRoad` from the road.
    static func legSnaps(_ leg: RoutedLeg, from: Coordinate, to: Coordinate) throws -> (start: Coordinate, end: Coordinate) {
        var line = leg.line
        if line.count > 2, line[0] == from, Geodesy.distance(from: from, to: line[1]) > RoutedLeg.atTheRoad { line.removeFirst() }
        if line.count > 2, line[line.count - 1] == to, Geodesy.distance(from: to, to: line[line.count - 2]) > RoutedLeg.atTheRoad { line.removeLast() }
        return (try #require(line.first), try #require(line.last))
    }

    /// Routino's leg `from` → `to`, or an issue recorded.
    static func leg(_ router: RoadRouter, _ from: (Coordinate, String), _ to: (Coordinate, String)) throws -> RoutedLeg {
        let outcome = router.route(from: from.0, to: to.0, fromName: from.1, toName: to.1)
        guard case .road(let leg) = outcome else {
            Issue.record("\(from.1) → \(to.1): \(outcome)")
            throw Unrouted()
        }
        return leg
    }

    /// The matrix of `stops` on roads, or an issue recorded.
    static func matrix(_ router: RoadRouter, _ stops: [(Coordinate, String)]) throws -> RoadMatrix {
        let outcome = router.matrix(of: stops)
        guard case .roads(let matrix) = outcome else {
            Issue.record("\(outcome)")
            throw Unrouted()
        }
        #expect(matrix.isFromGraph, "searched on the hierarchy")
        return matrix
    }

    struct Unrouted: Error {}

    /// The matrix's figures for a leg agree with Routino's leg alone, as
    /// `RoadRouterTests.aMatrixOnTheRoadsGraphAgreesWithTheLegsRoutedAlone` has them: the length
    /// within 3 % and 150 m, the time no more than 3 % and 30 s over, nor a quarter under (the
    /// graph leaves out the turns).
    static func expectFigures(_ matrix: RoadMatrix, _ i: Int, _ j: Int, agreeWith leg: RoutedLeg, _ name: String) {
        let (meters, seconds) = (matrix.meters(i, j), matrix.seconds(i, j))
        #expect(abs(meters - leg.meters) < 0.03 * leg.meters + 150, "\(name): the matrix's \(meters) m, the leg's \(leg.meters) m")
        #expect(seconds < leg.seconds * 1.03 + 30 && seconds > leg.seconds * 0.75, "\(name): the matrix's \(seconds) s, the leg's \(leg.seconds) s")
    }

    /// Issue 59, item 3: for each stop, towns' centres and points off the roads or between two,
    /// the leg from it starts, and the leg to it ends, where the matrix has it meet the road
    /// (within `snapTolerance`), each way; and the matrix's figures for each leg are the leg's.
    @Test func aLegStartsAndEndsWhereTheMatrixHasItsStopsMeetTheRoad() throws {
        let (router, hierarchy) = try Self.andorra()
        let stops = Self.stops
        let snaps = try stops.map { stop in try #require(Self.matrixSnap(stop.0, on: hierarchy), "\(stop.1) has no road") }
        let matrix = try Self.matrix(router, stops)
        for i in stops.indices.dropLast() {
            for (from, to) in [(i, i + 1), (i + 1, i)] {
                let name = "\(stops[from].1) → \(stops[to].1)"
                let leg = try Self.leg(router, stops[from], stops[to])
                let (start, end) = try Self.legSnaps(leg, from: stops[from].0, to: stops[to].0)
                let (startApart, endApart) = (Geodesy.distance(from: start, to: snaps[from]), Geodesy.distance(from: end, to: snaps[to]))
                #expect(startApart <= Self.snapTolerance, "\(name): the leg starts \(startApart) m from where the matrix has \(stops[from].1) meet the road")
                #expect(endApart <= Self.snapTolerance, "\(name): the leg ends \(endApart) m from where the matrix has \(stops[to].1) meet the road")
                Self.expectFigures(matrix, from, to, agreeWith: leg, name)
            }
        }
    }

    /// Issue 59, item 3: the issue's stop near Port d'Envalira meets the road at one place for
    /// the leg and the matrix (the legs to and from the junction east of it, on its piece of the
    /// CG-2), and neither finds a road from it to Andorra la Vella: the leg is an estimate that
    /// says so, and the matrix has a gap there, each way.
    @Test func theStopNearPortDEnvaliraMeetsTheRoadAtOnePlaceAndIsCutOffForBoth() throws {
        let (router, hierarchy) = try Self.andorra()
        let stops = [(Self.envalira, "Port d'Envalira"), (Self.envaliraEast, "the junction east of it"), (Self.andorraLaVella, "Andorra la Vella")]
        let snaps = try stops.map { stop in try #require(Self.matrixSnap(stop.0, on: hierarchy)) }
        let matrix = try Self.matrix(router, stops)
        for (from, to) in [(0, 1), (1, 0)] {
            let leg = try Self.leg(router, stops[from], stops[to])
            let (start, end) = try Self.legSnaps(leg, from: stops[from].0, to: stops[to].0)
            #expect(Geodesy.distance(from: start, to: snaps[from]) <= Self.snapTolerance, "\(stops[from].1): \(start) and \(snaps[from])")
            #expect(Geodesy.distance(from: end, to: snaps[to]) <= Self.snapTolerance, "\(stops[to].1): \(end) and \(snaps[to])")
            Self.expectFigures(matrix, from, to, agreeWith: leg, "\(stops[from].1) → \(stops[to].1)")
        }
        for (from, to) in [(0, 2), (2, 0), (1, 2), (2, 1)] {
            #expect(
                router.route(from: stops[from].0, to: stops[to].0, fromName: stops[from].1, toName: stops[to].1)
                    == .estimate(reason: RoutedLeg.noRoad(roads: "andorra")))
            #expect(!matrix.meters(from, to).isFinite && !matrix.seconds(from, to).isFinite, "\(stops[from].1) → \(stops[to].1)")
        }
    }

    /// Issue 59, item 3, not yet so: both put a stop whose foot on its road is within 5 m of a
    /// point of the road at that point (Routino's `CreateFakes` and its `MINSEGMENT` of 0.005 km in
    /// its fakes.c; the graph's `RoadGraph.atPointMeters`, 1 m before this issue), but Routino
    /// measures the foot from whole metres (its distances truncated, then the law of cosines),
    /// and for Ordino's centre and Encamp's (as the issue gives them) it comes out under 5 m where
    /// the foot is 5.3 to 5.6 m from the point: the leg starts at the point, the matrix at the
    /// foot. Their figures still agree: the two places are a few metres of the same road.
    @Test func aStopWhoseFootIsWithinFiveMetresOfARoadsPointMeetsItThereInTheLegOnly() throws {
        let (router, hierarchy) = try Self.andorra()
        let home = (Self.andorraLaVella, "Andorra la Vella")
        for stop in [(Self.ordino, "Ordino"), (Self.encamp, "Encamp"), (Coordinate(latitude: 42.47, longitude: 1.505), "145 m off the road")] {
            let snap = try #require(Self.matrixSnap(stop.0, on: hierarchy))
            let (a, b) = try #require(Self.matrixEdge(stop.0, on: hierarchy))
            let leg = try Self.leg(router, stop, home)
            let start = try Self.legSnaps(leg, from: stop.0, to: home.0).start
            // The leg starts at a point of the road (Routino's node), the matrix's foot 5 to 6 m from it.
            let (atNode, foot) = ([a, b].map { Geodesy.distance(from: start, to: $0) }.min()!, [a, b].map { Geodesy.distance(from: snap, to: $0) }.min()!)
            #expect(atNode < 0.5 && (RoadGraph.atPointMeters...6).contains(foot), "\(stop.1): the leg \(atNode) m from the road's point, the matrix \(foot) m")
            let apart = Geodesy.distance(from: start, to: snap)
            withKnownIssue("Routino measures the foot in whole metres: under 5 m from the point for it, over 5 m for the graph") {
                #expect(apart <= Self.snapTolerance, "\(stop.1): the leg starts \(apart) m from where the matrix has it meet the road")
            }
            Self.expectFigures(try Self.matrix(router, [stop, home]), 0, 1, agreeWith: leg, "\(stop.1) → \(home.1)")
        }
    }

    /// Issue 59, item 3, not yet so: Routino keeps the first segment it finds (its search spirals
    /// out from the stop's bin) unless a later one is nearer by a whole metre (`FindClosestSegment`
    /// keeps the best distance as a `distance_t`, truncated), where the graph keeps the nearest. A
    /// stop about as near two roads (within a metre) meets one in the leg and the other in the
    /// matrix, tens to hundreds of metres apart, and the figures part with them; a stop 103 m off a
    /// bend of a road meets it, in the leg, on the stretch before the bend, within 5 m of the
    /// bend's point and so at that point, and in the matrix on the stretch after it, 11 m along.
    @Test func aStopAboutAsNearTwoPlacesOfTheRoadsMeetsOneInTheLegAndTheOtherInTheMatrix() throws {
        let (router, hierarchy) = try Self.andorra()
        let home = (Self.andorraLaVella, "Andorra la Vella")
        let stops = [
            (Coordinate(latitude: 42.511458, longitude: 1.544274), "25 m from two roads"),
            (Coordinate(latitude: 42.505488, longitude: 1.536788), "164 m from two roads"),
            (Coordinate(latitude: 42.460694, longitude: 1.510104), "103 m off a road, 11 m along it from a point of it"),
        ]
        for stop in stops {
            let snap = try #require(Self.matrixSnap(stop.0, on: hierarchy))
            let leg = try Self.leg(router, stop, home)
            let start = try Self.legSnaps(leg, from: stop.0, to: home.0).start
            // A tie to about a metre: the leg's road is as near the stop as the matrix's.
            let (legOff, matrixOff) = (Geodesy.distance(from: stop.0, to: start), Geodesy.distance(from: stop.0, to: snap))
            #expect(abs(legOff - matrixOff) < 1.5, "\(stop.1): the leg's road \(legOff) m off, the matrix's \(matrixOff) m")
            let apart = Geodesy.distance(from: start, to: snap)
            let matrix = try Self.matrix(router, [stop, home])
            withKnownIssue("Routino's whole metres pick another road, or a point of it, for a stop about as near both") {
                #expect(apart <= Self.snapTolerance, "\(stop.1): the leg starts \(apart) m from where the matrix has it meet the road")
                // From another road the figures part too (the leg 1.7 km, the matrix 5.6 km from 164 m off two roads).
                Self.expectFigures(matrix, 0, 1, agreeWith: leg, "\(stop.1) → \(home.1)")
            }
        }
    }

    /// Issue 59, item 3, the census of BENCHMARKS.md ("Where a stop meets the road"): points
    /// drawn in Andorra's box (`SeededRandom(59)`), kept where the graph has a road within 300 m
    /// and Routino routes a leg from them to Andorra la Vella (2,696 of 20,000 draws); where the
    /// leg starts and where the matrix has the stop meet the road are within 2 m for 94.8% of them
    /// (90.7% with the 1 m rule of before). What is left is Routino's whole metres (the known
    /// issues above).
    @Test func aCensusOfStopsOffTheRoadsMeetsItAtOnePlaceInBothForAlmostAll() throws {
        let (router, hierarchy) = try Self.andorra()
        var generator = SeededRandom(seed: 59)
        var (kept, within2m) = (0, 0)
        for _ in 0..<20_000 {
            let point = Coordinate(
                latitude: 42.43 + Double(generator.next() % 1_000_000) / 1_000_000 * 0.23,
                longitude: 1.41 + Double(generator.next() % 1_000_000) / 1_000_000 * 0.38)
            guard let snap = Self.matrixSnap(point, on: hierarchy), Geodesy.distance(from: point, to: snap) <= 300,
                case .road(let leg) = router.route(from: point, to: Self.andorraLaVella, fromName: "a point", toName: "Andorra la Vella"),
                let start = try? Self.legSnaps(leg, from: point, to: Self.andorraLaVella).start
            else { continue }
            kept += 1
            if Geodesy.distance(from: start, to: snap) <= 2 { within2m += 1 }
        }
        #expect(kept == 2_696)
        #expect(Double(within2m) / Double(kept) >= 0.947, "\(within2m) of \(kept) within 2 m")
    }
}
