import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct TripsFileImportTests {
    @Test func roadtripsOwnFileGivesEachTripBack() throws {
        let directory = try TemporaryDirectory()
        var coast = InteropFixtures.plain
        coast.settings.dailyLimitHours = 6
        let data = try TripFile(trips: [coast, InteropFixtures.tricky]).encoded()
        let trips = try TripImport.read(contentsOf: InteropFixtures.write(data, "backup.data", in: directory))
        #expect(trips.map(\.name) == [coast.name, InteropFixtures.tricky.name])
        #expect(trips[0].stops == coast.stops)
        #expect(trips[1].stops == InteropFixtures.tricky.stops)
    }

    @Test func theIOSAppsFileWithoutAVersionIsReadToo() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            """
            {"trips": [{"id": "7D3F6A56-3C5B-4A4B-9C1E-1A2B3C4D5E6F", "name": "iPhone trip", "waypoints": [
              {"id": "0E9A1B2C-3D4E-4F50-8172-93A4B5C6D7E8", "name": "Reykjavík", "location": {"latitude": 64.1466, "longitude": -21.9426}}]}]}
            """, to: "trips.json")
        let trips = try TripImport.read(contentsOf: file)
        #expect(trips.map(\.name) == ["iPhone trip"])
        #expect(trips.first?.stops.first?.location == Coordinate(latitude: 64.1466, longitude: -21.9426))
    }

    @Test func aBrokenTripsFileNamesTheFieldAndWhere() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"version": 1, "trips": [{"id": "7D3F6A56-3C5B-4A4B-9C1E-1A2B3C4D5E6F", "name": 5}]}"#, to: "trips.json")
        let error = try #require(throws: ImportError.self) { try TripImport.read(contentsOf: file) }
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("Cannot import \(file.path): line 1, column "))
        #expect(error.description.contains("trips[0].name"))
    }
}
