import Foundation
import Testing
import RoadtripTestSupport

/// Where to sleep and what it costs (issue 25): a leg longer than a day split over days with a
/// night near a town on the way, `n` making that town a stop, and the days' fuel and lodging.
@Suite("nights on the way and costs, end to end")
struct NightsAndCostsEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// Chicago, Springfield, St. Louis, then Tulsa: 9 h of driving from St. Louis, longer than a day.
    static func writeTrip(in directory: TemporaryDirectory, settings: String = "") throws {
        let places: [(String, Double, Double)] = [
            ("Chicago", 41.8781, -87.6298), ("Springfield", 39.7817, -89.6501),
            ("St. Louis", 38.627, -90.1994), ("Tulsa", 36.154, -95.9928),
        ]
        let stops = places.enumerated().map { index, place in
            #"{"id": "00000000-0000-0000-0000-00000000010\#(index)", "name": "\#(place.0)", "location": {"latitude": \#(place.1), "longitude": \#(place.2)}}"#
        }
        let all = #""startDate": "2026-07-01""# + (settings.isEmpty ? "" : ", \(settings)")
        let text =
            #"{"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Mother Road", "settings": {\#(all)}, "waypoints": [\#(stops.joined(separator: ", "))]}]}"#
        try Data(text.utf8).write(to: directory.dataFile)
    }

    static func report(_ arguments: [String], in directory: TemporaryDirectory) throws -> [String: Any] {
        let result = try CLI.roadtrip(arguments, in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test("plan splits a leg longer than a day, sleeps near a town on the way, and counts no costs until they are set")
    func aLongLegOnTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrip(in: directory)
        let report = try Self.report(["plan", "Mother Road", "--json"], in: directory)
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(days.count == 2)
        // Day 1 drives on from St. Louis to the limit and spends the night near a town on the way.
        let night = try #require(days[0]["overnightSuggestion"] as? [String: Any])
        #expect(night["planned"] as? Bool == true && night["afterStop"] as? Int == 3)
        let place = try #require(night["place"] as? [String: Any])
        #expect((place["name"] as? String)?.isEmpty == false && (place["offRouteMeters"] as? Double ?? 99_999) <= 25_000)
        #expect(days[0]["overnight"] is NSNull || days[0]["overnight"] == nil)
        #expect(abs((days[0]["durationSeconds"] as? Double ?? 0) - 8 * 3600) < 2)
        let parts = days.compactMap { ($0["legs"] as? [[String: Any]])?.last?["share"] as? [Double] }
        #expect(parts.count == 2 && parts[0].first == 0 && parts[1].last == 1 && abs(parts[0][1] - parts[1][0]) < 1e-9)
        // No costs until set.
        #expect(days.allSatisfy { $0["fuelCost"] == nil && $0["lodgingCost"] == nil && $0["fuel"] == nil })
        let text = try CLI.roadtrip(["plan", "Mother Road"], in: directory).standardOutput
        #expect(Self.lines(of: text, containing: "⚠ part 1 of 2 of a ≈ ").contains { $0.hasSuffix(" leg longer than the daily limit") }, "\(text)")
        #expect(text.contains("night here (daily limit) · town of") || text.contains("night here (daily limit) · city of"))
        #expect(text.contains("from near \(place["name"] as? String ?? "?")"))
        #expect(!text.contains("fuel") && !text.contains("lodging"))
    }

    @Test("plan gives each day's fuel and lodging in whole units, and a total that adds up the days")
    func costsOnTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrip(in: directory, settings: #""fuelLitresPer100Km": 7.5, "fuelPricePerLitre": 1.85, "currency": "€", "nightlyBudget": 95"#)
        let report = try Self.report(["plan", "Mother Road", "--json"], in: directory)
        let days = try #require(report["days"] as? [[String: Any]])
        let fuel = days.compactMap { $0["fuelCost"] as? Int }, lodging = days.compactMap { $0["lodgingCost"] as? Int }
        #expect(fuel.count == 2 && lodging == [95, 0])
        // About 8 h at 80 km/h: 640 km, 48 l, €89.
        #expect((80...100).contains(fuel[0]))
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["fuelCost"] as? Int == fuel.reduce(0, +) && total["lodgingCost"] as? Int == 95)
        #expect(total["cost"] as? Int == fuel.reduce(0, +) + 95 && report["currency"] as? String == "€" && report["fuelUnit"] as? String == "l")
        let text = try CLI.roadtrip(["plan", "Mother Road"], in: directory).standardOutput
        #expect(text.contains("· fuel €\(fuel[0]) · lodging €95"))
        #expect(text.contains("In all — ") && text.contains("lodging €95 · total €\(fuel.reduce(0, +) + 95)"))
    }

    @Test("a in the itinerary makes the night's town a stop with a night, saved to the file")
    func aAddsTheNight() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeTrip(in: directory)
        let session = try await TmuxSession(width: 120, height: 30, directory: directory)
        defer { session.close() }
        try await session.waitFor("Mother Road")
        try await session.sendKeys("Enter")
        try await session.waitFor("4.  Tulsa")
        try await session.sendKeys("i")
        let plan = try await session.waitUntil("the night near a town") { $0.contains("day by day") && $0.contains("from near ") }
        let town = try #require(
            plan.range(of: #"from near ([^ ]+( [^ ]+)?)  "#, options: .regularExpression).map {
                String(plan[$0].dropFirst("from near ".count)).trimmingCharacters(in: .whitespaces)
            })
        // The first line is on day 1, whose night is near the town: a adds it.
        try await session.sendKeys("a")
        try await session.waitFor("Added \(town) after St. Louis, with a night there")
        try await session.waitUntil("the plan with the town as a stop") { $0.contains("4. \(town)") && $0.contains("5. Tulsa") }
        try await session.sendKeys("Escape")
        try await session.waitFor("5.  Tulsa")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)

        let trip = try #require(try Run.trips(at: session.dataFile).first)
        let stops = try #require(trip["waypoints"] as? [[String: Any]])
        #expect(stops.compactMap { $0["name"] as? String } == ["Chicago", "Springfield", "St. Louis", town, "Tulsa"])
        #expect(stops[3]["overnight"] as? Bool == true)
    }

    @Test("the itinerary shows each day's fuel and lodging and the trip's total once they are set")
    func costsInTheItinerary() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeTrip(in: directory, settings: #""fuelLitresPer100Km": 7.5, "fuelPricePerLitre": 1.85, "currency": "EUR", "nightlyBudget": 95"#)
        let session = try await TmuxSession(width: 120, height: 30, directory: directory)
        defer { session.close() }
        try await session.waitFor("Mother Road")
        try await session.sendKeys("Enter")
        try await session.waitFor("4.  Tulsa")
        try await session.sendKeys("i")
        let plan = try await session.waitUntil("the days with their costs") { $0.contains("day by day") && $0.contains("In all: ") }
        let headings = plan.components(separatedBy: "\n").filter { $0.hasPrefix(" Day ") }
        #expect(headings.count == 2 && headings[0].contains(" EUR · lodging 95 EUR") && headings[1].contains(" · fuel ") && !headings[1].contains("lodging"))
        #expect(plan.contains("lodging 95 EUR · total "), "\(plan)")
        try await session.sendKeys("Escape")
        try await session.waitFor("4.  Tulsa")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    /// The lines of `text` that hold `part`, without the spaces around them.
    static func lines(of text: String, containing part: String) -> [String] {
        text.components(separatedBy: "\n").filter { $0.contains(part) }.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
