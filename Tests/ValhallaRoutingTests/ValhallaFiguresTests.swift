import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting

/// Valhalla's figures are checked as the leg cache's are (issue 52, item 7): a road is never
/// shorter than the straight line between its stops, nor driven faster than any vehicle drives.
/// A service that says otherwise gives an estimate, with the reason.
struct ValhallaFiguresTests {
    static let vella = ValhallaJSONTests.vella
    static let krems = Coordinate(latitude: 48.4097, longitude: 15.6150)

    /// A `/route` answer of `kilometers` in `seconds`, its shape from `from` to `to`.
    static func route(kilometers: Double, seconds: Double, from: Coordinate = vella, to: Coordinate = krems) -> String {
        #"{"trip":{"legs":[{"summary":{"length":\#(kilometers),"time":\#(seconds)},"shape":"\#(Polyline6.encode([from, to]))"}]}}"#
    }

    static func leg(_ answer: String) throws -> (RoadOutcome, String) {
        let server = try LoopbackServer(.answer(status: 200, body: answer))
        defer { server.stop() }
        let outcome = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).route(
            from: vella, to: krems, fromName: "Andorra la Vella", toName: "Krems")
        return (outcome, server.url.absoluteString)
    }

    /// The issue's leg: 1.0 km in a minute for Andorra → Krems.
    @Test func aRoadShorterThanTheStraightLineIsAnEstimate() throws {
        let (outcome, url) = try Self.leg(Self.route(kilometers: 1, seconds: 60))
        #expect(outcome == .estimate(reason: "Valhalla at \(url) gave 1.0 km for stops 1,280 km apart"))
    }

    /// The whole way, in a minute: faster than any vehicle.
    @Test func aRoadDrivenFasterThanAnyVehicleIsAnEstimate() throws {
        let (outcome, url) = try Self.leg(Self.route(kilometers: 1_600, seconds: 60))
        #expect(outcome == .estimate(reason: "Valhalla at \(url) gave 1,600 km in 1 min, faster than any vehicle drives"))
    }

    /// A plausible road is taken as it is.
    @Test func aPlausibleRoadIsTaken() throws {
        let (outcome, _) = try Self.leg(Self.route(kilometers: 1_600, seconds: 16 * 3_600))
        #expect(outcome == .road(RoutedLeg(meters: 1_600_000, seconds: 16 * 3_600, line: [Self.vella, Self.krems], region: "Valhalla")))
    }

    /// A matrix cell of 1.0 km between stops 1,280 km apart: the matrix is an estimate.
    @Test func aMatrixCellShorterThanTheStraightLineIsAnEstimate() throws {
        let cells = #"{"sources_to_targets":[[{"distance":0,"time":0},{"distance":1,"time":60}],[{"distance":1600,"time":57600},{"distance":0,"time":0}]]}"#
        let server = try LoopbackServer(.answer(status: 200, body: cells))
        defer { server.stop() }
        let outcome = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: [(Self.vella, "Andorra la Vella"), (Self.krems, "Krems")])
        #expect(outcome == .estimate(reason: "Valhalla at \(server.url.absoluteString) gave 1.0 km from Andorra la Vella to Krems, 1,280 km apart"))
    }
}
