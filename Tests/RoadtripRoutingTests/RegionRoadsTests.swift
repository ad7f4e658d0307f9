import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoutinoRouting
import RoadtripTestSupport

/// How the Routino engine routes on the hostile extracts of issue 34 (their import is
/// RegionImportTests'): a region with places but no roads, a header box of the whole world, and
/// roads only at two corners of the globe.
struct RegionRoadsTests {
    /// A region of `body` (after the village) imported into a new regions folder in `directory`
    /// (which the caller keeps while it routes), and the engine on it.
    static func router(_ body: String, bounds: String? = nil, in directory: TemporaryDirectory) throws -> RoadRouter {
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try RegionImport(file: try OSMText.file(OSMText.village + body, bounds: bounds, named: "region.osm", in: directory), shelf: shelf, towns: nil).run()
        return RoadRouter(shelf: shelf)
    }

    /// Issue 34, case 11: places without roads to drive on are a region without routing.
    @Test(arguments: ["", #"<way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>"#])
    func placesWithoutRoadsHaveNoRoutes(roads: String) throws {
        #expect(try Self.router(roads, in: TemporaryDirectory()).hasRoads == false)
    }

    /// Issue 34, case 15: a header box of the whole world around one town made every leg on Earth
    /// this region's ("more than 1 km from any road").
    @Test func aLegFarFromTheRoadsOfAWorldBoxIsNotTheRegions() throws {
        let road = #"""
            <node id="10" lat="43.7300" lon="7.4100" version="1"/><node id="11" lat="43.7350" lon="7.4200" version="1"/>
            <way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>
            """#
        let directory = try TemporaryDirectory()
        let router = try Self.router(road, bounds: #"minlat="-90" minlon="-180" maxlat="90" maxlon="180""#, in: directory)
        let outcome = router.route(
            from: Coordinate(latitude: 36.6002, longitude: -121.8947), to: Coordinate(latitude: 36.5552, longitude: -121.9233),
            fromName: "Monterey", toName: "Carmel")
        #expect(outcome == .estimate(reason: "no region covers Monterey"))
    }

    /// Issue 34, case 15: a region whose box spans the world (a road at each of two far corners)
    /// claimed every point between. It covers the land around its roads (Routino's bins, about
    /// 6 km), and routes on them as before.
    @Test func aRegionCoversOnlyTheLandAroundItsRoads() throws {
        let roads = #"""
            <node id="10" lat="-60" lon="-170" version="1"/><node id="11" lat="-59.99" lon="-170" version="1"/>
            <node id="12" lat="70" lon="170" version="1"/><node id="13" lat="70.01" lon="170" version="1"/>
            <way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>
            <way id="101" version="1"><nd ref="12"/><nd ref="13"/><tag k="highway" v="primary"/></way>
            """#
        let directory = try TemporaryDirectory()
        let router = try Self.router(roads, in: directory)
        func route(_ from: (Double, Double), _ to: (Double, Double)) -> RoadOutcome {
            router.route(from: Coordinate(latitude: from.0, longitude: from.1), to: Coordinate(latitude: to.0, longitude: to.1), fromName: "A", toName: "B")
        }
        #expect(route((36.6002, -121.8947), (36.5552, -121.9233)) == .estimate(reason: "no region covers A"))
        guard case .road(let leg) = route((-60, -170), (-59.99, -170)) else { Issue.record("the road at a corner is routed on"); return }
        #expect(abs(leg.meters - 1_116) < 20, "\(leg.meters)")
        #expect(
            route((-59.995, -169.97), (-59.99, -170)) == .estimate(reason: "A is more than 1 km from the roads of region"),
            "1.7 km off the road: still this region's")
    }

    /// Issue 52, case 11: `truncate -s 4096` of the region's `nodes.mem`, `segments.mem` and
    /// `ways.mem` while the planner was open, then a move: SIGBUS in libroutino's mapping. The
    /// files are looked at before every route: a database whose files changed is let go, with why,
    /// and one cut short is never loaded.
    @Test func aDatabaseCutShortUnderTheRouterIsLetGoWithWhy() throws {
        let road = #"""
            <node id="10" lat="43.7300" lon="7.4100" version="1"/><node id="11" lat="43.7350" lon="7.4200" version="1"/>
            <node id="12" lat="43.7400" lon="7.4250" version="1"/>
            <way id="100" version="1"><nd ref="10"/><nd ref="11"/><nd ref="12"/><tag k="highway" v="primary"/></way>
            """#
        let directory = try TemporaryDirectory()
        let router = try Self.router(road, in: directory)
        func route() -> RoadOutcome {
            router.route(
                from: Coordinate(latitude: 43.7300, longitude: 7.4100), to: Coordinate(latitude: 43.7400, longitude: 7.4250), fromName: "A", toName: "B")
        }
        guard case .road = route() else { Issue.record("the road is routed on"); return }
        let roads = directory.file("regions/region/roads")
        let nodes = roads.appendingPathComponent("nodes.mem")
        let before = try #require(try FileManager.default.attributesOfItem(atPath: nodes.path)[.size] as? Int)
        #expect(truncate(nodes.resolvingSymlinksInPath().path, 20) == 0)
        #expect(
            route()
                == .estimate(
                    reason: "the roads of region cannot be used: \(nodes.path) changed on disk "
                        + "(20 bytes, \(DistanceUnit.grouped(before)) when it was read); add the region again"))
        #expect(
            route()
                == .estimate(reason: "the roads of region cannot be used: \(nodes.path) is damaged (20 bytes, not what its header says); add the region again"))
        let fresh = RoadRouter(shelf: RegionShelf(directory: directory.file("regions")))
        #expect(
            fresh.route(
                from: Coordinate(latitude: 43.7300, longitude: 7.4100), to: Coordinate(latitude: 43.7400, longitude: 7.4250), fromName: "A", toName: "B")
                == .estimate(reason: "the roads of region cannot be used: \(nodes.path) is damaged (20 bytes, not what its header says); add the region again"))
    }
}

/// Issue 56, item 2: a leg that is an estimate says which of its causes it has.
extension RegionRoadsTests {
    /// Two roads side by side from the foot (43.70° N) for 1.1 km, then two more to the top
    /// (43.73° N) tagged `top` (loops: Routino finds no route between two dead ends through one
    /// junction).
    static func valley(top: String) -> String {
        #"""
        <node id="10" lat="43.7000" lon="7.4000" version="1"/><node id="14" lat="43.7050" lon="7.4010" version="1"/>
        <node id="18" lat="43.7050" lon="7.3990" version="1"/><node id="11" lat="43.7100" lon="7.4000" version="1"/>
        <node id="15" lat="43.7200" lon="7.4010" version="1"/><node id="19" lat="43.7200" lon="7.3990" version="1"/>
        <node id="12" lat="43.7300" lon="7.4000" version="1"/>
        <way id="100" version="1"><nd ref="10"/><nd ref="14"/><nd ref="11"/><tag k="highway" v="primary"/></way>
        <way id="102" version="1"><nd ref="10"/><nd ref="18"/><nd ref="11"/><tag k="highway" v="primary"/></way>
        <way id="101" version="1"><nd ref="11"/><nd ref="15"/><nd ref="12"/>\#(top)</way>
        <way id="103" version="1"><nd ref="11"/><nd ref="19"/><nd ref="12"/>\#(top)</way>
        """#
    }

    /// The way to the top bears 2 t at most: a car drives to the top, a camper (3.5 t) may not,
    /// and the reason names the camper, not the roads.
    @Test func aRoadClosedToTheVehicleIsWhatTheReasonNames() throws {
        let roads = Self.valley(top: #"<tag k="highway" v="primary"/><tag k="maxweight" v="2"/>"#)
        let directory = try TemporaryDirectory()
        let router = try Self.router(roads, in: directory)
        let (start, end) = (Coordinate(latitude: 43.7, longitude: 7.4), Coordinate(latitude: 43.73, longitude: 7.4))
        let car = router.route(from: start, to: end, fromName: "Foot", toName: "Top", options: RouteOptions(vehicle: .car))
        guard case .road = car else { Issue.record("a car drives to the top: \(car)"); return }
        let camper = router.route(from: start, to: end, fromName: "Foot", toName: "Top", options: RouteOptions(vehicle: .camper))
        #expect(
            [.estimate(reason: "no road a camper may take connects them"), .estimate(reason: "no road a camper may take is within 1 km of Top")]
                .contains(camper), "\(camper)")
        // Outside the area of the roads, by how much at least; far from any region, none covers it.
        let past = router.route(from: start, to: Coordinate(latitude: 43.8, longitude: 7.4), fromName: "Foot", toName: "North")
        // The area's north edge is 1 km past the top (43.739° N): 6.8 km south of 43.8° N.
        #expect(past == .estimate(reason: "North is more than 6.8 km from the roads of region"), "\(past)")
        #expect(
            router.route(from: start, to: Coordinate(latitude: 45, longitude: 7.4), fromName: "Foot", toName: "Turin")
                == .estimate(reason: "no region covers Turin"))
    }

    /// Issue 56, item 7: a valley road tagged `motor_vehicle=no` + `motorcar=yes` is open to a
    /// van and a camper up to 3.5 t, as to a car (it was refused a van, taken for a goods vehicle).
    @Test func aRoadOpenToCarsIsOpenToAVanAndACamper() throws {
        let roads = Self.valley(top: #"<tag k="highway" v="unclassified"/><tag k="motor_vehicle" v="no"/><tag k="motorcar" v="yes"/>"#)
        let directory = try TemporaryDirectory()
        let router = try Self.router(roads, in: directory)
        let (start, end) = (Coordinate(latitude: 43.7, longitude: 7.4), Coordinate(latitude: 43.73, longitude: 7.4))
        for vehicle in [Vehicle.car, .van, .camper] {
            let outcome = router.route(from: start, to: end, fromName: "Village", toName: "Valley", options: RouteOptions(vehicle: vehicle))
            guard case .road(let leg) = outcome else { Issue.record("\(vehicle): \(outcome)"); continue }
            #expect(abs(leg.meters - 3_340) < 150, "\(vehicle): \(leg.meters) m")
        }
        #expect(RoadWay.Rules(tags: ["highway": "unclassified", "motor_vehicle": "no", "motorcar": "yes"])?.open.contains(Vehicle.van.transport) == true)
    }
}
