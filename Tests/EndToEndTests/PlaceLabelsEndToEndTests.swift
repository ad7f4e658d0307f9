import Foundation
import Testing
import RoadtripTestSupport

/// Issue 38, items 5 and 9, where the user met them: a stop typed as coordinates named by what is
/// near it and in its own region, and a place's region written the same way in the stop list,
/// `show`, `search` and their JSON.
@Suite("Place labels, end to end")
struct PlaceLabelsEndToEndTests {
    typealias Regions = RegionFixture

    static let stovepipeWells = "36.6064, -117.1456"

    /// The first stop of `show TRIP --json`.
    static func firstStop(of trip: String, in directory: TemporaryDirectory) throws -> [String: Any] {
        let stops = try #require(try Regions.object(["show", trip, "--json"], in: directory)["waypoints"] as? [[String: Any]])
        return try #require(stops.first)
    }

    @Test("Stovepipe Wells typed as coordinates is 48 km SW of Beatty, Nevada, and in California; with the Beatty region, 43 km from Rhyolite")
    func stovepipeWellsIsInCalifornia() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try Regions.roadtrip(["new", "Death Valley", Self.stovepipeWells, "Beatty"], in: directory)
        #expect(
            made.status == 0 && made.standardOutput.hasPrefix("Created “Death Valley”: 48 km SW of Beatty, NV → Beatty"),
            "\(CommandLineEndToEndTests.describe(made))")
        let stop = try Self.firstStop(of: "Death Valley", in: directory)
        #expect(stop["name"] as? String == "48 km SW of Beatty, NV")
        #expect(
            stop["region"] as? String == "California" && stop["country"] as? String == "United States" && stop["regionLabel"] as? String == "California, US",
            "\(stop)")
        let shown = try Regions.roadtrip(["show", "Death Valley"], in: directory).standardOutput
        #expect(shown.contains("1.  48 km SW of Beatty, NV  California, US ") && shown.contains("2.  Beatty                  Nevada, US "), "\(shown)")

        // The region's places name the point too: the nearest settlement of any index.
        #expect(try Regions.roadtrip(["region", "add", Regions.fixture("beatty.osm")], in: directory).status == 0)
        let again = try Regions.roadtrip(["new", "--force", "Death Valley 2", Self.stovepipeWells], in: directory)
        #expect(again.status == 0, "\(CommandLineEndToEndTests.describe(again))")
        let regional = try Self.firstStop(of: "Death Valley 2", in: directory)
        #expect(regional["name"] as? String == "43 km SW of Rhyolite, NV" && regional["region"] as? String == "California", "\(regional)")
    }

    @Test("An Andorra trip: each stop's region reads the same in show, show --json, search, search --json and the planner's stop list")
    func oneLabelEverywhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let places = ["Andorra la Vella", "Ordino", "Engolasters", "42.5456, 1.5160"]
        try Regions.andorra(trip: "Parishes", places, in: directory)
        let expected = ["Andorra la Vella, AD", "Ordino, AD", "Escaldes-Engordany, AD", "La Massana, AD"]
        let stops = try #require(try Regions.object(["show", "Parishes", "--json"], in: directory)["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["regionLabel"] as? String } == expected)
        let shown = try Regions.roadtrip(["show", "Parishes"], in: directory).standardOutput.components(separatedBy: "\n")
        for (number, label) in expected.enumerated() {
            #expect(shown.contains { $0.hasPrefix("\(number + 1).") && $0.contains("  \(label)  ") }, "\(label): \(shown)")
        }
        // The places by name, as search finds them first.
        for (place, label) in zip(places.prefix(3), expected) {
            let table = try Regions.roadtrip(["search", place, "--limit", "1"], in: directory).standardOutput
            #expect(table.hasPrefix(place) && table.contains("  \(label)  "), "\(table)")
            let found = try Regions.roadtrip(["search", place, "--limit", "1", "--json"], in: directory).standardOutput
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(found.utf8)) as? [[String: Any]])
            #expect(entries.first?["regionLabel"] as? String == label, "\(entries)")
        }
        // The planner, where "Ordino, Andorra" once sat under "Andorra la Vella, AD".
        let session = try await Regions.planner(openingTrip: "Parishes", width: 115, height: 16, in: directory)
        defer { session.close() }
        let screen = try await session.waitUntil("the four stops") { $0.contains("Total distance:") && $0.contains("4.  near la Massana") }
        let rows = screen.components(separatedBy: "\n")
        for (number, label) in expected.enumerated() {
            #expect(rows.contains { $0.hasPrefix("  \(number + 1).") && $0.contains("  \(label)  ") }, "\(label): \(session.framed(screen))")
        }
    }
}
