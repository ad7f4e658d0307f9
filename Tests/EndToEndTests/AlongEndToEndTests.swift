import Foundation
import Testing
import RoadtripTestSupport

/// The planner's panel of places along the road (issue 37, item 2), on Andorra's roads.
@Suite("Places along the road, end to end")
struct AlongEndToEndTests {
    @Test(
        "A on the trip screen lists the places along Andorra la Vella → Ordino with their detours and marks them on the map; a kind's digit and +/- narrow them; Enter adds the camp site between the two stops, saved"
    )
    func placesAlongTheRoadInThePlanner() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Valley", ["42.5078, 1.5211", "42.5562, 1.5332"], in: directory)
        let before = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Valley" }?["waypoints"] as? [[String: Any]])
        // Tall enough for the 25 places of the usual kinds (fuel, food, hotels…), in a list beside the map.
        let session = try await RegionFixture.planner(openingTrip: "Valley", width: 160, height: 34, in: directory)
        defer { session.close() }
        try await session.waitUntil("the trip, on its roads") { $0.contains("Total distance:") && $0.contains("by road") && !$0.contains("routing") }
        try await session.sendKeys("A")
        let panel = try await session.waitUntil("the museum and the camp site, their detours routed, marked on the map") { screen in
            screen.contains("Along the road: Valley") && screen.contains("Casa d'Areny-Plandolit") && screen.contains("◆")
                && RegionFixture.line(of: "Càmping Valira · camp site", in: screen).map { $0.contains("0.8 km off, right") && $0.contains("detour ") } == true
                && !screen.contains("routing the detours")
        }
        #expect(panel.contains("[x] 6 sights") && panel.contains("[ ] 5 camping") && panel.contains("within 2.0 km (+/-)"), "\(session.framed(panel))")
        #expect(RegionFixture.line(of: "Casa d'Areny-Plandolit", in: panel)?.contains("11.6 km") == true, "\(session.framed(panel))")
        #expect(RegionFixture.line(of: "Càmping Valira · camp site", in: panel)?.contains("of 11.6 km") == true, "\(session.framed(panel))")
        // Sights hidden (the camp site stays, a bed), then shown again; the camp site, 0.8 km off,
        // is out at 0.5 km and back at 2.
        try await session.sendKeys("6")
        try await session.waitUntil("no sights") { $0.contains("[ ] 6 sights") && !$0.contains("Casa d'Areny-Plandolit") && $0.contains("Càmping Valira") }
        try await session.sendKeys("6", "-", "-")
        try await session.waitUntil("within 0.5 km, no camp site") {
            $0.contains("within 0.5 km") && $0.contains("in the order they come") && !$0.contains("Càmping Valira")
        }
        try await session.sendKeys("+", "+")
        try await session.waitUntil("within 2.0 km again") {
            $0.contains("within 2.0 km") && $0.contains("Càmping Valira") && $0.contains("Casa d'Areny-Plandolit")
        }
        // The camp site comes first; Enter adds it after the first stop.
        try await session.sendKeys("g", "Enter")
        let trip = try await session.waitFor("Added “Càmping Valira” between")
        #expect(RegionFixture.line(of: "Càmping Valira", in: trip)?.contains("2.") == true && trip.contains("3 stops"), "\(session.framed(trip))")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Valley" }?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == [before[0]["name"] as? String, "Càmping Valira", before[1]["name"] as? String])
        let camp = try #require(stops[1]["location"] as? [String: Double])
        #expect(abs(camp["latitude"]! - 42.502) < 0.001 && abs(camp["longitude"]! - 1.515) < 0.001, "\(camp)")
    }

    /// Issue 37, item 3: the itinerary of a trip with a range says where to fill up, and `n` on
    /// that line adds the station as a stop, saved, without a night.
    @Test("the itinerary says where to fill up; a on the line adds the station")
    func aFillUpInTheItinerary() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Cross", ["42.4634, 1.4920", "42.5078, 1.5211", "42.5429, 1.7331"], in: directory)
        #expect(try RegionFixture.roadtrip(["set", "Cross", "range", "30"], in: directory).status == 0)
        let session = try await RegionFixture.planner(openingTrip: "Cross", width: 150, height: 30, in: directory)
        defer { session.close() }
        try await session.waitUntil("the trip, on its roads") { $0.contains("Total distance:") && $0.contains("by road") && !$0.contains("routing") }
        try await session.sendKeys("i")
        let plan = try await session.waitUntil("the fill-up at Esso, 24.7 km along") { $0.contains("fill up at Esso (24.7 km of 39.6 km)") }
        #expect(
            RegionFixture.line(of: "fill up at Esso", in: plan)?.contains("on the road · 24.7 km from the start; the next is out of range") == true,
            "\(session.framed(plan))")
        // The lines: the day, stop 1, its leg, stop 2, its leg, the fill-up.
        try await session.sendKeys("Down", "Down", "Down", "Down", "Down", "a")
        try await session.waitUntil("the station added, the fill-up no longer proposed") { screen in
            screen.contains("Added Esso after") && screen.contains("to fill up, for 10 min") && !screen.contains("fill up at Esso") && screen.contains("4. ")
        }
        try await session.sendKeys("Escape")
        try await session.waitFor("4 stops")
        try await session.sendKeys("Escape")
        try await session.waitFor("1 of 1 trip")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Cross" }?["waypoints"] as? [[String: Any]])
        #expect(stops.count == 4 && stops[2]["name"] as? String == "Esso" && stops[2]["overnight"] == nil, "\(stops)")
        // Issue 56, item 9: a fill-up's own short stay, not the trip's default one.
        #expect(abs((stops[2]["stayHours"] as? Double ?? 0) - 10.0 / 60) < 1e-9, "\(stops)")
    }

    /// Issue 52, item b: `--within -1` said "Missing value for '--within <distance>'".
    @Test("along --within -1 (or 0) says the distance must be positive", arguments: [["--within", "-1"], ["--within=-1"], ["--within", "0"]])
    func alongWithinANegativeDistance(_ option: [String]) throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["along", "1"] + option, in: directory)
        #expect(result.status == 64, "\(CommandLineEndToEndTests.describe(result))")
        #expect(result.standardError.contains("--within must be a positive distance such as 2 km."), "\(CommandLineEndToEndTests.describe(result))")
        #expect(!result.standardError.contains("Missing value"), "\(CommandLineEndToEndTests.describe(result))")
    }
}
