import Foundation
import Testing

/// The trip detail screen driven through tmux: rename in the title, stops added by coordinates, moved,
/// deleted and brought back with undo; then the saved file and `show --json` checked.
@Suite("Trip detail, end to end in tmux")
struct TripDetailEndToEndTests {
    static let pacificStops = ["Monterey", "Carmel-by-the-Sea", "Bixby Creek Bridge", "Big Sur", "San Simeon", "Cambria", "Morro Bay"]

    /// The first screen line (the title, or the name field while renaming).
    static func title(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first ?? ""
    }

    /// Opens “Pacific Coast Drive” (the first sample trip) and waits for its stops.
    static func openPacific(_ session: TmuxSession) async throws {
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("Enter")
        try await session.waitUntil("the Pacific Coast Drive stops") { screen in
            title(screen).hasPrefix(" Pacific Coast Drive") && screen.contains("Morro Bay") && screen.contains("Total distance:")
        }
    }

    @Test("Rename, add a stop by coordinates, move it, delete another, undo, back, quit: screen, file and show --json agree")
    func editingScenario() async throws {
        // Under 120 columns, so that the stop table has its coordinates column (no map beside it).
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await Self.openPacific(session)

        // Rename: the title follows every keystroke; Esc restores the old name exactly.
        try await session.sendKeys("r", "End") // the name starts selected: End types after it
        try await session.sendText(" South")
        try await session.waitUntil("the name field with the typed text") { Self.title($0).contains("Name: Pacific Coast Drive South") }
        try await session.sendKeys("Escape")
        try await session.waitUntil("the old name back in the title") { screen in
            Self.title(screen).hasPrefix(" Pacific Coast Drive") && !screen.contains("South")
        }

        // Add a stop by coordinates after the selected (first) stop, in the stop editor.
        try await session.sendKeys("a")
        try await session.waitFor("Add a stop after “Monterey”")
        try await session.sendText("36.4799, -121.7325")
        try await session.waitFor("36.4799° N, 121.7325° W")
        try await session.sendKeys("Tab")
        try await session.sendText("Carmel Valley")
        try await session.sendKeys("Enter")
        // At 110 columns the stop's coordinates give way to each leg's driving time (issue 56):
        // the file and show --json below have them.
        try await session.waitUntil("Carmel Valley as stop 2") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("2.") && $0.contains("Carmel Valley") && $0.contains(" min") }
        }

        // Move it up with K: it becomes stop 1 and stays selected.
        try await session.sendKeys("K")
        try await session.waitUntil("Carmel Valley as stop 1") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("1.") && $0.contains("Carmel Valley") }
        }

        // Delete the last stop, then undo the delete.
        try await session.sendKeys("G", "d")
        try await session.waitFor("Delete the stop “Morro Bay”?")
        try await session.sendKeys("y")
        try await session.waitUntil("Morro Bay deleted") { screen in
            screen.contains("7 stops") && !screen.contains("35.3658° N") && screen.contains("Deleted “Morro Bay”")
        }
        try await session.sendKeys("u")
        try await session.waitUntil("the delete undone") { $0.contains("Undid: delete stop Morro Bay.") && $0.contains("8 stops") }

        // Back to the list, with the trip still selected and its row updated; quit.
        try await session.sendKeys("Escape")
        try await session.waitUntil("the list row of the edited trip") { screen in
            TripListEndToEndTests.listRows(screen).first.map {
                $0.contains("Pacific Coast Drive") && $0.contains("8 stops") && $0.contains("Carmel Valley → Morro Bay")
            } == true
        }
        try await session.sendKeys("q")
        let (status, exitScreen) = try await session.waitForExit()
        #expect(status == 0)
        #expect(TmuxSession.showsNormalTerminalModes(exitScreen))

        // The saved file.
        let trips = try Run.trips(at: session.dataFile)
        let pacific = try #require(trips.first)
        #expect(pacific["name"] as? String == "Pacific Coast Drive")
        let stops = try #require(pacific["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String ?? "" } == ["Carmel Valley"] + Self.pacificStops)
        let location = try #require(stops[0]["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == 36.4799)
        #expect(location["longitude"] as? Double == -121.7325)
        #expect(Run.names(of: trips) == SampleTrips.names)

        // show --json tells the same story.
        let result = try CommandLineEndToEndTests.roadtrip(["show", "Pacific Coast Drive", "--json"], in: session.directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let shownStops = try #require(shown["waypoints"] as? [[String: Any]])
        #expect(shownStops.map { $0["name"] as? String ?? "" } == ["Carmel Valley"] + Self.pacificStops)
        let legs = try #require(shown["legs"] as? [[String: Any]])
        #expect(legs.count == 7)
        #expect(legs.first?["from"] as? String == "Carmel Valley")
        let total = try #require(shown["distanceMeters"] as? Double)
        #expect(abs(legs.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +) - total) < 0.01)
        #expect((shown["durationSeconds"] as? Double).map { $0 > 0 } == true)
    }

    @Test("Enter keeps a new name, and the trip list shows it")
    func renameKept() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.openPacific(session)
        try await session.sendKeys("r", "C-u")
        try await session.sendText("Big Sur Loop")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the new title") { Self.title($0).hasPrefix(" Big Sur Loop") }
        try await session.sendKeys("h")
        try await session.waitUntil("the list row renamed") { TripListEndToEndTests.listRows($0).first?.contains("Big Sur Loop") == true }
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Run.names(of: Run.trips(at: session.dataFile)).first == "Big Sur Loop")
    }

    @Test("Bad coordinates are refused in the editor with a reason, and nothing changes")
    func badCoordinates() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.openPacific(session)
        try await session.sendKeys("a")
        try await session.sendText("95, 10")
        try await session.waitFor("Latitude 95.0 is out of range")
        try await session.sendKeys("Enter")
        try await session.waitFor("Choose a place from the list")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the editor closed") { !$0.contains("Latitude 95.0") && $0.contains("7 stops") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [Any])
        #expect(stops.count == 7)
    }

    @Test("Shift-↓ and Shift-↑ move the selected stop, which stays selected")
    func shiftArrowsMoveStops() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.openPacific(session)
        func row(_ number: Int, is name: String) -> (String) -> Bool {
            { screen in screen.components(separatedBy: "\n").contains { $0.contains(" \(number).") && $0.contains(name) } }
        }
        try await session.sendKeys("S-Down")
        try await session.waitUntil("Monterey moved to 2", row(2, is: "Monterey"))
        try await session.sendKeys("S-Down")
        try await session.waitUntil("Monterey moved to 3", row(3, is: "Monterey"))
        try await session.sendKeys("S-Up")
        try await session.waitUntil("Monterey back at 2", row(2, is: "Monterey"))
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String ?? "" } == ["Carmel-by-the-Sea", "Monterey"] + Self.pacificStops.dropFirst(2))
    }
}
