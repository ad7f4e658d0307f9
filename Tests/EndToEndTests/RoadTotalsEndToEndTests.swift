import Foundation
import RoadtripCore
import Testing
import RoadtripTestSupport

/// One meaning for every figure (issue 35, item 4), on Andorra's roads through the real binary:
/// the trip list, `list`, `show` and the trip screen give a trip's distance by road, the sum of
/// its legs, marked "≈" when an estimate is in it; the trip screen says why a leg is an estimate.
@Suite("Totals by road, end to end")
struct RoadTotalsEndToEndTests {
    /// Andorra la Vella to Soldeu: about 18 km in a straight line, 32.8 km on the roads.
    static let valleys = ["42.5078, 1.5211", "42.5428, 1.7336"]

    /// The test's variables, but for a cache of legs of its own: what a command routes there is
    /// not in the planner's.
    static func ownCache(_ directory: TemporaryDirectory) -> [String: String] {
        RegionFixture.variables(directory).merging(["XDG_CACHE_HOME": directory.url.appendingPathComponent("own-cache").path]) { _, new in new }
    }

    /// `show --json`'s legs and total distance of `trip`; with `ownCache`, routed with a cache
    /// of its own, leaving the planner's to the planner.
    static func shown(_ trip: String, ownCache: Bool = false, in directory: TemporaryDirectory) throws -> (legs: [[String: Any]], meters: Double) {
        let result = try CommandLineEndToEndTests.roadtrip(
            ["show", trip, "--json"], in: directory,
            variables: ownCache ? Self.ownCache(directory) : RegionFixture.variables(directory))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any], "\(CommandLineEndToEndTests.describe(result))")
        return (try #require(report["legs"] as? [[String: Any]]), try #require(report["distanceMeters"] as? Double))
    }

    @Test("list and show: a trip on Andorra's roads is its road distance, one with an estimated leg the sum with ≈")
    func listAndShowGiveTheRoadTotal() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Valleys", Self.valleys, in: directory)
        #expect(try RegionFixture.roadtrip(["new", "--force", "Pyrenees"] + Self.valleys + ["Innsbruck"], in: directory).status == 0)
        let valleys = try Self.shown("Valleys", in: directory), pyrenees = try Self.shown("Pyrenees", in: directory)
        #expect(valleys.legs.map { $0["source"] as? String } == ["road"] && pyrenees.legs.map { $0["source"] as? String } == ["road", "estimate"])
        for trip in [valleys, pyrenees] {
            #expect(abs(trip.meters - trip.legs.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)) < 0.01, "the total is the legs' sum")
        }
        // The road, not the straight line (about 18 km).
        #expect(valleys.meters > 30_000 && valleys.meters < 35_000, "\(valleys.meters)")

        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try RegionFixture.roadtrip(["list", "--json"], in: directory).standardOutput.utf8)) as? [[String: Any]])
        // `new` puts a trip first.
        #expect(listed.map { $0["distanceMeters"] as? Double } == [pyrenees.meters, valleys.meters])
        #expect(listed.map { $0["estimate"] as? Bool } == [true, false])
        let table = try RegionFixture.roadtrip(["list"], in: directory).standardOutput.split(separator: "\n")
        #expect(table[0].contains("≈ \(DistanceUnit.km.format(meters: pyrenees.meters))"), "\(table)")
        #expect(table[1].contains("  \(DistanceUnit.km.format(meters: valleys.meters))  ") && !table[1].contains("≈"), "\(table)")
    }

    @Test("Issue 56, item 13: the trip screen shows each leg's driving time beside its distance, at 80 × 24 and with the map beside it")
    func theTripScreenShowsEachLegsDrivingTime() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Valleys", Self.valleys, in: directory)
        let shown = try Self.shown("Valleys", ownCache: true, in: directory)
        let distance = DistanceUnit.km.format(meters: shown.meters)
        let time = RouteEstimate.formatDuration(seconds: LegFigures.toTheMinute(try #require(shown.legs.first?["durationSeconds"] as? Double)))
        for width in [80, 140] {
            let session = try await TmuxSession(width: width, height: 24, directory: directory, variables: RegionFixture.variables(directory))
            defer { session.close() }
            try await session.waitUntil("the trip list") { screen in TripListEndToEndTests.listRows(screen).contains { $0.contains("Valleys") } }
            try await session.sendKeys("Enter")
            let screen = try await session.waitUntil("leg 2's road distance and driving time at \(width) columns") { screen in
                screen.split(separator: "\n").contains { $0.contains("2.") && $0.contains(" \(distance) ") && $0.contains(" \(time)") && !$0.contains("≈") }
            }
            #expect(screen.contains("Driving"), "\(session.framed(screen))")
        }
    }

    @Test("The trip list shows a trip's road total once its legs are routed; the trip screen the same total and why a leg is an estimate")
    func theTripListAndScreenShowTheRoadTotal() async throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory).status == 0)
        // Made, and routed, by the command line with a cache of its own: the planner routes them itself.
        for (name, places) in [("Valleys", Self.valleys), ("Pyrenees", Self.valleys + ["Innsbruck"])] {
            let made = try CommandLineEndToEndTests.roadtrip(["new", "--force", name] + places, in: directory, variables: Self.ownCache(directory))
            #expect(made.status == 0, "\(CommandLineEndToEndTests.describe(made))")
        }
        let valleys = try Self.shown("Valleys", ownCache: true, in: directory), pyrenees = try Self.shown("Pyrenees", ownCache: true, in: directory)
        let road = DistanceUnit.km.format(meters: valleys.meters), withEstimate = "≈ " + DistanceUnit.km.format(meters: pyrenees.meters)
        let session = try await TmuxSession(width: 110, height: 24, directory: directory, variables: RegionFixture.variables(directory), hold: ["road-leg"])
        defer { session.close() }
        // The list does not wait for the roads: each leg its estimate meanwhile, marked.
        try await session.waitUntil("the trip list with estimates") { screen in
            TripListEndToEndTests.listRows(screen).contains { $0.contains("Valleys") && $0.contains("≈") }
        }
        try await session.waitUntilHeld("road-leg")
        try session.release("road-leg")
        let list = try await session.waitUntil("the trip list with both road totals") { screen in
            let rows = TripListEndToEndTests.listRows(screen)
            return rows.contains { $0.contains("Valleys") && $0.contains(" \(road) ") && !$0.contains("≈") }
                && rows.contains { $0.contains("Pyrenees") && $0.contains(withEstimate) }
        }
        #expect(!list.contains("≈ \(road)"), "\(session.framed(list))")

        // The trip screen of Pyrenees (the first trip): the same total, by road, and, on stop 3, why its leg is an estimate.
        try await session.sendKeys("Enter")
        try await session.waitUntil("Pyrenees's total by road") { $0.contains("Total distance: \(withEstimate) by road") }
        try await session.sendKeys("G")
        let screen = try await session.waitUntil("why leg 2 → 3 is an estimate") { $0.contains("2 → 3 ≈ ") && $0.contains(" km: no region covers Innsbruck") }
        #expect(
            screen.components(separatedBy: "\n").contains { $0.contains("3.") && $0.contains("Innsbruck") && $0.contains(withEstimate) },
            "\(session.framed(screen))")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }
}
