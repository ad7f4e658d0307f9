import Foundation
@testable import IndexWriting
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// Each place's IANA time zone (GeoNames' `timezone`), stored in format version 3 so a stop can
/// show its local time.
@Suite struct GazetteerTimeZoneTests {
    struct Expected: CustomTestStringConvertible, Sendable {
        let query: String
        let name: String
        let zone: String

        var testDescription: String { query }
    }

    @Test(arguments: [
        Expected(query: "Portland, OR", name: "Portland", zone: "America/Los_Angeles"),
        Expected(query: "Denver, CO", name: "Denver", zone: "America/Denver"),
        Expected(query: "Phoenix, AZ", name: "Phoenix", zone: "America/Phoenix"),
        Expected(query: "Munich", name: "Munich", zone: "Europe/Berlin"),
        Expected(query: "Reykjavik", name: "Reykjavík", zone: "Atlantic/Reykjavik"),
        Expected(query: "Sydney, NSW", name: "Sydney", zone: "Australia/Sydney"),
    ])
    func searchResultsCarryTheirZone(_ expected: Expected) throws {
        let place = try #require(try RealGazetteer.get().search(expected.query, limit: 1).first)
        #expect(place.name == expected.name)
        #expect(place.timeZone == expected.zone)
        #expect(place.zone?.identifier == expected.zone)
    }

    /// Eastern Oregon along the Snake River keeps Mountain time with Boise (GeoNames gives Ontario,
    /// OR, America/Boise); Idaho's panhandle keeps Pacific time.
    @Test(arguments: [
        (Coordinate(latitude: 44.03, longitude: -116.96), "Ontario", "America/Boise"),
        (Coordinate(latitude: 43.62, longitude: -116.21), "Boise", "America/Boise"),
        (Coordinate(latitude: 47.68, longitude: -116.78), "Coeur d'Alene", "America/Los_Angeles"),
    ])
    func theNearestPlaceCarriesItsZone(_ point: Coordinate, _ name: String, _ zone: String) throws {
        let place = try #require(try RealGazetteer.get().nearest(to: point))
        #expect(place.name == name)
        #expect(place.timeZone == zone)
    }

    /// Every zone in the index is one this system's time zone database knows, so a stop's local
    /// time never silently falls back; the places without a zone are counted, not guessed.
    @Test func everyPlaceZoneResolvesOnThisSystem() throws {
        let tables = try RealGazetteer.get().tables
        var placesByZone: [String: Int] = [:]
        for place in 0..<tables.placeCount { placesByZone[tables.timeZone(ofPlace: place), default: 0] += 1 }
        let unresolved = placesByZone.keys.filter { !$0.isEmpty && TimeZone(identifier: $0) == nil }.sorted()
        #expect(unresolved.isEmpty, "\(unresolved.map { "\($0) (\(placesByZone[$0] ?? 0) places)" })")
        #expect(placesByZone["", default: 0] == 0)
        #expect(placesByZone.count > 300)
    }

    @Test func theZonesSectionHoldsEachZoneOnceSorted() throws {
        let tables = try RealGazetteer.get().tables
        let names = (0..<tables.zoneCount).map { tables.zones.string(at: $0 * GazetteerFormat.Zone.size, in: tables.strings) }
        #expect(names == Array(Set(names)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(!names.contains(""))
    }

    // MARK: A tiny index

    static let source = GazetteerSource(
        countries: [.init(code: "US", name: "United States"), .init(code: "DE", name: "Germany")],
        regions: [
            .init(countryCode: "US", code: "OR", name: "Oregon", shortCode: "OR"),
            .init(countryCode: "DE", code: "02", name: "Bavaria", shortCode: "02"),
        ],
        places: [
            .init(
                geonameID: 1, name: "Portland", latitude: 45.52345, longitude: -122.67621, countryCode: "US",
                admin1Code: "OR", population: 632_309, alternateNames: [], timeZone: "America/Los_Angeles"),
            .init(
                geonameID: 2, name: "Ontario", latitude: 44.02655, longitude: -116.96294, countryCode: "US",
                admin1Code: "OR", population: 11_366, alternateNames: [], timeZone: "America/Boise"),
            .init(
                geonameID: 3, name: "Bend", latitude: 44.05817, longitude: -121.31531, countryCode: "US",
                admin1Code: "OR", population: 87_014, alternateNames: [], timeZone: "America/Los_Angeles"),
            .init(
                geonameID: 4, name: "München", latitude: 48.13743, longitude: 11.57549, countryCode: "DE",
                admin1Code: "02", population: 1_260_391, alternateNames: [], timeZone: "Europe/Berlin"),
            .init(
                geonameID: 5, name: "Zoneless", latitude: 0, longitude: 0, countryCode: "US",
                admin1Code: "", population: 0, alternateNames: []),
        ]
    )

    private func tinyIndex() throws -> (Gazetteer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let file = directory.file("tiny.bin")
        try Data(GazetteerWriter.bytes(for: Self.source).bytes).write(to: file)
        return (try Gazetteer.load(from: file), directory)
    }

    @Test func zonesSurviveTheWriterAndTheReader() throws {
        let (gazetteer, _) = try tinyIndex()
        let zones = Dictionary(uniqueKeysWithValues: Self.source.places.map { ($0.name, $0.timeZone) })
        for name in zones.keys {
            let place = try #require(gazetteer.search(name, limit: 1).first)
            #expect(place.name == name)
            #expect(place.timeZone == zones[name])
        }
        #expect(gazetteer.nearest(to: Coordinate(latitude: 44.0, longitude: -117.0))?.timeZone == "America/Boise")
        #expect(gazetteer.nearest(to: Coordinate(latitude: 0.1, longitude: 0.1))?.zone == nil)
        // Three distinct zones stored once each, the unknown one not among them.
        #expect(gazetteer.tables.zoneCount == 3)
    }

    @Test func aPlaceWithoutAZoneHasNone() {
        let place = Place(
            name: "Somewhere", admin1: "", admin1Code: "", country: "", countryCode: "",
            coordinate: Coordinate(latitude: 0, longitude: 0), population: 0)
        #expect(place.timeZone == "")
        #expect(place.zone == nil)
    }

    /// An index written before time zones (version 2) is refused with the way to rebuild it,
    /// rather than read with every place's zone unknown.
    @Test func aVersion2IndexIsRefused() throws {
        let directory = try TemporaryDirectory()
        var bytes = try GazetteerWriter.bytes(for: Self.source).bytes
        bytes[8] = 2
        let file = directory.file("v2.bin")
        try Data(bytes).write(to: file)
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: file) }
        #expect(error == .wrongVersion(path: file.path, found: 2, expected: GazetteerFormat.version))
        #expect(error.description.contains("make data"))
    }
}
