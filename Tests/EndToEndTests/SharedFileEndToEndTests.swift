import Foundation
import Testing
import RoadtripTestSupport

/// Any number of writers on one file (issue 55): the planner open in one pane, commands from a
/// shell beside it, a second planner; each save merged onto the file as it is, each planner
/// following the others' saves within its check interval.
@Suite("Shared data file, end to end")
struct SharedFileEndToEndTests {
    /// The trip list's status line says what another window did; waits for it.
    private static func waitForNews(_ session: TmuxSession, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        _ = try await session.waitUntil("the status line saying \(text)", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    private static func run(_ arguments: [String], in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
        #expect(result.status == 0, "\(arguments): \(CommandLineEndToEndTests.describe(result))", sourceLocation: sourceLocation)
    }

    @Test("Commands change the file while the planner is open, and the planner shows each")
    func commandsBesideThePlanner() async throws {
        let planner = try await TmuxSession(width: 120)
        defer { planner.close() }
        try await TripListEndToEndTests.waitForSampleTrips(planner)
        let directory = planner.directory

        try Self.run(["new", "LI Tour", "47.14, 9.52"], in: directory)
        try await Self.waitForNews(planner, "“LI Tour” added from another window.")
        try await planner.waitFor("6 trips")

        try Self.run(["add-stop", "LI Tour", "47.17, 9.51", "--name", "Schaan"], in: directory)
        try await Self.waitForNews(planner, "Schaan added to “LI Tour” from another window.")

        try Self.run(["rename", "LI Tour", "Liechtenstein"], in: directory)
        try await Self.waitForNews(planner, "“LI Tour” renamed “Liechtenstein” from another window.")

        try Self.run(["set", "Liechtenstein", "daily-limit", "5"], in: directory)
        try await Self.waitForNews(planner, "The settings of “Liechtenstein” changed from another window.")

        let gpx = directory.file("walk.gpx")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><name>Imported Walk</name><rtept lat="47.2" lon="9.5"><name>A</name></rtept><rtept lat="47.3" lon="9.6"><name>B</name></rtept></rte>
            </gpx>
            """.utf8
        ).write(to: gpx)
        try Self.run(["import", gpx.path], in: directory)
        try await Self.waitForNews(planner, "“Imported Walk” added from another window.")
        try await planner.waitFor("7 trips")

        try Self.run(["delete", "Liechtenstein", "--yes"], in: directory)
        try await Self.waitForNews(planner, "“Liechtenstein” deleted from another window.")
        try await planner.waitFor("6 trips")

        // The selection stayed on the trip it was on, the first sample trip, though trips came
        // and went above it.
        try await planner.sendKeys("Enter")
        try await planner.waitFor("Bixby Creek Bridge")
        try await planner.sendKeys("Escape")
        try await planner.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(planner)
        #expect(try Run.names(of: Run.trips(at: directory.dataFile)) == ["Imported Walk"] + SampleTrips.names)
    }

    @Test("The planner's own unsaved edits, to another trip and to another field of the same trip, survive a command's save")
    func unsavedEditsSurvive() async throws {
        // The planner's autosave waits an hour: its edits stay unsaved until it quits.
        let planner = try await TmuxSession(width: 120, variables: ["ROADTRIP_AUTOSAVE_DELAY": "3600"])
        defer { planner.close() }
        try await TripListEndToEndTests.waitForSampleTrips(planner)
        let directory = planner.directory

        // Unsaved here: a new trip at the top, and Route 66 reversed (its stops' order).
        try await planner.sendKeys("a", "Enter")
        try await planner.waitFor("6 trips")
        try await planner.sendKeys("Down", "Down", "R")
        try await planner.waitFor("now runs")
        #expect(try Run.names(of: Run.trips(at: directory.dataFile)) == SampleTrips.names, "the planner's edits are not saved yet")
        let before = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Route 66" })
        let stopsBefore = try #require(before["waypoints"] as? [[String: Any]]).compactMap { $0["name"] as? String }

        // From the shell meanwhile: Route 66 renamed, and a stop added to it.
        try Self.run(["rename", "Route 66", "Mother Road"], in: directory)
        try await Self.waitForNews(planner, "“Route 66” renamed “Mother Road” from another window.")
        try Self.run(["add-stop", "Mother Road", "35.53, -108.74", "--name", "Gallup"], in: directory)
        try await Self.waitForNews(planner, "Gallup added to “Mother Road” from another window.")
        let screen = try await planner.waitFor("Mother Road")
        #expect(screen.contains("6 trips"), "the planner's own new trip is still shown:\n\(planner.framed(screen))")

        try await TripListEndToEndTests.quitNormally(planner)
        let trips = try Run.trips(at: directory.dataFile)
        #expect(Run.names(of: trips) == ["New Trip", "Pacific Coast Drive", "Mother Road", "Iceland Ring Road", "Romantic Road", "Great Ocean Road"])
        let motherRoad = try #require(trips.first { $0["name"] as? String == "Mother Road" })
        let stops = try #require(motherRoad["waypoints"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(stops.contains("Gallup"), "the command's new stop")
        #expect(stops.filter { $0 != "Gallup" } == stopsBefore.reversed(), "the planner's reversal of the same trip: \(stops)")
    }

    @Test("Two planners edit different trips: both edits are in the file once both quit")
    func twoPlanners() async throws {
        let first = try await TmuxSession()
        defer { first.close() }
        try await TripListEndToEndTests.waitForSampleTrips(first)
        let second = try await TmuxSession(directory: first.directory)
        defer { second.close() }
        let opened = try await TripListEndToEndTests.waitForSampleTrips(second)
        #expect(!opened.contains("Read-only"), "a second planner is a full one:\n\(second.framed(opened))")

        try await first.sendKeys("a", "Enter")
        try await first.waitFor("6 trips")
        try await Self.waitForNews(second, "“New Trip” added from another window.")
        try await second.waitFor("6 trips")

        // The second deletes the last trip; the first sees it go.
        try await second.sendKeys("End", "d")
        try await second.waitFor("Delete")
        try await second.sendKeys("y")
        try await second.waitFor("5 trips")
        try await Self.waitForNews(first, "“Great Ocean Road” deleted from another window.")

        try await TripListEndToEndTests.quitNormally(first)
        try await TripListEndToEndTests.quitNormally(second)
        #expect(try Run.names(of: Run.trips(at: first.dataFile)) == ["New Trip"] + SampleTrips.names.dropLast())
    }

    @Test("kill -9 of one planner mid-edit, with another open, loses nothing the user saw saved")
    func killOneOfTwo() async throws {
        let first = try await TmuxSession()
        defer { first.close() }
        try await TripListEndToEndTests.waitForSampleTrips(first)
        let second = try await TmuxSession(directory: first.directory, hold: ["autosave"])
        defer { second.close() }
        try await TripListEndToEndTests.waitForSampleTrips(second)

        // The first saves a trip; the second shows it.
        try await first.sendKeys("a", "Enter")
        try await first.waitFor("6 trips")
        try await first.sendKeys("s")
        try await first.waitFor("Saved to")
        try await Self.waitForNews(second, "“New Trip” added from another window.")

        // The second adds one it never saves (its autosave is held), and is killed.
        try await second.sendKeys("a", "Enter")
        try await second.waitFor("7 trips")
        try await second.waitUntilHeld("autosave")
        #expect(kill(try await second.programProcessID(), SIGKILL) == 0)
        _ = try await second.waitForExit()

        // The first goes on, and quits: what it saved, and its own new change, are in the file
        // (the name `a` offers is a free one: “New Trip” is taken).
        try await first.sendKeys("a", "Enter")
        try await first.waitFor("7 trips")
        try await TripListEndToEndTests.quitNormally(first)
        #expect(try Run.names(of: Run.trips(at: first.dataFile)) == ["New Trip (2)", "New Trip"] + SampleTrips.names)
    }
}
