import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripTestSupport
import RoutinoRouting
import Testing

/// Issue 54: a region past `RoadRouter.hierarchyLegPoints` road points routes its legs on its
/// hierarchy, as its matrix is searched, so a trip screen's legs and an optimize's figures are
/// the matrix's own; they are routed sooner than a leg cache gives them back, so none is kept.
/// Andorra is far below the limit: here it is routed on its hierarchy by choice.
@Suite(.serialized) struct HierarchyLegsTests {
    static func router(onHierarchy: Bool) throws -> RoadRouter {
        let shelf = try RoadRouterTests.shelf.get().0
        let roads = shelf.installed().compactMap { region -> RoadRouter.Roads? in
            guard let info = try? region.info.get(), let folder = info.roadDatabase, let bounds = info.bounds else { return nil }
            return RoadRouter.Roads(region: region.name, folder: region.folder.appendingPathComponent(folder), bounds: bounds, onHierarchy: onHierarchy)
        }
        return RoadRouter(regions: roads)
    }

    @Test func aLegOnTheHierarchyIsTheMatrixsOwnWithItsLineFromStopToStop() throws {
        let router = try Self.router(onHierarchy: true)
        let towns = RoadRouterTests.towns
        guard case .roads(let matrix) = router.matrix(of: towns) else { Issue.record("no matrix"); return }
        for i in towns.indices {
            for j in towns.indices where i != j {
                guard case .road(let leg) = router.route(from: towns[i].0, to: towns[j].0, fromName: towns[i].1, toName: towns[j].1) else {
                    Issue.record("\(towns[i].1) → \(towns[j].1) not on roads"); continue
                }
                #expect(leg.meters == matrix.meters(i, j) && leg.seconds == matrix.seconds(i, j), "\(towns[i].1) → \(towns[j].1)")
                #expect(leg.region == "andorra" && leg.line.count > 2)
                let (first, last) = (try #require(leg.line.first), try #require(leg.line.last))
                #expect(Geodesy.distance(from: first, to: towns[i].0) < RoutedLeg.farthestFromRoad)
                #expect(Geodesy.distance(from: last, to: towns[j].0) < RoutedLeg.farthestFromRoad)
                let drawn = zip(leg.line, leg.line.dropFirst()).reduce(0) { $0 + Geodesy.distance(from: $1.0, to: $1.1) }
                #expect(abs(drawn - leg.meters) < 0.01 * leg.meters + 5, "a line of \(drawn) m for \(leg.meters) m")
            }
        }
    }

    @Test func itAgreesWithRoutinosLegAsTheMatrixDoes() throws {
        let (hierarchy, routino) = (try Self.router(onHierarchy: true), try Self.router(onHierarchy: false))
        let (from, to) = (RoadRouterTests.andorraLaVella, RoadRouterTests.pasDeLaCasa)
        guard case .road(let fast) = hierarchy.route(from: from, to: to, fromName: "A", toName: "B"),
            case .road(let alone) = routino.route(from: from, to: to, fromName: "A", toName: "B")
        else {
            Issue.record("not on roads"); return
        }
        #expect(abs(fast.meters - alone.meters) < 0.03 * alone.meters + 150, "\(fast.meters) m, Routino's \(alone.meters) m")
        #expect(fast.seconds < alone.seconds * 1.03 + 30 && fast.seconds > alone.seconds * 0.75, "\(fast.seconds) s, Routino's \(alone.seconds) s")
    }

    @Test func aStopFarFromTheRoadsSaysSoByName() throws {
        let router = try Self.router(onHierarchy: true)
        let summit = Coordinate(latitude: 42.5917, longitude: 1.4446)
        #expect(
            router.route(from: RoadRouterTests.andorraLaVella, to: summit, fromName: "Andorra la Vella", toName: "Coma Pedrosa")
                == .estimate(reason: RoutedLeg.offRoad("Coma Pedrosa", roads: "andorra")))
    }

    @Test func itsLegsAreNotKeptInTheLegCache() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let (from, to) = (RoadRouterTests.andorraLaVella, RoadRouterTests.ordino)
        let onHierarchy = CachedRouting(try Self.router(onHierarchy: true), file: file)
        #expect(onHierarchy.roads(from: from, to: to)?.keepsLegs == false)
        guard case .road = onHierarchy.route(from: from, to: to, fromName: "A", toName: "B", options: RouteOptions()) else {
            Issue.record("not on roads"); return
        }
        #expect(onHierarchy.known(from: from, to: to, options: RouteOptions()) == nil)
        #expect((try? Data(contentsOf: file))?.isEmpty ?? true, "nothing written")

        let byRoutino = CachedRouting(try Self.router(onHierarchy: false), file: file)
        #expect(byRoutino.roads(from: from, to: to)?.keepsLegs == true)
        _ = byRoutino.route(from: from, to: to, fromName: "A", toName: "B", options: RouteOptions())
        #expect(byRoutino.known(from: from, to: to, options: RouteOptions()) != nil)
    }
}
