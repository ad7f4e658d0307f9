import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting

/// The engine against a real valhalla_service on the Andorra test extract (skipped, saying why,
/// when pyvalhalla cannot be installed). Figures checked by hand against Valhalla's own answers
/// (curl on /route and /sources_to_targets): Andorra la Vella → Pas de la Casa is 33.281 km,
/// 1,776.82 s by `auto`.
struct RealValhallaTests {
    static let vella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let escaldes = Coordinate(latitude: 42.5100, longitude: 1.5386)
    static let encamp = Coordinate(latitude: 42.5345, longitude: 1.5806)
    static let pas = Coordinate(latitude: 42.5428, longitude: 1.7336)

    /// The leg over the pass, on roads: Valhalla's length and time, the road's line from one
    /// stop to the other in many points; the camper (Valhalla's truck costing) and the shortest
    /// way are routed too, the shortest no longer than the quickest.
    @Test func aLegOverThePassIsOnRoads() throws {
        let service = try RealValhalla.start()
        defer { service.stop() }
        let router = ValhallaRouter(url: service.url, timeout: LoopbackServer.patience)
        #expect(try router.status().get() == "3.9.1")
        guard case .road(let leg) = router.route(from: Self.vella, to: Self.pas, fromName: "Andorra la Vella", toName: "Pas de la Casa") else {
            Issue.record("the leg is on roads"); return
        }
        #expect(abs(leg.meters - 33_281) < 1, "\(leg.meters)")
        #expect(abs(leg.seconds - 1_776.82) < 0.5, "\(leg.seconds)")
        #expect(leg.line.count > 200, "\(leg.line.count) points")
        #expect(Geodesy.distance(from: Self.vella, to: leg.line[0]) < 100)
        #expect(Geodesy.distance(from: Self.pas, to: leg.line[leg.line.count - 1]) < 100)
        #expect(leg.region == "Valhalla")
        guard case .road = router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B", options: RouteOptions(vehicle: .camper)),
            case .road(let shortest) = router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B", options: RouteOptions(quickest: false))
        else {
            Issue.record("the camper's leg and the shortest are on roads"); return
        }
        #expect(shortest.meters <= leg.meters)
    }

    /// The matrix of four stops: every leg both ways, the one over the pass as `/route` gives it.
    @Test func theMatrixOfFourStops() throws {
        let service = try RealValhalla.start()
        defer { service.stop() }
        let stops = [(Self.vella, "Andorra la Vella"), (Self.escaldes, "Escaldes"), (Self.encamp, "Encamp"), (Self.pas, "Pas de la Casa")]
        var calls = 0
        let outcome = ValhallaRouter(url: service.url, timeout: LoopbackServer.patience).matrix(of: stops) { done, total in
            calls += 1
            #expect(done == 12 && total == 12)
            return true
        }
        guard case .roads(let matrix) = outcome else { Issue.record("the matrix is on roads: \(outcome)"); return }
        #expect(calls == 1)
        for i in 0..<4 {
            for j in 0..<4 where i != j {
                #expect(matrix.meters(i, j) > 500 && matrix.seconds(i, j) > 30, "\(i) → \(j)")
            }
        }
        #expect(abs(matrix.meters(0, 3) - 33_281) < 1)
        #expect(matrix.meters(0, 2) < matrix.meters(0, 3))
    }

    /// A stop in France, past the tiles: no road within a kilometer of it.
    @Test func aStopPastTheTilesIsAnEstimate() throws {
        let service = try RealValhalla.start()
        defer { service.stop() }
        let outcome = ValhallaRouter(url: service.url, timeout: LoopbackServer.patience).route(
            from: Self.vella, to: Coordinate(latitude: 42.6, longitude: 2.5), fromName: "Andorra la Vella", toName: "Prades")
        #expect(outcome == .estimate(reason: "no road within 1 km of Andorra la Vella or Prades"))
    }
}
