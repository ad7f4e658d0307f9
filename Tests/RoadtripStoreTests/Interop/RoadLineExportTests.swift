import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Exports with legs on roads (issue 23): the road's line instead of the straight one, as GPX route
/// points or a track, a GeoJSON LineString and a KML LineString; legs not on roads stay straight.
struct RoadLineExportTests {
    static let bend = [Fixtures.monterey, Coordinate(latitude: 36.45, longitude: -121.95), Coordinate(latitude: 36.35, longitude: -121.85), Fixtures.bigSur]
    static let legs = [LegFigures(meters: 45_000, seconds: 2_700, source: .road, line: bend),
                       LegFigures.estimated(geodesicMeters: 100_000, estimate: RouteEstimate(), reason: "no region covers Morro Bay")]

    @Test func theLineFollowsTheRoadThenGoesStraight() throws {
        let line = try #require(TripExport.routeLine(of: Fixtures.pacific, legs: Self.legs))
        #expect(line == Self.bend + [Fixtures.morroBay])
        #expect(TripExport.routeLine(of: Fixtures.pacific, legs: nil) == nil)
        #expect(TripExport.routeLine(of: Fixtures.pacific, legs: [Self.legs[1], Self.legs[1]]) == nil, "no leg on roads: the stops are the route")
    }

    @Test func gpxRoutePointsOrATrackAndBothValid() throws {
        let route = String(decoding: TripExport.data(for: Fixtures.pacific, format: .gpx, now: Date(timeIntervalSince1970: 0), creator: "t", legs: Self.legs), as: UTF8.self)
        #expect(route.components(separatedBy: "<rtept ").count - 1 == 5)
        #expect(route.contains(#"<rtept lat="36.4500000" lon="-121.9500000"/>"#))
        #expect(!route.contains("<trk>"))
        let track = String(decoding: TripExport.data(for: Fixtures.pacific, format: .gpx, now: Date(timeIntervalSince1970: 0), creator: "t",
                                                       legs: Self.legs, gpxRoad: .track), as: UTF8.self)
        #expect(track.components(separatedBy: "<rtept ").count - 1 == 3 && track.components(separatedBy: "<trkpt ").count - 1 == 5)
        for document in [route, track] {
            let directory = try TemporaryDirectory()
            let file = try directory.write(document, to: "trip.gpx")
            let (status, errors) = try GPXSchemaTests.xmllint(["--noout", "--schema", GPXSchemaTests.schema.path, file.path])
            #expect(status == 0, "xmllint: \(errors)")
        }
    }

    @Test func geoJSONAndKMLLines() throws {
        let geojson = try #require(try JSONSerialization.jsonObject(with: TripExport.data(for: Fixtures.pacific, format: .geojson, now: Date(), creator: "t", legs: Self.legs)) as? [String: Any])
        let features = try #require(geojson["features"] as? [[String: Any]])
        let line = try #require((features.last?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(line.count == 5 && line[1] == [-121.95, 36.45])
        let kml = String(decoding: TripExport.data(for: Fixtures.pacific, format: .kml, now: Date(), creator: "t", legs: Self.legs), as: UTF8.self)
        #expect(kml.contains("-121.9500000,36.4500000,0"))
    }
}
