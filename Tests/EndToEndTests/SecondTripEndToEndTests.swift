import Foundation
import Testing
import RoadtripTestSupport

/// Issue 38: what got in the way of four real day tours planned as a new user would.
@Suite("A second real trip's rough edges, end to end")
struct SecondTripEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    static func trips(in directory: TemporaryDirectory) throws -> [[String: Any]] {
        try Run.trips(at: directory.dataFile)
    }

    /// Item 7: a day tour of seven sights, every stay 0, "ended" at 09:50.
    @Test("a default stay is spent at each stop that sets none, and shown as such")
    func aDefaultStay() throws {
        let directory = try TemporaryDirectory()
        let sights = ["48.2086, 16.3731", "48.2036, 16.3617", "48.2082, 16.3580", "48.2108, 16.3571", "48.2152, 16.3583",
                      "48.2038, 16.3689", "48.1915, 16.3727"]
        #expect(try CLI.roadtrip(["new", "Vienna", "--"] + sights, in: directory).status == 0)
        #expect(try CLI.roadtrip(["set", "Vienna", "start-date", "2026-07-01"], in: directory).status == 0)
        let before = try CLI.roadtrip(["plan", "Vienna", "--json"], in: directory)
        let last = { (output: String) throws -> String in
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let stops = try #require((plan["days"] as? [[String: Any]])?.last?["stops"] as? [[String: Any]])
            return try #require(stops.last?["arrival"] as? String)
        }
        #expect(try last(before.standardOutput).hasPrefix("2026-07-01T09:"), "every stay 0: the tour is over within the hour")
        let set = try CLI.roadtrip(["set", "Vienna", "default-stay", "1 h"], in: directory)
        #expect(set.status == 0 && set.standardOutput.contains("Default stay (each stop) is now 1 h 00 min"), "\(CLI.describe(set))")
        #expect(try CLI.roadtrip(["set", "Vienna", "default-stay", "2 nights"], in: directory).standardError.contains("Write the default stay in hours"))
        let after = try CLI.roadtrip(["plan", "Vienna", "--json"], in: directory)
        #expect(try last(after.standardOutput).hasPrefix("2026-07-01T14:"), "five stops of an hour between the first and the last: \(after.standardOutput)")
        let text = try CLI.roadtrip(["plan", "Vienna"], in: directory).standardOutput
        #expect(text.components(separatedBy: "stay 1 h 00 min (default)").count - 1 == 5, "\(text)")
        #expect(try Run.trips(at: directory.dataFile)[0]["settings"].map { ($0 as? [String: Any])?["defaultStayHours"] as? Double } == 1)
    }

    /// Item 8: a stop named "Engolasters" (the village) edited to the lake kept the village's name.
    @Test("a stop named as its place takes the name of the new place chosen for it; a typed name stays")
    func aStopsNameFollowsItsPlace() async throws {
        let directory = try TemporaryDirectory()
        try RegionsEndToEndTests.andorra(trip: "Lakes", ["Andorra la Vella", "Engolasters"], in: directory)
        let session = try await RegionsEndToEndTests.planner(openingTrip: "Lakes", width: 120, height: 30, in: directory)
        defer { session.close() }
        try await session.waitFor("2 stops")
        try await session.sendKeys("G", "Enter")
        try await session.waitFor("Keep “Engolasters”")
        try await session.sendText("Engolasters lake")
        try await session.waitFor("Lac d'Engolasters")
        try await session.sendKeys("Enter")
        try await session.waitFor("Updated “Lac d'Engolasters”.")
        try await session.sendKeys("Escape")
        try await session.waitFor("1 of 1 trip")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Self.trips(in: directory).first?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Andorra la Vella", "Lac d'Engolasters"], "\(stops)")
        let lake = try #require(stops[1]["location"] as? [String: Double])
        #expect(abs(lake["latitude"]! - 42.5198) < 0.001, "\(lake)")
    }

    /// Item 1 (its own XDG folders: a region added in the tests' shared ones would be every
    /// other test's too): `new Wachau "Krems an der Donau" Stein Dürnstein` took a Stein 37 km away over
    /// Stein an der Donau, 2.6 km from Krems, and said nothing.
    @Test("the nearby place first: new, add-stop and search --near take the village near the trip over far places of the name")
    func theNearbyPlaceFirst() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionsEndToEndTests.roadtrip(["region", "add", RegionsEndToEndTests.fixture("krems.osm.gz")], in: directory).status == 0)
        let created = try RegionsEndToEndTests.roadtrip(["new", "Wachau", "Krems an der Donau", "Stein", "Dürnstein"], in: directory)
        #expect(created.status == 0 && created.standardOutput.contains("Krems an der Donau → Stein an der Donau → Dürnstein"), "\(CLI.describe(created))")
        #expect(!created.standardError.contains("note:"), "in line: nothing to say")
        let search = try RegionsEndToEndTests.roadtrip(["search", "Neustift", "--near", "48.4092,15.6142", "--json", "--limit", "3"], in: directory)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.standardOutput.utf8)) as? [[String: Any]])
        #expect(found.first?["name"] as? String == "Neustift an der Donau", "\(found.map { $0["name"] ?? "" })")
        // A pick off the line of the others is said, not refused.
        let far = try RegionsEndToEndTests.roadtrip(["add-stop", "Wachau", "Stein, Styria", "--after", "1"], in: directory)
        #expect(far.status == 0 && far.standardError.contains("note: “Stein, Styria” became Stein, Styria, Austria"), "\(CLI.describe(far))")
        #expect(far.standardError.contains("off the line of the stops beside it"))
        let off = try RegionsEndToEndTests.roadtrip(["new", "Off", "Krems an der Donau", "Melk", "Dürnstein"], in: directory)
        #expect(off.status == 0 && off.standardError.contains("note: “Melk” became Melk, Lower Austria, Austria, a "), "\(CLI.describe(off))")
        #expect(off.standardError.contains(" km detour between Krems an der Donau and Dürnstein"))
    }
}
