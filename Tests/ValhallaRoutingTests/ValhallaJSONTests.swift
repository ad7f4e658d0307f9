import Foundation
import Testing
import RoadtripCore
@testable import ValhallaRouting

/// What the engine asks Valhalla and how it reads the answers, on canned JSON (no server).
struct ValhallaJSONTests {
    static let vella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let pas = Coordinate(latitude: 42.5428, longitude: 1.7336)

    static func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    /// A car, the quickest way: Valhalla's `auto` costing with no options, kilometers, no
    /// directions; each end looked for within the kilometer a stop may be from its road.
    @Test func aCarsLegIsAutoCosting() throws {
        let body = try Self.json(ValhallaJSON.RouteRequest(from: Self.vella, to: Self.pas, options: RouteOptions()))
        #expect(body["costing"] as? String == "auto")
        #expect((body["costing_options"] as? [String: Any])?.isEmpty == true)
        #expect(body["units"] as? String == "kilometers")
        #expect(body["directions_type"] as? String == "none")
        let locations = try #require(body["locations"] as? [[String: Double]])
        #expect(locations == [["lat": 42.5078, "lon": 1.5211, "search_cutoff": 1_000], ["lat": 42.5428, "lon": 1.7336, "search_cutoff": 1_000]])
    }

    @Test func theShortestWayIsACostingOption() {
        let costing = ValhallaJSON.costing(RouteOptions(vehicle: .motorcycle, quickest: false))
        #expect(costing.name == "motorcycle")
        #expect(costing.options == ["motorcycle": ValhallaJSON.CostingOptions(shortest: true)])
    }

    /// A van or a camper is a truck of its own size and weight (`DrivingProfile`).
    @Test func aCamperIsATruckOfItsSize() {
        let costing = ValhallaJSON.costing(RouteOptions(vehicle: .camper))
        #expect(costing.name == "truck")
        #expect(costing.options == ["truck": ValhallaJSON.CostingOptions(height: 3.2, width: 2.35, length: 7.5, weight: 3.5)])
        #expect(ValhallaJSON.costing(RouteOptions(vehicle: .van)).options["truck"]?.height == 2.7)
    }

    @Test func aMatrixAsksEverySourceToEveryTarget() throws {
        let body = try Self.json(ValhallaJSON.MatrixRequest(sources: [Self.vella], targets: [Self.vella, Self.pas], options: RouteOptions(quickest: false)))
        #expect((body["sources"] as? [Any])?.count == 1)
        #expect((body["targets"] as? [Any])?.count == 2)
        #expect(body["costing"] as? String == "auto")
        #expect(body["costing_options"] as? [String: [String: Bool]] == ["auto": ["shortest": true]])
    }

    /// `/route`'s answer as Valhalla 3.9.1 gives it (cut to the fields read, the shape to three points).
    static func route(length: Double = 33.281, time: Double = 1776.82, shape: String = "c`napA_|y{A{yV_byCuoj@q}cG") -> Data {
        Data(
            #"{"trip":{"legs":[{"summary":{"has_toll":false,"time":\#(time),"length":\#(length)},"shape":"\#(shape)"}],"summary":{"time":\#(time),"length":\#(length)},"status":0,"units":"kilometers"}}"#
                .utf8)
    }

    static func leg(_ data: Data) -> RoadOutcome? {
        ValhallaRouter.leg(data, from: (vella, "Andorra la Vella"), to: (pas, "Pas de la Casa"), service: "Valhalla at http://127.0.0.1:8002")
    }

    /// Kilometers become meters; the time is Valhalla's own; the shape is the leg's line.
    @Test func aRouteBecomesALegOnRoads() {
        let line = [
            Coordinate(latitude: 42.507794, longitude: 1.521104), Coordinate(latitude: 42.52, longitude: 1.6),
            Coordinate(latitude: 42.542283, longitude: 1.733609),
        ]
        #expect(Self.leg(Self.route()) == .road(RoutedLeg(meters: 33_281, seconds: 1776.82, line: line, region: "Valhalla")))
    }

    /// The road's end 1.9 km from the stop: off-road, as Routino says it.
    @Test func aRouteEndingFarFromTheStopIsAnEstimate() {
        #expect(Self.leg(Self.route(shape: "c`napA_|y{A{yV_byC_cmAq}cG")) == .estimate(reason: "Pas de la Casa 1.9 km from the nearest road"))
    }

    /// 33 km in a second: an estimate, saying what the service gave.
    @Test func aRouteFasterThanAnyVehicleIsAnEstimate() {
        #expect(
            Self.leg(Self.route(length: 33, time: 1))
                == .estimate(reason: "Valhalla at http://127.0.0.1:8002 gave 33.0 km in 0 min, faster than any vehicle drives"))
    }

    /// Not JSON, other JSON, a shape that is no polyline, figures no drive has, two legs for one.
    @Test(arguments: [
        Data("<html>".utf8), Data(#"{"trip":{}}"#.utf8), route(shape: "~"), route(length: -1),
        Data(#"{"trip":{"legs":[]}}"#.utf8),
    ])
    func anAnswerThatIsNotARouteIsRefused(_ data: Data) {
        #expect(Self.leg(data) == nil)
    }
}
