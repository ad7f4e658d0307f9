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

    @Test func gpxWritesLongitude180AsMinus180AndGeoJSONKeepsIt() throws {
        let directory = try TemporaryDirectory()
        let trip = Trip(name: "Date line", stops: [InteropFixtures.stop("East", 0, 180), InteropFixtures.stop("Here", 1, 179.9999999)])
        for (format, expected) in [(TripExportFormat.gpx, -180.0), (.geojson, 180)] {
            let file = try InteropFixtures.write(try TripExport.data(for: trip, format: format, now: .now, creator: "r"), "d.\(format.fileExtension)", in: directory)
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
