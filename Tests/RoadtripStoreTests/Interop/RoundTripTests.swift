import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Export then import gives the same stops back: names, notes, stays, night marks, and
/// coordinates within 1e-6°, in every format.
@Suite struct RoundTripTests {
    /// The formats that carry the stops; a calendar (.ics) carries the itinerary's events, and
    /// is not read back.
    static let formats = TripExportFormat.allCases.filter { $0 != .ics }
    static let trips = [InteropFixtures.tricky, InteropFixtures.plain, InteropFixtures.single]

    @Test(arguments: formats, trips.indices)
    func exportThenImportGivesTheSameStops(format: TripExportFormat, index: Int) throws {
        let trip = Self.trips[index]
        let directory = try TemporaryDirectory()
        let data = try TripExport.data(for: trip, format: format, now: InteropFixtures.now, creator: "roadtrip 0.1.0")
        let file = try InteropFixtures.write(data, "export.\(format.fileExtension)", in: directory)
        let imported = try TripImport.read(contentsOf: file)
        #expect(imported.count == 1)
        let first = try #require(imported.first)
        #expect(first.name == trip.name)
        #expect(first.notes.isEmpty)
        #expect(InteropFixtures.sameStops(first.stops, trip.stops), "\(first.stops.map(\.name)) \(first.stops.map(\.notes))")
    }

    /// Issue 56, item 10: roadtrip's own GPX carries the trip's settings (start date, vehicle,
    /// default stay, range, units…) and each stop's region and country, and gives them back.
    @Test func aGPXGivesBackTheSettingsAndTheRegions() throws {
        var trip = InteropFixtures.plain
        trip.settings = TripSettings(startDate: LocalDay(year: 2026, month: 7, day: 1), units: .mi)
        trip.settings.vehicle = .camper
        trip.settings.defaultStayHours = 1.5
        trip.settings.rangeKm = 420
        trip.settings.reservePercent = 20
        trip.stops[0].region = "Provence-Alpes-Côte d'Azur"
        trip.stops[0].country = "France & Co"
        let directory = try TemporaryDirectory()
        let data = try TripExport.data(for: trip, format: .gpx, now: InteropFixtures.now, creator: "roadtrip 0.1.0")
        let imported = try #require(try TripImport.read(contentsOf: try InteropFixtures.write(data, "settings.gpx", in: directory)).first)
        #expect(imported.settings == trip.settings && imported.notes.isEmpty)
        #expect(imported.stops[0].region == "Provence-Alpes-Côte d'Azur" && imported.stops[0].country == "France & Co")
        #expect(ImportedTrip.newTrips([imported], named: nil).first?.settings == trip.settings)
        // A file whose settings another program broke: the trip comes in with the defaults, and a note.
        let broken = String(decoding: data, as: UTF8.self).replacingOccurrences(of: #""rangeKm":420"#, with: #""rangeKm":"far""#)
        let again = try #require(try TripImport.read(contentsOf: try directory.write(broken, to: "broken.gpx")).first)
        #expect(
            again.settings == TripSettings() && again.notes.count == 1 && again.notes[0].hasPrefix("<roadtrip:settings> is not a trip's settings"),
            "\(again.notes)")
    }

    /// Issue 38: a trip on roads came back as a stop per point of the road (922 for a day in
    /// Liechtenstein), or with a second trip from the track. Both ways of writing the road give
    /// back the trip's stops and nothing else.
    @Test(arguments: TripExport.GPXRoad.allCases)
    func aGPXWithTheRoadGivesBackTheStopsAlone(road: TripExport.GPXRoad) throws {
        let directory = try TemporaryDirectory()
        let data = try TripExport.data(for: Self.onRoads, format: .gpx, now: InteropFixtures.now, creator: "roadtrip 0.1.0", legs: Self.roadLegs, gpxRoad: road)
        let imported = try TripImport.read(contentsOf: try InteropFixtures.write(data, "roads.gpx", in: directory))
        #expect(imported.count == 1 && imported.first?.notes == [])
        #expect(imported.first?.name == Self.onRoads.name)
        #expect(InteropFixtures.sameStops(imported.first?.stops ?? [], Self.onRoads.stops), "\(imported.map { $0.stops.map(\.name) })")
    }

    /// A file roadtrip wrote before the mark (its route: the stops named, the road's points between
    /// them unnamed) gives back the stops too: the route's named points.
    @Test func anEarlierRoadtripGPXWithoutTheMarkGivesBackTheStopsToo() throws {
        let directory = try TemporaryDirectory()
        let data = try TripExport.data(
            for: Self.onRoads, format: .gpx, now: InteropFixtures.now, creator: "roadtrip 0.1.0", legs: Self.roadLegs, gpxRoad: .route)
        let earlier = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "    <extensions>\n      <roadtrip:trip/>\n    </extensions>\n", with: "")
        #expect(!earlier.contains("roadtrip:trip"))
        let imported = try TripImport.read(contentsOf: try directory.write(earlier, to: "earlier.gpx"))
        #expect(imported.count == 1)
        #expect(InteropFixtures.sameStops(imported.first?.stops ?? [], Self.onRoads.stops), "\(imported.map { $0.stops.map(\.name) })")
    }

    /// Three stops with notes and a stay, and two legs on a winding road of 200 points each.
    static let onRoads = Trip(
        name: "Valleys",
        stops: [
            InteropFixtures.stop("Andorra la Vella", 42.5078, 1.5211, notes: "coffee\nat the square"),
            InteropFixtures.stop("Ordino", 42.5562, 1.5332, stay: .hours(2)),
            InteropFixtures.stop("Pas de la Casa", 42.5429, 1.7331, notes: "fuel", overnight: true),
        ])
    static let roadLegs = zip(onRoads.stops, onRoads.stops.dropFirst()).map { from, to in
        let line = (0...200).map { (step: Int) -> Coordinate in
            let t = Double(step) / 200
            return Coordinate(
                latitude: from.location.latitude + (to.location.latitude - from.location.latitude) * t + sin(t * 20) * 0.005 * (1 - t) * t,
                longitude: from.location.longitude + (to.location.longitude - from.location.longitude) * t)
        }
        return LegFigures(meters: 20_000, seconds: 1_500, source: .road, line: line)
    }

    @Test func gpxWritesLongitude180AsMinus180AndGeoJSONKeepsIt() throws {
        let directory = try TemporaryDirectory()
        let trip = Trip(name: "Date line", stops: [InteropFixtures.stop("East", 0, 180), InteropFixtures.stop("Here", 1, 179.9999999)])
        for (format, expected) in [(TripExportFormat.gpx, -180.0), (.geojson, 180)] {
            let file = try InteropFixtures.write(
                try TripExport.data(for: trip, format: format, now: .now, creator: "r"), "d.\(format.fileExtension)", in: directory)
            let stops = try #require(try TripImport.read(contentsOf: file).first).stops
            #expect(stops.first?.location.longitude == expected)
            #expect(abs((stops.last?.location.longitude ?? 0) - 179.9999999) < 1e-9)
        }
    }

    @Test func anEmptyTripRoundTripsToAnErrorThatSaysSo() throws {
        let directory = try TemporaryDirectory()
        let file = try InteropFixtures.write(try TripExport.data(for: InteropFixtures.empty, format: .gpx, now: .now, creator: "r"), "e.gpx", in: directory)
        #expect(throws: ImportError(path: file.path, reason: "the file has no routes, tracks or waypoints")) {
            try TripImport.read(contentsOf: file)
        }
    }
}
