import Foundation
import Testing
import RoadtripTestSupport

/// Issue 38, items 3 and 4, on the Nevada trip with the Beatty region added: the night proposed
/// lies on the day's way (never Beatty, behind it), with its true distance off the route, `n`
/// makes it a stop that the next day does not propose again; and each day shows every cost
/// counted for it, so that the total is the sum of the days.
@Suite("Nights proposed on the way, end to end")
struct NightProposalsEndToEndTests {
    /// The region added and the trip: Beatty, Rhyolite, then two points in the desert
    /// (“43 km SW of Rhyolite, NV”, “25 km N of Death Valley, CA”: issue 38, item 5), in miles, half an hour of driving a day;
    /// with `costs`, 25 mpg at $3.50 a gallon and a dollar a night.
    static func nevada(costs: Bool = false, in directory: TemporaryDirectory) throws {
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("beatty.osm")], in: directory).status == 0)
        let created = try RegionFixture.roadtrip(["new", "--force", "Nevada", "Beatty", "Rhyolite", "36.6066, -117.1456", "36.4575, -116.8656"], in: directory)
        #expect(
            created.status == 0 && created.standardOutput.contains("Beatty → Rhyolite → 43 km SW of Rhyolite, NV → 25 km N of Death Valley, CA"),
            "\(CommandLineEndToEndTests.describe(created))")
        var settings = [("units", "mi"), ("daily-limit", "0.5")]
        if costs { settings += [("fuel-use", "25"), ("fuel-price", "3.5"), ("currency", "$"), ("nightly-budget", "1")] }
        for (key, value) in settings {
            let set = try RegionFixture.roadtrip(["set", "Nevada", key, value], in: directory)
            #expect(set.status == 0, "\(CommandLineEndToEndTests.describe(set))")
        }
    }

    /// A second trip in the region: from Rhyolite south-east past Beatty, 31.6 mi, half an hour a day.
    static func amargosa(in directory: TemporaryDirectory) throws {
        #expect(try RegionFixture.roadtrip(["new", "--force", "Amargosa", "Rhyolite", "36.70, -116.45"], in: directory).status == 0)
        for (key, value) in [("units", "mi"), ("daily-limit", "0.5")] {
            #expect(try RegionFixture.roadtrip(["set", "Amargosa", key, value], in: directory).status == 0)
        }
    }

    @Test("plan Nevada: day 2, driving on from Rhyolite, proposes no night at Beatty behind it, in the text or the JSON")
    func noNightBehindTheDay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.nevada(in: directory)
        let text = try RegionFixture.roadtrip(["plan", "Nevada"], in: directory).standardOutput
        let night = try #require(RegionFixture.line(of: "night here (daily limit) · ", in: text.components(separatedBy: "Day 3")[0]), "\(text)")
        #expect(night.contains("on the road") && night.contains("no town on the way within 50 km") && !night.contains("Beatty"), "\(text)")
        #expect(!text.contains("from near Beatty"), "\(text)")
        let days = try #require(try RegionFixture.object(["plan", "Nevada", "--json"], in: directory)["days"] as? [[String: Any]])
        let stopover = try #require(days[1]["overnightSuggestion"] as? [String: Any])
        #expect(stopover["afterStop"] as? Int == 2 && stopover["planned"] as? Bool == true)
        #expect(stopover["place"] == nil || stopover["place"] is NSNull, "\(stopover)")
    }

    @Test("plan from Rhyolite past Beatty: the night near Beatty is ahead, its miles off the route are its distance from the line")
    func aNightAheadWithItsTrueDistance() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.nevada(in: directory)
        try Self.amargosa(in: directory)
        let days = try #require(try RegionFixture.object(["plan", "Amargosa", "--json"], in: directory)["days"] as? [[String: Any]])
        let place = try #require((days[0]["overnightSuggestion"] as? [String: Any])?["place"] as? [String: Any])
        // Beatty (36.9086° N, 116.7592° W) lies 3.88 km off the great circle from Rhyolite (36.9038° N,
        // 116.8289° W) to the end, 2.4 mi; not the 6.2 km to Rhyolite.
        #expect(place["name"] as? String == "Beatty" && abs((place["offRouteMeters"] as? Double ?? 0) - 3_883) < 20, "\(place)")
        let text = try RegionFixture.roadtrip(["plan", "Amargosa"], in: directory).standardOutput
        #expect(RegionFixture.line(of: "near Beatty ", in: text)?.contains("night here (daily limit) · town of 1,010, 2.4 mi off the route") == true, "\(text)")
    }

    @Test("plan Nevada with costs: day 1 shows its fuel ($1, under a gallon) beside its lodging, and the days add up to the total, as in the JSON")
    func costsThatAddUp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.nevada(costs: true, in: directory)
        let text = try RegionFixture.roadtrip(["plan", "Nevada"], in: directory).standardOutput
        let headings = text.components(separatedBy: "\n").filter { $0.hasPrefix("Day ") }
        let report = try RegionFixture.object(["plan", "Nevada", "--json"], in: directory)
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(headings.count == days.count && headings[0].hasSuffix(" · fuel $1 · lodging $1"), "\(text)")
        #expect(days[0]["fuel"] as? Int == 0 && days[0]["fuelCost"] as? Int == 1)
        // Each heading shows the day's figures in the JSON, a figure of nothing left out.
        func figure(_ name: String, in heading: String) -> Int {
            heading.firstMatch(of: try! Regex("\(name) \\$([0-9]+)")).flatMap { Int($0.output[1].substring ?? "") } ?? 0
        }
        for (heading, day) in zip(headings, days) {
            #expect(figure("fuel", in: heading) == day["fuelCost"] as? Int && figure("lodging", in: heading) == day["lodgingCost"] as? Int, "\(heading) \(day)")
        }
        let total = try #require(report["total"] as? [String: Any])
        let shown = headings.reduce(0) { $0 + figure("fuel", in: $1) + figure("lodging", in: $1) }
        #expect(total["cost"] as? Int == shown && text.contains("In all — ") && text.contains("· total $\(shown)\n"), "\(text)")
    }

    @Test("a on Nevada's day 2 adds no town behind; from Rhyolite past Beatty it adds Beatty, and no later day proposes it again")
    func aAddsOnlyANightAhead() async throws {
        let directory = try TemporaryDirectory()
        try Self.nevada(in: directory)
        try Self.amargosa(in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Nevada", width: 130, height: 30, in: directory)
        defer { session.close() }
        try await session.waitFor("4 stops")
        try await session.sendKeys("i")
        try await session.waitUntil("the days, day 2 on the road") { $0.contains("day by day") && $0.contains("no town on the way within 50 km") }
        // The lines: day 1, Beatty, its leg, Rhyolite; day 2's heading.
        try await session.sendKeys("Down", "Down", "Down", "Down", "a")
        try await session.waitFor("No town on day 2's way lies within 50 km of where its driving ends.")
        try await session.sendKeys("Escape")
        try await session.waitFor("4 stops")
        try await session.sendKeys("Escape")
        try await session.waitFor("Roadtrips")
        // The list keeps its filter: cleared, and the other trip's name typed.
        try await session.sendKeys("/", "C-u")
        try await session.sendText("Amargosa")
        try await session.sendKeys("Enter", "Enter")
        try await session.waitFor("2 stops")
        try await session.sendKeys("i")
        try await session.waitUntil("day 1's night near Beatty") { $0.contains("day by day") && $0.contains("from near Beatty") }
        try await session.sendKeys("a")
        try await session.waitFor("Added Beatty after Rhyolite, with a night there")
        let plan = try await session.waitUntil("the plan with Beatty a stop") { $0.contains("2. Beatty") && $0.contains("Day 2") }
        // Beatty (a town of 1,010) is the night's stop now, proposed on no day.
        #expect(!plan.contains("town of 1,010") && !plan.contains("from near Beatty"), "\(session.framed(plan))")
        try await session.sendKeys("Escape")
        try await session.waitFor("3 stops")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trips = try Run.trips(at: directory.dataFile)
        let stops = try #require(trips.first { $0["name"] as? String == "Amargosa" }?["waypoints"] as? [[String: Any]])
        #expect(stops.compactMap { $0["name"] as? String }.prefix(2) == ["Rhyolite", "Beatty"] && stops[1]["overnight"] as? Bool == true, "\(stops)")
        #expect(trips.first { $0["name"] as? String == "Nevada" }.flatMap { ($0["waypoints"] as? [Any])?.count } == 4)
    }
}
