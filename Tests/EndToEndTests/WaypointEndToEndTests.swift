import Foundation
import Testing
import RoadtripTestSupport

/// The stop editor driven through tmux, on the real gazetteer.
@Suite("Stop editor, end to end in tmux")
struct WaypointEndToEndTests {
    /// Presses ↓ until the preview shows `preview` (the chosen place), at most `limit` times. The
    /// caller waits for the query's results first: each ↓ then moves the choice by one, and the
    /// next one is pressed once the preview's coordinates changed.
    static func choose(_ preview: String, in session: TmuxSession, limit: Int = 15) async throws {
        for _ in 0..<limit {
            let before = try await session.capture()
            if before.contains(preview) { return }
            try await session.sendKeys("Down")
            try await session.waitUntil("the choice to move") { coordinates(in: $0) != coordinates(in: before) }
        }
        try await session.waitFor(preview)
    }

    /// The preview's coordinates line ("36.6002° N, 121.8947° W · …"): one per chosen place.
    static func coordinates(in screen: String) -> [String] {
        screen.components(separatedBy: "\n").filter { $0.contains("° N") || $0.contains("° S") }
    }

    @Test("a, type monter, Monterey (California) is listed; Enter adds it with Monterey's coordinates")
    func addMontereyBySearch() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("G", "a")
        try await session.waitFor("Add a stop after “Morro Bay”")
        try await session.sendText("monter")
        try await session.waitUntil("Monterey, California in the results") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Monterey ") && $0.contains("California") }
        }
        try await Self.choose("Monterey — California, United States", in: session)
        try await session.sendKeys("Enter")
        try await session.waitUntil("the new stop 8 in the trip") { screen in
            screen.contains("8 stops") && screen.components(separatedBy: "\n").contains { $0.contains("8.") && $0.contains("Monterey") }
        }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)

        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        let added = try #require(stops.last)
        #expect(added["name"] as? String == "Monterey")
        #expect(added["region"] as? String == "California")
        #expect(added["country"] as? String == "United States")
        let location = try #require(added["location"] as? [String: Any])
        let latitude = try #require(location["latitude"] as? Double), longitude = try #require(location["longitude"] as? Double)
        #expect(abs(latitude - 36.6002) < 0.01 && abs(longitude - -121.8947) < 0.01, "Monterey is near 36.60, -121.89, not \(latitude), \(longitude)")
    }

    @Test("At 80×24, two Fort Williams are listed with their regions (Scotland, Newfoundland), not a bare country code")
    func sameNamesShowTheirRegions() async throws {
        let session = try await TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("a")
        try await session.sendText("fort william")
        try await session.waitUntil("both Fort Williams with their regions") { screen in
            let rows = screen.components(separatedBy: "\n").filter { $0.contains("Fort William ") }
            return rows.contains { $0.contains("Scotland") } && rows.contains { $0.contains("Newfoundl") }
        }
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip unchanged") { $0.contains("7 stops") && !$0.contains("Add a stop") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("Nara-shi is found and listed as Nara, in the region of Nara")
    func englishNamesAreListed() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("a")
        try await session.sendText("nara-shi")
        try await session.waitUntil("Nara, Japan in the results for the whole query") { screen in
            screen.contains("nara-shi") && screen.components(separatedBy: "\n").contains { $0.contains("Nara") && $0.contains("Japan") }
        }
        try await Self.choose("Nara — Nara, Japan", in: session)
        #expect(try await !session.capture().contains("Nara-shi"))
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip unchanged") { $0.contains("7 stops") && !$0.contains("Add a stop") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("Coordinates make a stop named after the nearest place, at the exact point")
    func addByCoordinates() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("a")
        try await session.sendText("35°33′51″N 121°4′51″W")
        try await session.waitFor("near Cambria, CA")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the stop in the trip") { $0.contains("8 stops") && $0.contains("near Cambria, CA") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops[1]["name"] as? String == "near Cambria, CA")
        let location = try #require(stops[1]["location"] as? [String: Any])
        #expect(abs((location["latitude"] as? Double ?? 0) - (35 + 33.0 / 60 + 51.0 / 3600)) < 1e-9)
        #expect(abs((location["longitude"] as? Double ?? 0) + (121 + 4.0 / 60 + 51.0 / 3600)) < 1e-9)
    }

    @Test("Enter on a stop, change its name and notes, Esc: nothing changed")
    func editThenCancel() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let before = try Data(contentsOf: session.dataFile)
        try await session.sendKeys("Enter")
        try await session.waitFor("Edit “Monterey”")
        try await session.waitFor("Keep “Monterey”")
        try await session.sendKeys("Tab", "C-u")
        try await session.sendText("Cannery Row")
        try await session.sendKeys("Tab")
        try await session.sendText("aquarium")
        try await session.waitUntil("the typed name and notes") { $0.contains("Cannery Row") && $0.contains("aquarium") }
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip unchanged") { screen in
            screen.contains("7 stops") && !screen.contains("Cannery Row")
                && screen.components(separatedBy: "\n").contains { $0.contains("1.") && $0.contains("Monterey") }
        }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Data(contentsOf: session.dataFile) == before)
    }

    @Test("Enter on a stop, change its name and notes, Enter: saved, place kept")
    func editThenConfirm() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("Enter")
        try await session.waitFor("Keep “Monterey”")
        try await session.sendKeys("Tab", "C-u")
        try await session.sendText("Cannery Row")
        try await session.sendKeys("Tab")
        try await session.sendText("aquarium at 10")
        try await session.sendKeys("Enter")
        try await session.waitFor("Updated “Cannery Row”.")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stop = try #require((try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])?.first)
        #expect(stop["name"] as? String == "Cannery Row")
        #expect(stop["notes"] as? String == "aquarium at 10")
        #expect((stop["location"] as? [String: Any])?["latitude"] as? Double == 36.6002)
    }

    /// Issue 38, item 8: a stop named "Engolasters" (the village) edited to the lake kept the village's name.
    @Test("a stop named as its place takes the name of the new place chosen for it; a typed name stays")
    func aStopsNameFollowsItsPlace() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Lakes", ["Andorra la Vella", "Engolasters"], in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Lakes", width: 120, height: 30, in: directory)
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
        let stops = try #require(try Run.trips(at: directory.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Andorra la Vella", "Lac d'Engolasters"], "\(stops)")
        let lake = try #require(stops[1]["location"] as? [String: Double])
        #expect(abs(lake["latitude"]! - 42.5198) < 0.001, "\(lake)")
    }
}
