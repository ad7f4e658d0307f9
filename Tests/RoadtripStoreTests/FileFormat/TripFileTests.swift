import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct TripFileTests {
    @Test func readsTheIOSAppFormat() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(Fixtures.iOSFile.utf8))
        #expect(file.version == 1)
        #expect(file.trips.count == 1)
        #expect(file.trips[0].id == UUID(uuidString: "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01"))
        #expect(file.trips[0].name == "Pacific Drive")
        #expect(file.trips[0].stops[0].name == "Monterey")
        #expect(file.trips[0].stops[0].location == Fixtures.monterey)
    }

    @Test func readsAFileWithoutVersionAsVersionOne() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(#"{"trips": []}"#.utf8))
        #expect(file.version == 1)
    }

    @Test func roundTripsTrips() throws {
        let original = TripFile(trips: Fixtures.trips)
        let decoded = try JSONDecoder().decode(TripFile.self, from: try original.encoded())
        #expect(decoded == original)
    }

    @Test func sameTripsGiveTheSameBytes() throws {
        let first = try TripFile(trips: Fixtures.trips).encoded()
        let second = try TripFile(trips: Fixtures.trips).encoded()
        #expect(first == second)
        let decodedAndEncodedAgain = try JSONDecoder().decode(TripFile.self, from: first).encoded()
        #expect(decodedAndEncodedAgain == first)
    }

    @Test func writesSortedPrettyPrintedKeys() throws {
        let text = String(decoding: try TripFile(trips: [Fixtures.pacific]).encoded(), as: UTF8.self)
        #expect(text.hasPrefix("{\n"))
        #expect(text.hasSuffix("}\n"))
        let trips = try #require(text.range(of: "\"trips\""))
        let version = try #require(text.range(of: "\"version\""))
        #expect(trips.lowerBound < version.lowerBound)
        let id = try #require(text.range(of: "\"id\""))
        let name = try #require(text.range(of: "\"name\""))
        #expect(id.lowerBound < name.lowerBound)
    }

    @Test func keepsFieldsWrittenByANewerVersion() throws {
        let text = """
            {"version": 1, "sync": {"device": "phone"},
             "trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "color": "teal",
                        "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "stay": 2,
                                       "location": {"latitude": 1.5, "longitude": 2.5, "altitude": 10}}]}]}
            """
        let file = try JSONDecoder().decode(TripFile.self, from: Data(text.utf8))
        let reencoded = try JSONSerialization.jsonObject(with: try file.encoded()) as? [String: Any]
        let root = try #require(reencoded)
        #expect((root["sync"] as? [String: Any])?["device"] as? String == "phone")
        let trip = try #require((root["trips"] as? [[String: Any]])?.first)
        #expect(trip["color"] as? String == "teal")
        let stop = try #require((trip["waypoints"] as? [[String: Any]])?.first)
        #expect(stop["stay"] as? Double == 2)
    }

    @Test func refusesCoordinatesOutOfRange() {
        let text = #"{"latitude": 91, "longitude": 0}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data(text.utf8)) }
        let longitude = #"{"latitude": 0, "longitude": -180.5}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data(longitude.utf8)) }
    }

    @Test func aTripWithoutWaypointsFieldHasNoStops() throws {
        let text = #"{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Bare"}"#
        let trip = try JSONDecoder().decode(Trip.self, from: Data(text.utf8))
        #expect(trip.stops.isEmpty)
    }

    // MARK: Fields this version does not know

    /// A file a newer roadtrip might write: unknown fields at every level, numbers no Double holds.
    static let fileWithUnknownFields = """
        {"version": 1, "syncedBy": {"device": "tablet", "counter": 12345678901234567890},
         "trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Pacific Drive", "colour": "teal",
           "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "Monterey", "arrival": null,
             "location": {"latitude": 36.6002, "longitude": -121.8947, "altitude": 12.5,
                          "osm": {"id": 98765432109876543210, "tags": ["town", true, -0.000001, 1e200]}}}]}]}
        """

    /// The unknown values, as JSONSerialization reads them (compared with NSArray's equality,
    /// which compares numbers by value).
    private static func unknownValues(_ data: Data) throws -> NSArray {
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let trip = (object["trips"] as! [[String: Any]])[0]
        let stop = (trip["waypoints"] as! [[String: Any]])[0]
        let location = stop["location"] as! [String: Any]
        return [object["syncedBy"]!, trip["colour"]!, stop["arrival"]!, location["altitude"]!, location["osm"]!] as NSArray
    }

    @Test func unknownFieldsAtEveryLevelSurviveASave() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(Self.fileWithUnknownFields.utf8))
        let saved = try file.encoded()
        let text = String(decoding: saved, as: UTF8.self)
        #expect(text.contains("\"altitude\" : 12.5"))
        #expect(text.contains("\"colour\" : \"teal\""))
        #expect(text.contains("\"arrival\" : null"))
        #expect(try Self.unknownValues(saved).isEqual(try Self.unknownValues(Data(Self.fileWithUnknownFields.utf8))))
        #expect(try JSONDecoder().decode(TripFile.self, from: saved).encoded() == saved)
    }

    @Test func largeIntegersKeepEveryDigit() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(Self.fileWithUnknownFields.utf8))
        let text = String(decoding: try file.encoded(), as: UTF8.self)
        #expect(text.contains("\"counter\" : 12345678901234567890"))
        #expect(text.contains("98765432109876543210"))
        #expect(!text.contains("e+19") && !text.contains("e+20,") && !text.contains("e+20\n"))
        #expect(text.contains("-0.000001"))
        #expect(text.contains("1e+200"))
    }

    @Test func movingAStopDropsWhatDescribedItsOldPoint() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(Self.fileWithUnknownFields.utf8))
        var stop = file.trips[0].stops[0]
        stop.name = "Monterey harbour"
        #expect(String(decoding: try JSONEncoder().encode(stop), as: UTF8.self).contains("altitude"))
        stop.location = Coordinate(latitude: 35.3659, longitude: -120.8497)
        #expect(!String(decoding: try JSONEncoder().encode(stop), as: UTF8.self).contains("altitude"))
    }
}
