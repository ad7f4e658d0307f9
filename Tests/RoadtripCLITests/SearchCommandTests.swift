import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing

/// What `search` prints of a place: issue 37's details, in the table and in --json.
@MainActor
@Suite struct SearchCommandTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    static let ionity = Place(
        name: "Ionity", admin1: "Lower Austria", admin1Code: "03", country: "Austria", countryCode: "AT",
        coordinate: Coordinate(latitude: 48.4, longitude: 15.6), population: 0, kind: .chargingStation, source: "krems",
        details: PlaceDetails(tags: [
            "operator": "Ionity", "socket:type2_combo": "4", "socket:type2_combo:output": "350 kW",
            "socket:chademo": "yes", "opening_hours": "24/7",
        ]))
    static let krems = Place(
        name: "Krems an der Donau", admin1: "Lower Austria", admin1Code: "03", country: "Austria", countryCode: "AT",
        coordinate: Coordinate(latitude: 48.41, longitude: 15.61), population: 24_000)

    @Test func theJSONHasEachPlacesDetailsOrNull() throws {
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(SearchCommand.json(for: [Self.ionity, Self.krems]).utf8)) as? [[String: Any]])
        #expect(entries[0]["kind"] as? String == "EV charging")
        let details = try #require(entries[0]["details"] as? [String: Any])
        #expect(Set(details.keys) == ["openingHours", "brand", "operator", "output", "sockets"])
        #expect(details["openingHours"] as? String == "24/7" && details["operator"] as? String == "Ionity" && details["brand"] is NSNull)
        let sockets = try #require(details["sockets"] as? [[String: Any]])
        #expect(sockets.map { $0["type"] as? String } == ["chademo", "type2_combo"] && sockets.map { $0["name"] as? String } == ["CHAdeMO", "CCS"])
        #expect(sockets[0]["count"] is NSNull && sockets[1]["count"] as? Int == 4 && sockets[1]["output"] as? String == "350 kW")
        #expect(entries[1]["details"] is NSNull)
    }

    /// Issue 38, item 9: the region column as the stop list and `show` write it, in the table and
    /// in the JSON; the country's name where the region is not known.
    @Test func theRegionReadsAsInTheStopList() throws {
        let andorra = Place(
            name: "Andorra", admin1: "", admin1Code: "", country: "Andorra", countryCode: "AD",
            coordinate: Coordinate(latitude: 42.55, longitude: 1.58), population: 0, kind: .physicalFeature)
        let rows = SearchCommand.table(for: [Self.krems, andorra]).split(separator: "\n")
        #expect(rows[0].contains("  Lower Austria, AT  ") && rows[1].contains("  Andorra  "), "\(rows)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(SearchCommand.json(for: [Self.krems, andorra]).utf8)) as? [[String: Any]])
        #expect(entries.map { $0["regionLabel"] as? String } == ["Lower Austria, AT", "Andorra"])
    }

    @Test func theTableShowsTheDetailsLast() {
        let rows = SearchCommand.table(for: [Self.ionity, Self.krems]).split(separator: "\n")
        #expect(rows[0].hasPrefix("Ionity ") && rows[0].contains("EV charging") && rows[0].hasSuffix("krems  CHAdeMO, 4× CCS (350 kW) · 24/7"), "\(rows[0])")
        #expect(rows[1].hasSuffix("24,000"), "\(rows[1])")
    }
}
