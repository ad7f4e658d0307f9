import Foundation
import Testing
@testable import IndexWriting
@testable import RoadtripCore
import RoadtripTestSupport

/// Issue 37, item 2: the places of chosen kinds within a distance of a trip's road line, where
/// they are along the trip, on which side, and the detour to them.
struct AlongTheRouteTests {
    /// A point `x` meters east and `y` meters north of 45° N 7° E.
    static func at(_ x: Double, _ y: Double) -> Coordinate {
        let metersPerDegree = 6_371_008.8 * .pi / 180
        return Coordinate(latitude: 45 + y / metersPerDegree, longitude: 7 + x / (metersPerDegree * cos(45 * .pi / 180)))
    }

    static func places(_ features: [NamedFeature]) throws -> Gazetteer {
        let bytes = try GazetteerWriter.bytes(for: FeatureGazetteer.source(for: features, towns: nil)).bytes
        return try Gazetteer(bytes: GazetteerBytes(copying: bytes), path: "test", source: "test")
    }

    /// A road east from 0 to 20 km (its line drawn every kilometer), driven as 25 km.
    static let road = (0...20).map { at(Double($0) * 1_000, 0) }
    static let line = TripLine(stops: [road[0], road[20]], figures: [LegFigures(meters: 25_000, seconds: 1_500, source: .road, line: road)])

    static let index = try! places([
        NamedFeature(name: "Belvedere", kind: .viewpoint, coordinate: at(5_000, 500), identifier: 1),
        NamedFeature(name: "Camping del Lago", kind: .campSite, coordinate: at(15_000, -300), identifier: 2),
        NamedFeature(name: "Castello", kind: .castle, coordinate: at(10_000, 3_000), identifier: 3),
        NamedFeature(name: "Borgo", kind: .village, coordinate: at(12_000, 100), population: 300, identifier: 4),
        NamedFeature(name: "Far Tower", kind: .tower, coordinate: at(30_000, 0), identifier: 5),
    ])

    @Test func placesOfTheKindsNearTheRoadInTheOrderTheyComeWithTheirSide() throws {
        let found = AlongTheRoute.places(along: Self.line, in: Self.index, kinds: AlongKind.placeKinds(of: [.sights, .beds]), within: 2_000)
        #expect(found.map(\.place.name) == ["Belvedere", "Camping del Lago"], "not the castle 3 km off, the village (not asked) nor past the end")
        let (view, camp) = (found[0].position, found[1].position)
        // Along the trip in its own figures: 5 of 20 km drawn is 6.25 of the 25 km driven.
        #expect(abs(view.meters - 6_250) < 20 && abs(camp.meters - 18_750) < 20)
        #expect(view.onTheLeft && !camp.onTheLeft, "north of an eastward road is its left")
        #expect(abs(view.offMeters - 500) < 5 && abs(camp.offMeters - 300) < 5)
        #expect(view.leg == 0 && abs(view.shareOfLeg - 0.25) < 0.01 && !found[0].alongAnEstimate)
        let wider = AlongTheRoute.places(along: Self.line, in: Self.index, kinds: AlongKind.placeKinds(of: [.sights]), within: 5_000)
        #expect(wider.map(\.place.name) == ["Belvedere", "Castello"])
    }

    /// Issue 56, item 8: the trip's own stops are not listed (a place of a stop's name within
    /// 100 m of it, or at its very point), and one place twice (a pizzeria as a point and its
    /// building, a castle and the hotel in it: one name within 200 m) is listed once.
    @Test func theTripsOwnStopsAreLeftOutAndAPlaceTwiceIsListedOnce() throws {
        let index = try Self.places([
            NamedFeature(name: "Wildschloss", kind: .castle, coordinate: Self.at(4_000, 300), identifier: 1),
            NamedFeature(name: "Wildschloss", kind: .hotel, coordinate: Self.at(4_120, 300), identifier: 2),
            NamedFeature(name: "Pizzeria Roma", kind: .restaurant, coordinate: Self.at(8_000, 200), identifier: 3),
            NamedFeature(name: "Pizzeria Roma", kind: .restaurant, coordinate: Self.at(8_150, 200), identifier: 4),
            NamedFeature(name: "Museo", kind: .museum, coordinate: Self.at(12_000, 100), identifier: 5),
            NamedFeature(name: "Belvedere", kind: .viewpoint, coordinate: Self.at(12_050, 100), identifier: 6),
        ])
        let kinds: Set<PlaceKind> = [.castle, .hotel, .restaurant, .museum, .viewpoint]
        let all = AlongTheRoute.places(along: Self.line, in: index, kinds: kinds, within: 2_000)
        #expect(all.map(\.place.name) == ["Wildschloss", "Pizzeria Roma", "Museo", "Belvedere"])
        // A stop at the museum, named for it: the museum is the stop; the viewpoint 50 m off is not.
        let museum = Stop(name: "Museo", location: Self.at(12_030, 100))
        let along = AlongTheRoute.places(along: Self.line, in: index, kinds: kinds, within: 2_000, leavingOut: [museum])
        #expect(along.map(\.place.name) == ["Wildschloss", "Pizzeria Roma", "Belvedere"])
    }

    /// Issue 38: a road across the antimeridian (Fiji's 180th meridian) is measured the short way
    /// round: a place 0.05° north of it, just west of the meridian, is 5.6 km off and 45% along,
    /// not 11 km from the road's western end.
    @Test func aRoadAcrossTheAntimeridianIsMeasuredTheShortWayRound() throws {
        let road = [Coordinate(latitude: -16.8, longitude: 179.9), Coordinate(latitude: -16.8, longitude: -179.9)]
        let line = TripLine(stops: road, figures: [LegFigures(meters: 21_300, seconds: 900, source: .road, line: road)])
        let position = try #require(line.position(of: Coordinate(latitude: -16.75, longitude: 179.99), within: 20_000, onLeg: 0))
        #expect(abs(position.offMeters - 5_560) < 10 && abs(position.shareOfLeg - 0.45) < 0.01, "\(position)")
        // From the east side as well.
        let east = try #require(line.position(of: Coordinate(latitude: -16.85, longitude: -179.95), within: 20_000))
        #expect(abs(east.offMeters - 5_560) < 10 && abs(east.shareOfLeg - 0.75) < 0.01, "\(east)")
        #expect(abs(line.meters(onLeg: 0, share: 0.5) - 10_650) < 1)
    }

    @Test func aLegWithoutItsRoadIsMeasuredAgainstItsArcAndSaysSo() throws {
        let line = TripLine(stops: [Self.at(0, 0), Self.at(20_000, 0)], figures: [.estimated(geodesicMeters: 20_000, estimate: RouteEstimate())])
        let found = AlongTheRoute.places(along: line, in: Self.index, kinds: [.viewpoint], within: 1_000)
        #expect(found.map(\.place.name) == ["Belvedere"] && found[0].alongAnEstimate)
        #expect(line.estimatedLegs == [0] && abs(line.meters - RouteEstimate().roadMeters(geodesicMeters: 20_000)) < 1)
    }

    /// Issue 56, item 8: a hut no road reaches is no detour by car: on foot from the road.
    @Test func aPlaceNoRoadReachesIsOnFootFromTheRoad() throws {
        let found = try #require(AlongTheRoute.places(along: Self.line, in: Self.index, kinds: [.viewpoint], within: 2_000).first)
        let routing = FakeRouting { from, to, fromName, toName in
            .estimate(reason: RoutedLeg.offRoad(toName == "the route" ? fromName : toName, roads: "alps"))
        }
        let detour = AlongTheRoute.detour(to: found, routing: routing, options: RouteOptions(), estimate: RouteEstimate())
        #expect(detour.reason == AlongTheRoute.onFoot && abs(detour.meters - 1_000) < 10)
        let row = AlongTheRoute.Row(found, detour: detour, tripMeters: 25_000, unit: .km)
        #expect(row.detour == "on foot from the road, 0.5 km" && row.detourFigures == "on foot, 0.5 km", "\(row.cells)")
        // A place 0.5 km off whose road there and back is 25 km goes round, and says so.
        let round = AlongTheRoute.Row(found, detour: LegFigures(meters: 25_000, seconds: 1_500, source: .road), tripMeters: 25_000, unit: .km)
        #expect(round.detour == "detour 25.0 km, 25 min: the road there goes round", "\(round.detour)")
        let near = AlongTheRoute.Row(found, detour: LegFigures(meters: 1_400, seconds: 200, source: .road), tripMeters: 25_000, unit: .km)
        #expect(near.detour == "detour 1.4 km, 3 min")
    }

    @Test func theDetourIsThereAndBackOnTheRoadsElseAnEstimate() throws {
        let found = try #require(AlongTheRoute.places(along: Self.line, in: Self.index, kinds: [.viewpoint], within: 2_000).first)
        let routing = FakeRouting { from, to, _, _ in
            .road(RoutedLeg(meters: 800, seconds: 120, line: [from, to], region: "test"))
        }
        let onRoads = AlongTheRoute.detour(to: found, routing: routing, options: RouteOptions(), estimate: RouteEstimate())
        #expect(onRoads.meters == 1_600 && onRoads.seconds == 240 && onRoads.source == .road)
        let estimated = AlongTheRoute.detour(to: found, routing: nil, options: RouteOptions(), estimate: RouteEstimate())
        #expect(estimated.source == .estimate && abs(estimated.meters - 2 * RouteEstimate().roadMeters(geodesicMeters: 500)) < 10)
    }

    @Test func aDistanceIsTypedWithItsUnitOrInTheTripsOwn() {
        #expect(DistanceUnit.km.meters(parsing: "2km") == 2_000 && DistanceUnit.km.meters(parsing: "500 m") == 500)
        #expect(DistanceUnit.mi.meters(parsing: "1") == 1_609.344 && DistanceUnit.km.meters(parsing: "1.5 mi") == 1.5 * 1_609.344)
        #expect(DistanceUnit.km.meters(parsing: "far") == nil && DistanceUnit.km.meters(parsing: "2 parsecs") == nil)
    }
}
