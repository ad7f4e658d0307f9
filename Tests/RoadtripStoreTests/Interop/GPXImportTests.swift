import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct GPXImportTests {
    static func read(_ text: String, name: String = "trip.gpx") throws -> [ImportedTrip] {
        let directory = try TemporaryDirectory()
        return try TripImport.read(contentsOf: directory.write(text, to: name))
    }

    static func gpx11(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">"# + body + "</gpx>"
    }

    @Test func eachRouteIsATripAndWaypointsBesideARouteAreLeftAlone() throws {
        let trips = try Self.read(
            Self.gpx11(
                """
                <metadata><name>File name</name></metadata>
                <wpt lat="1" lon="1"><name>Loose</name></wpt>
                <rte><name>Coast</name>
                  <rtept lat="36.6002" lon="-121.8947"><name>Monterey</name><desc>Aquarium</desc></rtept>
                  <rtept lat="36.2704" lon="-121.8081"><cmt>No name here</cmt></rtept>
                </rte>
                <rte><rtept lat="10" lon="20"><name>A</name><cmt>a comment</cmt><desc>the description</desc></rtept></rte>
                """))
        #expect(trips.map(\.name) == ["Coast", "File name"])
        #expect(trips[0].stops.map(\.name) == ["Monterey", "Point 2"])
        #expect(trips[0].stops.map(\.notes) == ["Aquarium", "No name here"])
        #expect(trips[0].stops[1].location == Coordinate(latitude: 36.2704, longitude: -121.8081))
        #expect(trips[1].stops.map(\.notes) == ["the description"])
    }

    @Test func waypointsAloneAreOneTripNamedAfterTheFileWhenNothingElseNamesIt() throws {
        let trips = try Self.read(Self.gpx11(#"<wpt lat="1.5" lon="2.5"><name>One</name></wpt><wpt lat="3" lon="4"/>"#), name: "Summer 2026.gpx")
        #expect(trips.map(\.name) == ["Summer 2026"])
        #expect(trips.first?.stops.map(\.name) == ["One", "Point 2"])
    }

    @Test func roadtripsExtensionsAreReadAndOtherProgramsAreIgnored() throws {
        let trips = try Self.read(
            """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" xmlns:rt="https://roadtrip.invalid/gpx/1" xmlns:g="urn:other">
            <rte><rtept lat="1" lon="2"><name>A</name><extensions><g:name>Not the name</g:name><rt:stayHours>2.5</rt:stayHours><rt:overnight>true</rt:overnight></extensions></rtept>
            <rtept lat="1" lon="3"><name>B</name><extensions><rt:stayNights>3</rt:stayNights></extensions></rtept></rte></gpx>
            """)
        let stops = try #require(trips.first).stops
        #expect(stops.map(\.name) == ["A", "B"])
        #expect(stops.map(\.stay) == [.hours(2.5), .nights(3)])
        #expect(stops.map(\.overnight) == [true, false])
    }

    @Test func gpx10FilesImportToo() throws {
        let trips = try Self.read(
            """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="old" xmlns="http://www.topografix.com/GPX/1/0">
              <name>Old file</name>
              <rte><rtept lat="45.5" lon="-122.6"><name>Portland</name></rtept><rtept lat="46.2" lon="-123.8"><name>Astoria</name></rtept></rte>
              <trk><name>Drive</name><trkseg><trkpt lat="45.5" lon="-122.6"/><trkpt lat="45.9" lon="-123.2"/></trkseg></trk>
            </gpx>
            """)
        #expect(trips.map(\.name) == ["Old file", "Drive"])
        #expect(trips[0].stops.map(\.name) == ["Portland", "Astoria"])
        #expect(trips[1].stops.count == 2)
    }

    @Test func aShortTrackIsKeptWholeWithItsPointsNamedByDistance() throws {
        let points = (0...20).map { #"<trkpt lat="0" lon="\#(Double($0) * 0.005)"/>"# }.joined()
        let trips = try Self.read(Self.gpx11("<trk><name>Walk</name><trkseg>\(points)</trkseg></trk>"))
        let trip = try #require(trips.first)
        #expect(trip.name == "Walk" && trip.stops.count == 21 && trip.notes.isEmpty)
        #expect(trip.stops.first?.name == "Track km 0.0")
        #expect(trip.stops.last?.name == "Track km 11.1") // under 20 km: tenths
    }

    @Test func aLongTrackIsReducedToAFewDozenStopsKeepingItsNamedPointsAndEnds() throws {
        // A winding 2,000-point track over about 900 km, with two named points along it.
        // Types spelled out: inferred, this took the type checker 5 s.
        let points: [String] = (0..<2000).map { (index: Int) -> String in
            let longitude: Double = -120 + Double(index) * 0.005
            let latitude: Double = 40 + sin(Double(index) / 60) * 0.5
            let names: [Int: String] = [777: "<name>Lunch</name><desc>the diner</desc>", 1500: "<name>Motel</name>"]
            return "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">" + (names[index] ?? "") + "</trkpt>"
        }
        let trips = try Self.read(
            Self.gpx11("<trk><name>Long drive</name><trkseg>\(points[..<1000].joined())</trkseg><trkseg>\(points[1000...].joined())</trkseg></trk>"))
        let trip = try #require(trips.first)
        #expect((10...60).contains(trip.stops.count), "\(trip.stops.count) stops")
        #expect(trip.notes == ["a track of 2,000 points became \(trip.stops.count) stops"])
        #expect(trip.stops.contains { $0.name == "Lunch" && $0.notes == "the diner" })
        #expect(trip.stops.contains { $0.name == "Motel" })
        #expect(trip.stops.first?.name == "Track km 0")
        #expect(trip.stops.first?.location.longitude == -120)
        let lastLongitude: Double = -120 + 1999 * 0.005
        let last: Double = trip.stops.last?.location.longitude ?? 0
        #expect(abs(last - lastLongitude) < 1e-9)
    }
    /// Issue 38: roadtrip's own file (`<roadtrip:trip/>` in its metadata) gives back its waypoints,
    /// the trip's stops, and passes over the route and track, the road between them: once gave a
    /// trip of 922 stops from the route's points, or a second trip from the track.
    @Test func aRoadtripFileGivesBackItsWaypointsAsTheStopsAndPassesOverItsRouteAndTrack() throws {
        let trips = try Self.read(
            """
            <gpx version="1.1" creator="roadtrip 0.1.0" xmlns="http://www.topografix.com/GPX/1/1" xmlns:roadtrip="https://roadtrip.invalid/gpx/1">
            <metadata><name>Tour</name><extensions><roadtrip:trip/></extensions></metadata>
            <wpt lat="42.5078" lon="1.5211"><name>Start</name><desc>coffee</desc></wpt>
            <wpt lat="42.5562" lon="1.5332"><name>Ordino</name><extensions><roadtrip:stayNights>2</roadtrip:stayNights></extensions></wpt>
            <rte><name>Tour</name><rtept lat="42.5078" lon="1.5211"><name>Start</name></rtept><rtept lat="42.52" lon="1.52"/>
            <rtept lat="42.5562" lon="1.5332"><name>Ordino</name></rtept></rte>
            <trk><name>Tour</name><trkseg><trkpt lat="42.5078" lon="1.5211"/><trkpt lat="42.52" lon="1.52"/><trkpt lat="42.5562" lon="1.5332"/></trkseg></trk>
            </gpx>
            """)
        #expect(trips.count == 1)
        let trip = try #require(trips.first)
        #expect(trip.name == "Tour" && trip.notes.isEmpty)
        #expect(trip.stops.map(\.name) == ["Start", "Ordino"])
        #expect(trip.stops.map(\.notes) == ["coffee", nil])
        #expect(trip.stops.map(\.stay) == [nil, .nights(2)])
    }

    /// The mark counts only where roadtrip writes it: in the metadata's extensions, in its namespace.
    @Test func aMarkElsewhereOrInAnotherNamespaceIsNoMark() throws {
        for mark in [#"<wpt lat="0" lon="0"><extensions><roadtrip:trip/></extensions></wpt>"#, #"<metadata><extensions><other:trip/></extensions></metadata>"#]
        {
            let trips = try Self.read(
                """
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" xmlns:roadtrip="https://roadtrip.invalid/gpx/1" xmlns:other="urn:other">
                \(mark)<wpt lat="1" lon="1"><name>Loose</name></wpt><rte><rtept lat="2" lon="2"><name>A</name></rtept></rte></gpx>
                """)
            #expect(trips.map { $0.stops.map(\.name) } == [["A"]], "\(mark)")
        }
    }

    /// 412 route points with no names, as a route planner gives the road's shape: a few stops
    /// along it, as a track is reduced, and a sentence that says so.
    @Test func aLongRouteOfUnnamedPointsBecomesAFewStopsAlongIt() throws {
        let points = (0..<412).map { (index: Int) -> String in
            #"<rtept lat="\#(40 + sin(Double(index) / 30) * 0.2)" lon="\#(-120 + Double(index) * 0.002)"/>"#
        }
        let trip = try #require(try Self.read(Self.gpx11("<rte><name>Planned</name>\(points.joined())</rte>")).first)
        #expect((10...60).contains(trip.stops.count), "\(trip.stops.count) stops")
        #expect(trip.notes == ["a route of 412 unnamed points became \(trip.stops.count) stops along it"])
        #expect(trip.stops.first?.name == "Route km 0" && trip.stops.first?.location.longitude == -120)
        #expect(trip.stops.last?.name.hasPrefix("Route km ") == true)
    }

    /// A long route that names some of its points (the stops, the others the road between them,
    /// as roadtrip wrote its routes before the mark): the named points, and its ends.
    @Test func aLongRouteThatNamesSomePointsGivesThoseAndItsEnds() throws {
        func route(naming names: [Int: String]) -> String {
            let points = (0..<745).map { (index: Int) -> String in
                #"<rtept lat="40" lon="\#(-120 + Double(index) * 0.002)">"# + (names[index] ?? "") + "</rtept>"
            }
            return Self.gpx11("<rte>\(points.joined())</rte>")
        }
        let trip = try #require(
            try Self.read(route(naming: [100: "<name>Lunch</name><desc>the diner</desc>", 300: "<name>Motel</name>", 600: "<name>Lake</name>"])).first)
        #expect(trip.stops.map(\.name) == ["Route km 0", "Lunch", "Motel", "Lake", "Route km 127"])
        #expect(trip.stops[1].notes == "the diner")
        #expect(trip.notes == ["a route of 745 points, 742 of them unnamed, became 5 stops: its named points and its ends"])
        // Named ends are stops already: the sentence says no more.
        let ends = try #require(try Self.read(route(naming: [0: "<name>A</name>", 744: "<name>B</name>"])).first)
        #expect(ends.stops.map(\.name) == ["A", "B"] && ends.notes == ["a route of 745 points, 743 of them unnamed, became 2 stops: its named points"])
    }
}
