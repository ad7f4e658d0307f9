import Foundation
import Testing
import RoadtripTestSupport

/// Searches made from where the trip is: the stop editor, `search --near` and `new`.
@Suite("search from the trip, end to end")
struct SearchContextEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    @Test("In a trip through Oregon, Astoria in the stop editor is Astoria, Oregon, first")
    func theStopEditorSearchesNearTheTrip() async throws {
        let directory = try TemporaryDirectory()
        let made = try CLI.roadtrip(["new", "Coast", "Portland, OR", "Seaside, OR"], in: directory)
        #expect(made.status == 0, "\(CLI.describe(made))")
        let session = try await TmuxSession(width: 110, height: 30, directory: directory)
        defer { session.close() }
        try await session.waitFor("Coast")
        try await session.sendKeys("Enter")
        try await session.waitFor("Seaside")
        try await session.sendKeys("G", "a")
        try await session.waitFor("Add a stop after “Seaside”")
        try await session.sendText("Astoria")
        // The first result is chosen as soon as it shows: no key moves the choice.
        try await session.waitFor("Astoria — Oregon, United States")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the new stop in the trip") { $0.contains("3 stops") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops.last?["name"] as? String == "Astoria")
        #expect(stops.last?["region"] as? String == "Oregon")
    }

    @Test("search --near ranks the places near the point first")
    func searchNear() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (point, region) in [("45.52, -122.68", "Oregon"), ("40.71,-74.0", "New York")] {
            let result = try CLI.roadtrip(["search", "Astoria", "--near", point, "--json", "--limit", "3"], in: directory)
            #expect(result.status == 0, "\(CLI.describe(result))")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            #expect(entries.first?["admin1"] as? String == region, "\(CLI.describe(result))")
        }
        let wrong = try CLI.roadtrip(["search", "Astoria", "--near", "north pole"], in: directory)
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("--near takes a latitude and longitude"), "\(CLI.describe(wrong))")
    }

    @Test("The example in new --help works as printed")
    func theHelpExampleWorks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let help = try CLI.roadtrip(["new", "--help"], in: directory)
        // The first line under "Examples:", without its indentation and the program's name.
        let example = try #require(
            help.standardOutput.components(separatedBy: "\n").first { $0.hasPrefix("  roadtrip new ") }?
                .dropFirst("  roadtrip ".count).description, "\(CLI.describe(help))")
        // The example's words, as a shell would split them: quoted or bare.
        let words = try NSRegularExpression(pattern: #""([^"]*)"|(\S+)"#).matches(in: example, range: NSRange(example.startIndex..., in: example))
            .map { match in String(example[Range(match.range(at: match.range(at: 1).location != NSNotFound ? 1 : 2), in: example)!]) }
        #expect(words.first == "new" && words.count >= 4, "\(words)")
        let result = try CLI.roadtrip(words, in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        #expect(result.standardOutput.contains("Created “Coast”: Monterey → Big Sur → near"), "\(CLI.describe(result))")
    }

    @Test("new looks near the place before, warns about a place out of line, and names every place not found")
    func newAlongTheWay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let oregon = try CLI.roadtrip(["new", "Oregon", "Portland OR", "Astoria", "Leavenworth WA"], in: directory)
        #expect(oregon.status == 0, "\(CLI.describe(oregon))")
        let trips = try Run.trips(at: directory.dataFile)
        let stops = try #require(trips.first { $0["name"] as? String == "Oregon" }?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["region"] as? String } == ["Oregon", "Oregon", "Washington"])

        // A place far out of line fails, naming it and what it became, and creates nothing…
        let refused = try CLI.roadtrip(["new", "Danube", "Munich", "Salzburg", "Paris", "Vienna"], in: directory)
        #expect(refused.status == 1, "\(CLI.describe(refused))")
        #expect(refused.standardError.contains("Nothing was created: a place is far out of line"), "\(CLI.describe(refused))")
        #expect(refused.standardError.contains("“Paris” became Paris"), "\(CLI.describe(refused))")
        #expect(refused.standardError.contains("detour between Salzburg and Vienna"), "\(CLI.describe(refused))")
        #expect(try Run.trips(at: directory.dataFile).count == trips.count)
        // …unless --force, which creates it with the warning.
        let out = try CLI.roadtrip(["new", "--force", "Danube", "Munich", "Salzburg", "Paris", "Vienna"], in: directory)
        #expect(out.status == 0, "\(CLI.describe(out))")
        #expect(out.standardError.contains("warning: “Paris” became Paris"), "\(CLI.describe(out))")
        #expect(try Run.trips(at: directory.dataFile).count == trips.count + 1)
        let missing = try CLI.roadtrip(["new", "Nowhere", "Munich", "Qqqzzz", "Xxyyzz"], in: directory)
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("2 places were not found"), "\(CLI.describe(missing))")
        #expect(missing.standardError.contains("“Qqqzzz”") && missing.standardError.contains("“Xxyyzz”"), "\(CLI.describe(missing))")
        #expect(try Run.trips(at: directory.dataFile).count == trips.count + 1, "a missing place created nothing")
    }

    /// Issue 38, item 1 (its own XDG folders: a region added in the tests' shared ones would be every
    /// other test's too): `new Wachau "Krems an der Donau" Stein Dürnstein` took a Stein 37 km away over
    /// Stein an der Donau, 2.6 km from Krems, and said nothing.
    @Test("the nearby place first: new, add-stop and search --near take the village near the trip over far places of the name")
    func theNearbyPlaceFirst() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("krems.osm.gz")], in: directory).status == 0)
        let created = try RegionFixture.roadtrip(["new", "Wachau", "Krems an der Donau", "Stein", "Dürnstein"], in: directory)
        #expect(created.status == 0 && created.standardOutput.contains("Krems an der Donau → Stein an der Donau → Dürnstein"), "\(CLI.describe(created))")
        #expect(!created.standardError.contains("note:"), "in line: nothing to say")
        let search = try RegionFixture.roadtrip(["search", "Neustift", "--near", "48.4092,15.6142", "--json", "--limit", "3"], in: directory)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.standardOutput.utf8)) as? [[String: Any]])
        #expect(found.first?["name"] as? String == "Neustift an der Donau", "\(found.map { $0["name"] ?? "" })")
        // A pick off the line of the others is said, not refused.
        let far = try RegionFixture.roadtrip(["add-stop", "Wachau", "Stein, Styria", "--after", "1"], in: directory)
        #expect(far.status == 0 && far.standardError.contains("note: “Stein, Styria” became Stein, Styria, Austria"), "\(CLI.describe(far))")
        #expect(far.standardError.contains("off the line of the stops beside it"))
        let off = try RegionFixture.roadtrip(["new", "Off", "Krems an der Donau", "Melk", "Dürnstein"], in: directory)
        #expect(off.status == 0 && off.standardError.contains("note: “Melk” became Melk, Lower Austria, Austria, a "), "\(CLI.describe(off))")
        #expect(off.standardError.contains(" km detour between Krems an der Donau and Dürnstein"))
    }
}
