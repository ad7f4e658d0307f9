import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Exports with legs on roads (issue 23): the road's line instead of the straight one, as GPX route
/// points or a track, a GeoJSON LineString and a KML LineString; legs not on roads stay straight.
struct RoadLineExportTests {
    static let bend = [Fixtures.monterey, Coordinate(latitude: 36.45, longitude: -121.95), Coordinate(latitude: 36.35, longitude: -121.85), Fixtures.bigSur]
    static let legs = [
        LegFigures(meters: 45_000, seconds: 2_700, source: .road, line: bend),
        LegFigures.estimated(geodesicMeters: 100_000, estimate: RouteEstimate(), reason: "no region covers Morro Bay"),
    ]

    @Test func theLineFollowsTheRoadThenGoesStraight() throws {
        let line = try #require(TripExport.routeLine(of: Fixtures.pacific, legs: Self.legs))
        #expect(line == Self.bend + [Fixtures.morroBay])
        #expect(TripExport.routeLine(of: Fixtures.pacific, legs: nil) == nil)
        #expect(TripExport.routeLine(of: Fixtures.pacific, legs: [Self.legs[1], Self.legs[1]]) == nil, "no leg on roads: the stops are the route")
    }

    /// Issue 38: the road is a track by default (apps draw it; the route holds the stops alone, which
    /// devices navigate between), or the route's points between the stops with `.route`.
    @Test func gpxATrackOrRoutePointsAndBothValid() throws {
        let track = String(
            decoding: try TripExport.data(for: Fixtures.pacific, format: .gpx, now: Date(timeIntervalSince1970: 0), creator: "t", legs: Self.legs),
            as: UTF8.self)
        #expect(track.components(separatedBy: "<rtept ").count - 1 == 3 && track.components(separatedBy: "<trkpt ").count - 1 == 5)
        #expect(track.contains(#"<trkpt lat="36.4500000" lon="-121.9500000"/>"#))
        let route = String(
            decoding: try TripExport.data(
                for: Fixtures.pacific, format: .gpx, now: Date(timeIntervalSince1970: 0), creator: "t",
                legs: Self.legs, gpxRoad: .route), as: UTF8.self)
        #expect(route.components(separatedBy: "<rtept ").count - 1 == 5)
        #expect(route.contains(#"<rtept lat="36.4500000" lon="-121.9500000"/>"#))
        #expect(!route.contains("<trk>"))
        for document in [route, track] {
            let directory = try TemporaryDirectory()
            let file = try directory.write(document, to: "trip.gpx")
            let (status, errors) = try GPXSchemaTests.xmllint(["--noout", "--schema", GPXSchemaTests.schema.path, file.path])
            #expect(status == 0, "xmllint: \(errors)")
        }
    }

    @Test func geoJSONAndKMLLines() throws {
        let geojson = try #require(
            try JSONSerialization.jsonObject(with: try TripExport.data(for: Fixtures.pacific, format: .geojson, now: Date(), creator: "t", legs: Self.legs))
                as? [String: Any])
        let features = try #require(geojson["features"] as? [[String: Any]])
        let line = try #require((features.last?["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(line.count == 5 && line[1] == [-121.95, 36.45])
        let kml = String(decoding: try TripExport.data(for: Fixtures.pacific, format: .kml, now: Date(), creator: "t", legs: Self.legs), as: UTF8.self)
        #expect(kml.contains("-121.9500000,36.4500000,0"))
    }

    /// Issue 34: a cached road of `95,400 nan,nan -91,-181 inf,inf` gave GPX and KML with those
    /// numbers (the GPX failed its schema). A leg whose figures no drive has is drawn straight.
    @Test func aRoadOffTheEarthIsDrawnStraightAndEveryDocumentStaysValid() throws {
        let off = [
            Coordinate(latitude: 95, longitude: 400), Coordinate(latitude: .nan, longitude: .nan),
            Coordinate(latitude: -91, longitude: -181), Coordinate(latitude: .infinity, longitude: .infinity),
        ]
        let legs = [
            LegFigures(meters: 45_000, seconds: 2_700, source: .road, line: off), LegFigures(meters: 1e308, seconds: 1_000, source: .road, line: Self.bend),
        ]
        #expect(TripExport.routeLine(of: Fixtures.pacific, legs: legs) == nil, "no leg a drive can have: the stops are the route")
        for format in [TripExportFormat.gpx, .kml] {
            let text = String(
                decoding: try TripExport.data(for: Fixtures.pacific, format: format, now: Date(timeIntervalSince1970: 0), creator: "t", legs: legs),
                as: UTF8.self)
            #expect(!text.contains("nan") && !text.contains("inf") && !text.contains("95.0000000") && !text.contains("400.0000000"), "\(format): \(text)")
        }
        let geojson =
            try JSONSerialization.jsonObject(with: try TripExport.data(for: Fixtures.pacific, format: .geojson, now: Date(), creator: "t", legs: legs))
            as? [String: Any]
        let line = (geojson?["features"] as? [[String: Any]])?.last.flatMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] }
        #expect(line == Fixtures.pacific.stops.map { [$0.location.longitude, $0.location.latitude] })
        let gpx = try TripExport.data(for: Fixtures.pacific, format: .gpx, now: Date(timeIntervalSince1970: 0), creator: "t", legs: [legs[0], Self.legs[1]])
        let directory = try TemporaryDirectory()
        let (status, errors) = try GPXSchemaTests.xmllint([
            "--noout", "--schema", GPXSchemaTests.schema.path, try directory.write(String(decoding: gpx, as: UTF8.self), to: "t.gpx").path,
        ])
        #expect(status == 0, "xmllint: \(errors)")
    }

    /// Issue 34: `export -o a.geojson` wrote one byte, said "Wrote", exited 0; with --force it
    /// would have replaced a good file. A document that cannot be valid is a sentence, and no file.
    @Test func aDocumentThatCannotBeValidIsASentenceNotAFile() throws {
        var trip = Fixtures.pacific
        trip.stops[1].stay = .hours(.nan)
        let failure = #expect(throws: ExportFile.Failure.self) { try TripExport.data(for: trip, format: .geojson, now: Date(), creator: "t") }
        #expect(
            failure?.description.hasPrefix("Cannot write “\(trip.name)” as GeoJSON: Unable to encode Double.nan directly in JSON") == true,
            "\(failure?.description ?? "")")
        trip.stops[1].stay = nil
        trip.stops[1].location = Coordinate(latitude: 95, longitude: 400)
        for format in TripExportFormat.allCases {
            let failure = #expect(throws: ExportFile.Failure.self) { try TripExport.data(for: trip, format: format, now: Date(), creator: "t") }
            #expect(
                failure?.description == "Cannot write “\(trip.name)” as \(format.title): the stop “\(trip.stops[1].name)” is not on the Earth (95.0, 400.0).")
        }
    }
}
