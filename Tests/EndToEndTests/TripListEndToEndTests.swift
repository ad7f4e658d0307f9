import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen planner driven through tmux, as a user would: keys in, screen out, and the
/// data file and the terminal's modes checked after it quits (SPEC §3, §4).
@Suite("Trip list, end to end in tmux")
struct TripListEndToEndTests {
    /// The rows of the list on a trip list screen: under the title and headings, above the status bar.
    static func listRows(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        guard lines.count > 3 else { return [] }
        return Array(lines[2..<(lines.count - 1)])
    }

    static func listShows(_ name: String, in screen: String) -> Bool {
        listRows(screen).contains { $0.contains(name) }
    }

    /// Waits for the trip list of a first run: the title and all five sample trips.
    @discardableResult
    static func waitForSampleTrips(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await session.waitUntil("the trip list with the five sample trips", sourceLocation: sourceLocation) { screen in
            screen.contains("Roadtrips") && SampleTrips.names.allSatisfy { listShows($0, in: screen) }
        }
    }

    /// Quits with `q` and checks the program exited with 0 and gave the terminal back.
    static func quitNormally(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await session.sendKeys("q")
        let (status, screen) = try await session.waitForExit(sourceLocation: sourceLocation)
        #expect(status == 0, "q should quit with status 0:\n\(session.framed(screen))", sourceLocation: sourceLocation)
        #expect(
            TmuxSession.showsNormalTerminalModes(screen), "the terminal should be back in canonical mode with echo:\n\(session.framed(screen))",
            sourceLocation: sourceLocation)
    }

    @Test("A first run on a missing file shows and saves the five sample trips")
    func firstRunSeedsSampleTrips() async throws {
        // A first run: no file before the program starts (after, it may have written it already).
        let directory = try TemporaryDirectory()
        #expect(!FileManager.default.fileExists(atPath: directory.dataFile.path))
        let session = try await TmuxSession(directory: directory)
        defer { session.close() }

        let screen = try await Self.waitForSampleTrips(session)
        #expect(screen.contains("5 trips"))

        let trips = try Run.trips(at: session.dataFile)
        #expect(Run.names(of: trips) == SampleTrips.names)
        #expect(trips.map { ($0["waypoints"] as? [Any])?.count ?? -1 } == SampleTrips.stopCounts)
        for trip in trips {
            #expect(UUID(uuidString: trip["id"] as? String ?? "") != nil, "trip id: \(trip["id"] ?? "none")")
            for case let waypoint as [String: Any] in trip["waypoints"] as? [Any] ?? [] {
                let location = waypoint["location"] as? [String: Any]
                let latitude = location?["latitude"] as? Double, longitude = location?["longitude"] as? Double
                #expect(latitude.map { abs($0) <= 90 } == true && longitude.map { abs($0) <= 180 } == true, "\(waypoint)")
            }
        }
    }

    @Test("Add a trip, delete one after y, quit: screen, exit status, terminal and file all right")
    func addDeleteQuit() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)
        let before = try Run.trips(at: session.dataFile)
        let beforeByID = Dictionary(before.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })

        // `a` asks for the name first (issue 25); Enter takes the one offered.
        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        try await session.sendKeys("Enter")
        try await session.waitUntil("“New Trip” on the first list row and “6 trips”") { screen in
            screen.contains("6 trips") && Self.listRows(screen).first?.contains("New Trip") == true
        }

        try await session.sendKeys("j")
        try await session.sendKeys("d")
        try await session.waitUntil("a question to delete “Pacific Coast Drive”") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Delete") && $0.contains("Pacific Coast Drive") }
        }

        try await session.sendKeys("y")
        let afterDelete = try await session.waitUntil("“Pacific Coast Drive” gone from the list") { screen in
            screen.contains("5 trips") && !Self.listShows("Pacific Coast Drive", in: screen)
        }
        for name in ["New Trip"] + SampleTrips.names.dropFirst() {
            #expect(Self.listShows(name, in: afterDelete), "\(name) should still be listed:\n\(session.framed(afterDelete))")
        }

        try await Self.quitNormally(session)

        let file = try Run.jsonObject(at: session.dataFile)
        #expect(file["version"] as? Int == 1)
        let after = try #require(file["trips"] as? [[String: Any]])
        #expect(Run.names(of: after) == ["New Trip", "Route 66", "Iceland Ring Road", "Romantic Road", "Great Ocean Road"])
        for trip in after.dropFirst() {
            let id = trip["id"] as? String ?? ""
            let original = try #require(beforeByID[id], "trip \(trip["name"] ?? "?") has an id (\(id)) it did not have before")
            #expect(NSDictionary(dictionary: trip).isEqual(to: original), "\(trip["name"] ?? "?") changed:\nbefore \(original)\nafter \(trip)")
        }
        let newTrip = try #require(after.first)
        #expect(UUID(uuidString: newTrip["id"] as? String ?? "") != nil)
        #expect(!before.contains { $0["id"] as? String == newTrip["id"] as? String })
    }

    @Test("r, a Unicode name typed over the selected one, Enter renames the trip on screen and in the file")
    func renameKeepsUnicodeName() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)
        let name = "Tōkyō 東京 loop"

        try await session.sendKeys("r") // the name starts selected: what is typed replaces it
        try await session.sendText(name)
        try await session.sendKeys("Enter")
        // The stop count is drawn beside the name only once the field has closed.
        try await session.waitUntil("the first row renamed to “\(name)”") { screen in
            Self.listRows(screen).first.map { $0.contains(name) && $0.contains("7 stops") } == true
        }
        try await Self.quitNormally(session)

        let trips = try Run.trips(at: session.dataFile)
        #expect(Run.names(of: trips) == [name] + SampleTrips.names.dropFirst())
    }

    @Test("r, typing, Esc leaves the name unchanged")
    func renameCancelledWithEscape() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("r", "End") // the name starts selected: End types after it
        try await session.sendText(" Something Else")
        try await session.waitFor("Pacific Coast Drive Something Else")
        try await session.sendKeys("Escape")
        let screen = try await session.waitUntil("the rename cancelled") { screen in
            !screen.contains("Something Else") && Self.listRows(screen).first.map { $0.contains("Pacific Coast Drive") && $0.contains("7 stops") } == true
        }
        #expect(!screen.contains("Renamed"))
        try await Self.quitNormally(session)

        let trips = try Run.trips(at: session.dataFile)
        #expect(Run.names(of: trips) == SampleTrips.names)
    }

    @Test("/ filters by place name ignoring case and accents; Esc shows every trip again")
    func filterByPlaceName() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("/")
        try await session.sendText("fuss")
        // “fu” already leaves only Romantic Road: wait for the whole text typed, shown in the field.
        try await session.waitUntil("only “Romantic Road” listed for “fuss” (Füssen is one of its stops)") { screen in
            screen.contains("fuss")
                && Self.listShows("Romantic Road", in: screen)
                && SampleTrips.names.filter { $0 != "Romantic Road" }.allSatisfy { !Self.listShows($0, in: screen) }
        }

        try await session.sendKeys("Escape")
        let cleared = try await Self.waitForSampleTrips(session)
        #expect(!cleared.contains("fuss"))
    }

    @Test("Enter opens a trip with its stops and coordinates; Esc goes back to the list")
    func openTripAndGoBack() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("j", "j", "j", "Enter")
        let detail = try await session.waitUntil("the stops of “Romantic Road”") { screen in
            ["Romantic Road", "Würzburg", "Füssen", "Augsburg", "49.7913° N"].allSatisfy(screen.contains)
        }
        #expect(!detail.contains("Roadtrips"), "the trip detail should replace the list:\n\(session.framed(detail))")
        #expect(!detail.contains("Pacific Coast Drive"))

        try await session.sendKeys("Escape")
        let list = try await Self.waitForSampleTrips(session)
        #expect(!list.contains("49.7913° N"), "the stops should be gone:\n\(session.framed(list))")
        try await Self.quitNormally(session)
    }

    @Test("Back from a trip, the selection is kept")
    func backKeepsSelection() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("j", "j", "j", "Enter")
        try await session.waitUntil("the stops of “Romantic Road”") { screen in
            screen.components(separatedBy: "\n").first?.contains("Romantic Road") == true && screen.contains("Würzburg")
        }
        try await session.sendKeys("Escape")
        try await Self.waitForSampleTrips(session)
        // Back on the list, the selection is kept: Enter opens the same trip again.
        try await session.sendKeys("Enter")
        try await session.waitUntil("“Romantic Road” opened again") { screen in
            screen.components(separatedBy: "\n").first?.contains("Romantic Road") == true && screen.contains("Füssen")
        }
    }

    @Test("? shows a help box listing the keys; any key closes it")
    func helpOverlay() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("?")
        let help = try await session.waitFor("Rename the selected trip")
        for text in ["Roadtrips — keys", "Delete the selected trip"] {
            #expect(help.contains(text), "the help should list “\(text)”:\n\(session.framed(help))")
        }
        // The list's keys come first (issue 53 added the pagers' and the search's): the last ones a page down.
        try await session.sendKeys("NPage")
        let rest = try await session.waitFor("Quit (Ctrl-C too)")
        #expect(rest.contains("Filter by trip or place name"), "the help should list the filter:\n\(session.framed(rest))")

        try await session.sendKeys("x")
        try await session.waitUntil("the help box closed") { screen in
            !screen.contains("Rename the selected trip") && !screen.contains("Roadtrips — keys")
        }
        try await Self.quitNormally(session)
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == SampleTrips.names)
    }

    @Test("Ctrl-C with an unsaved change quits with 130, restores the terminal and saves")
    func controlCSavesAndQuits() async throws {
        // The autosave is held before it writes anything: only the exit path can save the change.
        let session = try await TmuxSession(hold: ["autosave"])
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await session.waitUntilHeld("autosave")
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == SampleTrips.names)
        try await session.sendKeys("C-c")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 130, "Ctrl-C should end with status 130:\n\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen), "the terminal should be restored:\n\(session.framed(screen))")
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == ["New Trip"] + SampleTrips.names)
    }

    @Test("SIGTERM or SIGHUP with an unsaved change saves, restores the terminal and exits with 128 + the signal", arguments: [SIGTERM, SIGHUP])
    func signalSavesAndQuits(signal: Int32) async throws {
        // The autosave is held before it writes anything: only the exit path can save the change.
        let session = try await TmuxSession(hold: ["autosave"])
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await session.waitUntilHeld("autosave")
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == SampleTrips.names)
        let pid = try await session.programProcessID()
        #expect(kill(pid, signal) == 0)
        let (status, screen) = try await session.waitForExit()
        #expect(status == 128 + signal, "signal \(signal) should end with status \(128 + signal):\n\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen), "the terminal should be restored:\n\(session.framed(screen))")
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == ["New Trip"] + SampleTrips.names)
    }

    @Test("Delete asks first; n keeps the trip")
    func deleteKeyAnsweredNo() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("j", "DC")
        try await session.waitUntil("a question to delete “Route 66”") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Delete") && $0.contains("Route 66") }
        }
        try await session.sendKeys("n")
        let screen = try await session.waitUntil("the question gone") { screen in
            !screen.components(separatedBy: "\n").contains { $0.contains("Delete") && $0.contains("Route 66") }
        }
        #expect(screen.contains("5 trips"))
        #expect(SampleTrips.names.allSatisfy { Self.listShows($0, in: screen) }, "every trip should still be listed:\n\(session.framed(screen))")
        try await Self.quitNormally(session)
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == SampleTrips.names)
    }

    @Test("s saves at once and says so")
    func saveNow() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await Self.waitForSampleTrips(session)

        try await session.sendKeys("a", "Enter", "s")
        try await session.waitFor("Saved")
        // The message comes after the save: the file has the new trip now, while the program runs.
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == ["New Trip"] + SampleTrips.names)
        try await Self.quitNormally(session)
    }
}
