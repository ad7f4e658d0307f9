import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

@Suite struct GeoJSONExportTests {
    static func object(_ trip: Trip) throws -> [String: Any] {
        let data = try TripExport.data(for: trip, format: .geojson, now: InteropFixtures.now, creator: "roadtrip")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aFeatureCollectionOfOnePointPerStopThenTheRouteLine() throws {
        let root = try Self.object(InteropFixtures.plain)
        #expect(root["type"] as? String == "FeatureCollection")
        #expect(root["name"] as? String == "Pacific Coast Drive")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 4)
        #expect(features.allSatisfy { $0["type"] as? String == "Feature" })
        let geometries = features.compactMap { $0["geometry"] as? [String: Any] }
        #expect(geometries.map { $0["type"] as? String } == ["Point", "Point", "Point", "LineString"])
        // [longitude, latitude], RFC 7946 §3.1.1.
        #expect(geometries[0]["coordinates"] as? [Double] == [-121.8947, 36.6002])
        #expect(geometries[3]["coordinates"] as? [[Double]] == [[-121.8947, 36.6002], [-121.9233, 36.5552], [-121.8081, 36.2704]])
        #expect(features[3]["properties"] as? [String: String] == ["name": "Pacific Coast Drive"])
    }

    @Test func stopPropertiesHoldNameIndexAndOnlyTheNotesAndStaysThatAreSet() throws {
        let features = try #require(try Self.object(InteropFixtures.tricky)["features"] as? [[String: Any]])
        let first = try #require(features[0]["properties"] as? [String: Any])
        #expect(first["name"] as? String == "Ben & Jerry's <HQ>")
        #expect(first["notes"] as? String == "Ice \"cream\"\nsecond line\r\nthird")
        #expect(first["index"] as? Int == 1)
        #expect(first["stayHours"] as? Double == 1.5)
        #expect(first["overnight"] == nil && first["stayNights"] == nil)
        let second = try #require(features[1]["properties"] as? [String: Any])
        #expect(second["stayNights"] as? Int == 2 && second["overnight"] as? Bool == true && second["index"] as? Int == 2)
        let fourth = try #require(features[3]["properties"] as? [String: Any])
        #expect(Set(fourth.keys) == ["name", "index"])
    }

    @Test func tripsWithFewerThanTwoStopsHaveNoLine() throws {
        #expect((try Self.object(InteropFixtures.empty)["features"] as? [Any])?.isEmpty == true)
        let features = try #require(try Self.object(InteropFixtures.single)["features"] as? [[String: Any]])
        #expect(features.count == 1)
    }

    @Test func theOutputIsDeterministicWithSortedKeys() throws {
        let data = try TripExport.data(for: InteropFixtures.tricky, format: .geojson, now: .now, creator: "a")
        let again = try TripExport.data(for: InteropFixtures.tricky, format: .geojson, now: .distantPast, creator: "b")
        #expect(data == again)
        let text = String(decoding: data, as: UTF8.self)
        let features = try #require(text.range(of: "\"features\"")), name = try #require(text.range(of: "\"name\""))
        #expect(features.lowerBound < name.lowerBound)
    }
}
