import Foundation
import Testing
import RoadtripTestSupport

/// Planning the days, end to end: the settings form, the itinerary, the optimized order and its
/// undo in the TUI; `plan` and `optimize` on the command line.
@Suite("planning the days, end to end")
struct PlanningEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// Seattle to San Francisco with the Oregon stops out of order; the shortest order is
    /// Seattle, Portland, Salem, Eugene, Medford, San Francisco.
    static let shuffledStops = ["Seattle", "Eugene", "Portland", "Medford", "Salem", "San Francisco"]
    static let shortestStops = ["Seattle", "Portland", "Salem", "Eugene", "Medford", "San Francisco"]

    static func writeShuffledTrip(in directory: TemporaryDirectory) throws {
        let places: [String: (Double, Double)] = [
            "Seattle": (47.6062, -122.3321), "Eugene": (44.0521, -123.0868), "Portland": (45.5152, -122.6784),
            "Medford": (42.3265, -122.8756), "Salem": (44.9429, -123.0351), "San Francisco": (37.7749, -122.4194),
        ]
        let stops = shuffledStops.enumerated().map { index, name in
            let (latitude, longitude) = places[name]!
            return
                #"{"id": "00000000-0000-0000-0000-0000000001\#(String(format: "%02d", index))", "name": "\#(name)", "location": {"latitude": \#(latitude), "longitude": \#(longitude)}}"#
        }
        let text =
            #"{"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "West Coast", "waypoints": [\#(stops.joined(separator: ", "))]}]}"#
        try Data(text.utf8).write(to: directory.dataFile)
    }

    /// The stop names in the order the trip detail screen lists them.
    static func stopOrder(_ screen: String) -> [String] {
        screen.components(separatedBy: "\n").compactMap { line in
            shuffledStops.first { name in line.range(of: #"^\s+\d+\.\s+"# + NSRegularExpression.escapedPattern(for: name), options: .regularExpression) != nil }
        }
    }

    @Test("Set a daily limit, open the itinerary, optimize a shuffled trip, check the order, undo it")
    func planningScenario() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeShuffledTrip(in: directory)
        let session = try await TmuxSession(width: 110, height: 30, directory: directory)
        defer { session.close() }
        try await session.waitFor("West Coast")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the trip's stops") { Self.stopOrder($0) == Self.shuffledStops }

        // The settings form: the fourth field is the daily driving limit.
        try await session.sendKeys("S")
        try await session.waitFor("Settings of “West Coast”")
        try await session.sendKeys("Tab", "Tab", "Tab", "C-u")
        try await session.sendText("4")
        try await session.sendKeys("Enter")
        try await session.waitFor("Settings changed")

        // The itinerary: no day drives more than 4 hours, so the trip takes several days.
        try await session.sendKeys("i")
        let itinerary = try await session.waitUntil("the itinerary") { $0.contains("day by day") && $0.contains("Day 3 · ") }
        #expect(itinerary.contains("at most 4 h 00 min driving a day"))
        #expect(itinerary.contains("night here (daily limit)"))
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip detail screen again") { Self.stopOrder($0) == Self.shuffledStops }

        // Optimize: the new order and its saving are shown first; y uses it.
        try await session.sendKeys("O")
        // The question's last words may wrap in the dialog: its buttons say it is there.
        let question = try await session.waitUntil("the order proposed, with its question") { $0.contains("Shortest order") && $0.contains("y  Yes") }
        #expect(question.contains("Shortest order"))
        #expect(question.contains("2. Portland  (was 3)"))
        try await session.sendKeys("y")
        try await session.waitUntil("the stops in the shortest order") { $0.contains("Stops in the new order") && Self.stopOrder($0) == Self.shortestStops }

        // One u undoes it.
        try await session.sendKeys("u")
        try await session.waitUntil("the order undone") { $0.contains("Undid: optimize the order of West Coast.") && Self.stopOrder($0) == Self.shuffledStops }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)

        let trip = try #require(try Run.trips(at: session.dataFile).first)
        let stops = try #require(trip["waypoints"] as? [[String: Any]])
        #expect(stops.compactMap { $0["name"] as? String } == Self.shuffledStops)
        let settings = try #require(trip["settings"] as? [String: Any])
        #expect(settings["dailyLimitHours"] as? Double == 4)
        #expect(settings.count == 1, "only the limit was chosen: \(settings)")
    }

    @Test("plan --json gives each day, its legs and local times; optimize --apply saves the shortest order")
    func commandLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeShuffledTrip(in: directory)

        let plan = try CLI.roadtrip(["plan", "West Coast", "--json"], in: directory)
        #expect(plan.status == 0, "\(CLI.describe(plan))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(days.count >= 2)
        let first = try #require(days.first?["stops"] as? [[String: Any]])
        #expect(first.first?["timeZone"] as? String == "America/Los_Angeles")
        #expect(
            (first.first?["departure"] as? String)?.hasSuffix("T09:00:00-07:00") == true
                || (first.first?["departure"] as? String)?.hasSuffix("T09:00:00-08:00") == true)
        #expect(days.allSatisfy { ($0["durationSeconds"] as? Double ?? 0) <= 8 * 3600 || ($0["legs"] as? [[String: Any]])?.count == 1 })

        let text = try CLI.roadtrip(["plan", "1"], in: directory)
        #expect(text.standardOutput.contains("Day 1 · "))
        #expect(text.standardOutput.contains("at most 8 h 00 min driving a day"))

        let preview = try CLI.roadtrip(["optimize", "West Coast"], in: directory)
        #expect(preview.status == 0, "\(CLI.describe(preview))")
        #expect(preview.standardOutput.contains("Shortest order"))
        #expect(preview.standardOutput.contains("Run again with --apply"))
        #expect(
            try Run.trips(at: directory.dataFile).first.flatMap { ($0["waypoints"] as? [[String: Any]])?.compactMap { $0["name"] as? String } }
                == Self.shuffledStops)

        let applied = try CLI.roadtrip(["optimize", "West Coast", "--apply", "--json"], in: directory)
        #expect(applied.status == 0, "\(CLI.describe(applied))")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(applied.standardOutput.utf8)) as? [String: Any])
        #expect(result["applied"] as? Bool == true)
        #expect(result["exact"] as? Bool == true)
        let saved = try #require(try Run.trips(at: directory.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(saved.compactMap { $0["name"] as? String } == Self.shortestStops)
    }

    /// A trip of a million stops took plan two minutes and 2 GB; past the limit it is refused at
    /// once, with a sentence, and the file is left alone.
    @Test("plan refuses a trip of more than 100,000 stops with a sentence, text and JSON alike")
    func aTripTooLargeToPlan() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stops = (0..<100_001).map { index in
            #"{"id": "00000000-0000-4000-8000-\#(String(format: "%012d", index))", "name": "S\#(index)", "location": {"latitude": \#(30 + Double(index % 1000) / 100), "longitude": \#(-120 + Double(index / 1000) / 100)}}"#
        }
        let text =
            #"{"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Huge", "waypoints": [\#(stops.joined(separator: ",\n"))]}]}"#
        try Data(text.utf8).write(to: directory.dataFile)
        let output = directory.url.appendingPathComponent("output.txt")
        let plan = "Error: “Huge” has 100,001 stops, and a day-by-day plan is made for at most 100,000: split the trip into shorter ones to plan them.\n"
        // Issue 21: optimize on such a trip ran for minutes in gigabytes (an n² matrix).
        let optimize = "Error: “Huge” has 100,001 stops, and the best order is searched for at most 1,000: split the trip into shorter ones to optimize them.\n"
        for (arguments, expected) in [(["plan", "1"], plan), (["plan", "1", "--json"], plan), (["optimize", "1", "--apply"], optimize)] {
            try Data().write(to: output)
            let result = try OutputEndToEndTests.roadtrip(arguments, in: directory, output: .file(output.path), guardingAgainstHang: true)
            #expect(result.status == 1, "roadtrip \(arguments): \(result.standardError)")
            #expect(result.standardError == expected, "roadtrip \(arguments): \(result.standardError)")
            #expect(try Data(contentsOf: output).isEmpty)
        }
        let unchanged = try Data(contentsOf: directory.dataFile) == Data(text.utf8)
        #expect(unchanged)
    }

    /// Issue 52, item c: a default stay of 24 h planned five calendar days under "Day 1", headed "1 day".
    @Test("A stay of a day at each stop is a night at each: plan says a day for each")
    func aStayOfADayIsANight() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for setting in [["default-stay", "24h"], ["start-date", "2026-07-01"]] {
            let set = try CLI.roadtrip(["set", "1"] + setting, in: directory)
            try #require(set.status == 0, "\(CLI.describe(set))")
        }
        let plan = try CLI.roadtrip(["plan", "1"], in: directory)
        #expect(plan.status == 0, "\(CLI.describe(plan))")
        let lines = plan.standardOutput.components(separatedBy: "\n")
        #expect(lines.first == "Pacific Coast Drive — 6 days", "\(plan.standardOutput)")
        let headings = lines.filter { $0.hasPrefix("Day ") }.map { $0.components(separatedBy: " — ")[0] }
        #expect(
            headings == [
                "Day 1 · Wed 1 Jul 2026", "Day 2 · Thu 2 Jul 2026", "Day 3 · Fri 3 Jul 2026",
                "Day 4 · Sat 4 Jul 2026", "Day 5 · Sun 5 Jul 2026", "Day 6 · Mon 6 Jul 2026",
            ], "\(plan.standardOutput)")
        #expect(lines.filter { $0.contains("night here") }.count == 5, "\(plan.standardOutput)")
    }

    /// Issue 38, item 7: a day tour of seven sights, every stay 0, "ended" at 09:50.
    @Test("a default stay is spent at each stop that sets none, and shown as such")
    func aDefaultStay() throws {
        let directory = try TemporaryDirectory()
        let sights = [
            "48.2086, 16.3731", "48.2036, 16.3617", "48.2082, 16.3580", "48.2108, 16.3571", "48.2152, 16.3583",
            "48.2038, 16.3689", "48.1915, 16.3727",
        ]
        #expect(try CommandLineEndToEndTests.roadtrip(["new", "Vienna", "--"] + sights, in: directory).status == 0)
        #expect(try CommandLineEndToEndTests.roadtrip(["set", "Vienna", "start-date", "2026-07-01"], in: directory).status == 0)
        let before = try CommandLineEndToEndTests.roadtrip(["plan", "Vienna", "--json"], in: directory)
        let last = { (output: String) throws -> String in
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let stops = try #require((plan["days"] as? [[String: Any]])?.last?["stops"] as? [[String: Any]])
            return try #require(stops.last?["arrival"] as? String)
        }
        #expect(try last(before.standardOutput).hasPrefix("2026-07-01T09:"), "every stay 0: the tour is over within the hour")
        let set = try CommandLineEndToEndTests.roadtrip(["set", "Vienna", "default-stay", "1 h"], in: directory)
        #expect(set.status == 0 && set.standardOutput.contains("Default stay (each stop) is now 1 h 00 min"), "\(CommandLineEndToEndTests.describe(set))")
        #expect(
            try CommandLineEndToEndTests.roadtrip(["set", "Vienna", "default-stay", "2 nights"], in: directory).standardError.contains(
                "Write the default stay in hours"))
        let after = try CommandLineEndToEndTests.roadtrip(["plan", "Vienna", "--json"], in: directory)
        #expect(try last(after.standardOutput).hasPrefix("2026-07-01T14:"), "five stops of an hour between the first and the last: \(after.standardOutput)")
        let text = try CommandLineEndToEndTests.roadtrip(["plan", "Vienna"], in: directory).standardOutput
        #expect(text.components(separatedBy: "stay 1 h 00 min (default)").count - 1 == 5, "\(text)")
        #expect(try Run.trips(at: directory.dataFile)[0]["settings"].map { ($0 as? [String: Any])?["defaultStayHours"] as? Double } == 1)
    }
}
