import Foundation
import Testing
import RoadtripTestSupport

/// `roadtrip search` and `roadtrip new` run as commands.
@Suite("search and new, end to end")
struct SearchCommandEndToEndTests {
    @Test("search --json gives the SPEC fields, with the kind and source of each, best first")
    func searchJSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["search", "Portland, OR", "--limit", "3", "--json"], in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect((1...3).contains(entries.count))
        #expect(
            Set(entries[0].keys) == [
                "name", "label", "kind", "region", "admin1", "regionLabel", "country", "countryCode", "latitude", "longitude",
                "population", "elevation", "source", "details",
            ])
        #expect(entries[0]["details"] is NSNull)
        #expect(entries[0]["kind"] as? String == "city")
        #expect(entries[0]["source"] as? String == "builtin")
        #expect(entries[0]["elevation"] is NSNull)
        #expect(entries[0]["name"] as? String == "Portland")
        #expect(entries[0]["admin1"] as? String == "Oregon")
        #expect(entries[0]["region"] as? String == "Oregon")
        #expect(entries[0]["regionLabel"] as? String == "Oregon, US")
        #expect(entries[0]["countryCode"] as? String == "US")
        #expect((entries[0]["population"] as? Int).map { $0 > 500_000 } == true)
        // search needs no data file.
        #expect(!FileManager.default.fileExists(atPath: directory.dataFile.path))
    }

    @Test("two places of one name are told apart by their regions, in the table and in --json")
    func searchSameNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = try CommandLineEndToEndTests.roadtrip(["search", "Fort William", "--limit", "5"], in: directory)
        #expect(text.status == 0, "\(CommandLineEndToEndTests.describe(text))")
        let rows = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Fort William ") }
        #expect(rows.contains { $0.contains("Scotland, GB") }, "\(text.standardOutput)")
        #expect(rows.contains { $0.contains("Newfoundland and Labrador, CA") }, "\(text.standardOutput)")

        let json = try CommandLineEndToEndTests.roadtrip(["search", "Fort William", "--limit", "5", "--json"], in: directory)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let labels = entries.compactMap { $0["label"] as? String }
        #expect(labels.contains("Fort William, Scotland, United Kingdom"), "\(labels)")
        #expect(labels.contains("Fort William, Newfoundland and Labrador, Canada"), "\(labels)")
        #expect(entries.contains { $0["name"] as? String == "Fort William" && $0["region"] as? String == "Scotland" })
        // A name listed once stays short.
        for entry in entries where entry["name"] as? String != "Fort William" {
            #expect(entry["label"] as? String == entry["name"] as? String)
        }
    }

    @Test("places and regions go by their English names, not the administrative forms; the old names still find them")
    func searchEnglishNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for query in ["Nara", "Nara-shi"] {
            let result = try CommandLineEndToEndTests.roadtrip(["search", query, "--limit", "5", "--json"], in: directory)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            let japanese = try #require(entries.first { $0["countryCode"] as? String == "JP" }, "\(query): \(result.standardOutput)")
            #expect(japanese["name"] as? String == "Nara", "\(query)")
            #expect(japanese["region"] as? String == "Nara", "\(query)")
        }
        let text = try CommandLineEndToEndTests.roadtrip(["search", "Nara", "--limit", "5"], in: directory)
        #expect(text.standardOutput.split(separator: "\n").contains { $0.hasPrefix("Nara ") && $0.contains("Nara, JP") }, "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("Nara-shi"))

        for (query, region) in [("Shanghai", "Shanghai"), ("Nanjing", "Jiangsu"), ("Nanning", "Guangxi")] {
            let result = try CommandLineEndToEndTests.roadtrip(["search", query, "--limit", "1", "--json"], in: directory)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            #expect(entries.first?["region"] as? String == region, "\(query): \(result.standardOutput)")
        }
    }

    @Test("search prints a table, and says so when nothing matches")
    func searchText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let found = try CommandLineEndToEndTests.roadtrip(["search", "zurich", "--limit", "2"], in: directory)
        #expect(found.status == 0)
        #expect(found.standardOutput.split(separator: "\n").first?.hasPrefix("Zürich") == true, "\(CommandLineEndToEndTests.describe(found))")
        let none = try CommandLineEndToEndTests.roadtrip(["search", "qqqxxzzz"], in: directory)
        #expect(none.status != 0)
        #expect(none.standardError.contains("No place matches"))
    }

    @Test("search takes coordinates with a minus sign, in one word or two")
    func searchNegativeCoordinates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for arguments in [["search", "-33.8688,151.2093"], ["search", "-33.8688,", "151.2093"], ["search", "--limit", "1", "-33.8688, 151.2093", "--json"]] {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
            #expect(result.status == 0, "roadtrip \(arguments.joined(separator: " ")): \(CommandLineEndToEndTests.describe(result))")
            #expect(result.standardOutput.contains("Sydney"), "\(CommandLineEndToEndTests.describe(result))")
        }
    }

    @Test("search --limit -1 and --limit 0 get a sentence, not a parser complaint")
    func negativeLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for limit in ["-1", "0"] {
            let result = try CommandLineEndToEndTests.roadtrip(["search", "--limit", limit, "x"], in: directory)
            #expect(result.status != 0)
            #expect(result.standardError.contains("--limit must be at least 1."), "\(CommandLineEndToEndTests.describe(result))")
            #expect(!result.standardError.contains("Missing"), "\(CommandLineEndToEndTests.describe(result))")
        }
        let unknown = try CommandLineEndToEndTests.roadtrip(["search", "--lmit", "3", "x"], in: directory)
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("Unknown option '--lmit'"), "\(CommandLineEndToEndTests.describe(unknown))")
    }

    @Test("new takes coordinates with a minus sign as a stop")
    func newWithNegativeCoordinates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["new", "Sydney", "-33.8688, 151.2093", "-34.4278,150.8931"], in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        let trips = try Run.trips(at: directory.dataFile)
        let stops = try #require(trips.first?["waypoints"] as? [[String: Any]])
        #expect(Run.names(of: trips).first == "Sydney")
        #expect(stops.map { ($0["location"] as? [String: Any])?["latitude"] as? Double } == [-33.8688, -34.4278])
    }

    @Test("new makes a trip from places and coordinates; list and show see it")
    func newTrip() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["new", "Coast", "Monterey, CA", "Carmel-by-the-Sea", "35.3658, -120.8499"], in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        #expect(result.standardOutput.hasPrefix("Created “Coast”: Monterey → Carmel-by-the-Sea → near Morro Bay, CA"))
        let trips = try Run.trips(at: directory.dataFile)
        #expect(Run.names(of: trips) == ["Coast"] + SampleTrips.names)
        let stops = try #require(trips.first?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String ?? "" } == ["Monterey", "Carmel-by-the-Sea", "near Morro Bay, CA"])
        #expect((stops[2]["location"] as? [String: Any])?["latitude"] as? Double == 35.3658)
        let shown = try CommandLineEndToEndTests.roadtrip(["show", "Coast", "--json"], in: directory)
        #expect(shown.status == 0)
    }

    @Test("new with a place that matches nothing creates nothing")
    func newFailsCleanly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeSampleTrips()
        let before = try Data(contentsOf: directory.dataFile)
        let result = try CommandLineEndToEndTests.roadtrip(["new", "Nowhere", "Monterey", "qqqxxzzz"], in: directory)
        #expect(result.status != 0)
        #expect(result.standardError.contains("No place matches “qqqxxzzz”"))
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }
}
