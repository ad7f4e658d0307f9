import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing
import RoadtripTestSupport

/// Tables measure text, so these run on the main actor in a UTF-8 locale (see TextWidthTests).
/// `TripReference` (which trip a word names) is ShowCommand.swift's too.
@MainActor
@Suite struct ShowCommandTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func referencesByIdNamePosition() throws {
        let trips = Fixtures.trips
        #expect(try TripReference.resolve(Fixtures.alps.id.uuidString, in: trips).id == Fixtures.alps.id)
        #expect(try TripReference.resolve(Fixtures.alps.id.uuidString.lowercased(), in: trips).id == Fixtures.alps.id)
        #expect(try TripReference.resolve("Alpine Loop", in: trips).id == Fixtures.alps.id)
        #expect(try TripReference.resolve("3", in: trips).id == Fixtures.empty.id)
    }

    @Test func anExactNameWinsOverAPosition() throws {
        let trips = [Trip(name: "Other"), Trip(name: "1")]
        #expect(try TripReference.resolve("1", in: trips).name == "1")
    }

    @Test func ambiguousAndUnknownReferencesSaySo() {
        let twins = [Trip(name: "Twin"), Trip(name: "Twin")]
        #expect(throws: TripReference.NotFound.self) { try TripReference.resolve("Twin", in: twins) }
        #expect(throws: TripReference.NotFound.self) { try TripReference.resolve("4", in: Fixtures.trips) }
        #expect(throws: TripReference.NotFound.self) { try TripReference.resolve("alpine", in: Fixtures.trips) }
    }

    @Test func aNameInAnyLetterCaseFindsTheTripWhenOnlyOneHasIt() throws {
        #expect(try TripReference.resolve("alpine loop", in: Fixtures.trips).id == Fixtures.alps.id)
        #expect(try TripReference.resolve("PACIFIC DRIVE", in: Fixtures.trips).id == Fixtures.pacific.id)
        // The exact name first; two names that differ only in case are ambiguous otherwise.
        let cased = [Trip(name: "Coast"), Trip(name: "COAST")]
        #expect(try TripReference.resolve("COAST", in: cased).name == "COAST")
        #expect {
            try TripReference.resolve("coast", in: cased)
        } throws: { error in
            "\(error)".contains("2 trips are named “COAST”, “Coast”")
        }
    }

    @Test func notesAreShownInTextAndInJSONWhenAStopHasThem() throws {
        var trip = Fixtures.pacific
        trip.stops[1].notes = "Bixby Bridge at sunset.\nFill up in Carmel:  no fuel for 90 miles."
        let text = ShowCommand.text(for: trip, unit: .km)
        #expect(text.contains("Notes\n2. Big Sur: Bixby Bridge at sunset. / Fill up in Carmel: no fuel for 90 miles.\n"), "\(text)")
        #expect(!ShowCommand.text(for: Fixtures.pacific, unit: .km).contains("Notes"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try ShowCommand.json(for: trip).utf8)) as? [String: Any])
        let stops = try #require(json["waypoints"] as? [[String: Any]])
        #expect(stops[1]["notes"] as? String == trip.stops[1].notes)
        #expect(stops[0]["notes"] == nil)
    }

    @Test func jsonHasLegsWithDistancesAndDurations() throws {
        let text = try ShowCommand.json(for: Fixtures.pacific)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "name", "distanceMeters", "durationSeconds", "waypoints", "legs"])
        let stops = try #require(object["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Monterey", "Big Sur", "Morro Bay"])
        #expect(Set(stops[0].keys) == ["id", "name", "latitude", "longitude"])
        #expect(stops[0]["latitude"] as? Double == 36.6002)
        let legs = try #require(object["legs"] as? [[String: Any]])
        #expect(legs.count == 2)
        #expect(legs[0]["from"] as? String == "Monterey" && legs[0]["to"] as? String == "Big Sur")
        let legMeters = legs.compactMap { $0["distanceMeters"] as? Double }
        let total = try #require(object["distanceMeters"] as? Double)
        #expect(abs(legMeters.reduce(0, +) - total) < 1e-6)
        // No leg on roads: each is the estimate, by road (the trip's road factor, 1.25 by default).
        #expect(abs(total - Fixtures.pacific.distanceMeters * 1.25) < 1e-6)
        #expect(legs.allSatisfy { $0["source"] as? String == "estimate" })
        // Driving time: the same estimated road distance at the trip's speed (80 km/h by default).
        #expect(abs((object["durationSeconds"] as? Double ?? 0) - total / (80 / 3.6)) < 1e-6)
    }

    /// Issue 35: an estimated leg is its estimated road distance, its time from the same figures,
    /// in the JSON and in the table; the totals are the sums of the legs shown.
    @Test func anEstimatedLegIsItsRoadEstimateAndTheTotalsTheLegsSums() throws {
        let road = LegFigures(meters: 50_000, seconds: 2_990, source: .road)
        let estimate = LegFigures(meters: 120_000, seconds: 5_410, source: .estimate, reason: "no region covers Morro Bay")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try ShowCommand.json(for: Fixtures.pacific, legs: [road, estimate]).utf8)) as? [String: Any])
        let legs = try #require(object["legs"] as? [[String: Any]])
        #expect(legs[1]["distanceMeters"] as? Double == 120_000 && legs[1]["durationSeconds"] as? Double == 5_410 && legs[1]["source"] as? String == "estimate")
        #expect(object["distanceMeters"] as? Double == 170_000 && object["durationSeconds"] as? Double == 8_400)
        let lines = ShowCommand.text(for: Fixtures.pacific, unit: .km, legs: [road, estimate]).split(separator: "\n").map(String.init)
        #expect(lines[1] == "Total distance: ≈ 170 km by road · ≈ 2 h 20 min driving (×1.25 at 80 km/h)", "\(lines)")
        #expect(lines[4].contains("50.0 km") && lines[4].hasSuffix("50 min"), "\(lines[4])")
        #expect(lines[5].contains("≈ 120 km") && lines[5].contains("≈ 170 km") && lines[5].hasSuffix("≈ 1 h 30 min"), "\(lines[5])")
    }

    @Test func theDrivingTotalIsTheSumOfTheTimesShown() {
        // Three legs of 6 min 24 s: 6 min each as shown, 18 min together (19 min 12 s).
        let leg = LegFigures(meters: 5_000, seconds: 384, source: .road)
        var trip = Fixtures.pacific
        trip.stops.append(Stop(name: "Cayucos", location: Coordinate(latitude: 35.4428, longitude: -120.8921)))
        let text = ShowCommand.text(for: trip, unit: .km, legs: [leg, leg, leg])
        #expect(text.contains("Total distance: 15.0 km by road · 18 min driving\n"), "\(text)")
    }

    /// Issue 38, item 9: each stop's region and country as the stop list writes them, in a column
    /// of the table (only when a stop has one) and in the JSON (only where known).
    @Test func theRegionColumnReadsAsInTheStopList() throws {
        var trip = Fixtures.pacific
        (trip.stops[0].region, trip.stops[0].country) = ("California", "United States")
        trip.stops[1].country = "United States"
        let lines = ShowCommand.text(for: trip, unit: .km).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3].hasPrefix(" #  Stop       Region, country  Coordinates"), "\(lines)")
        #expect(lines[4].hasPrefix("1.  Monterey   California, US   36.6002° N"), "\(lines)")
        #expect(lines[5].hasPrefix("2.  Big Sur    United States    "), "\(lines)")
        #expect(lines[6].hasPrefix("3.  Morro Bay                   35."), "\(lines)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try ShowCommand.json(for: trip).utf8)) as? [String: Any])
        let stops = try #require(json["waypoints"] as? [[String: Any]])
        #expect(stops[0]["region"] as? String == "California" && stops[0]["country"] as? String == "United States")
        #expect(stops.map { $0["regionLabel"] as? String } == ["California, US", "United States", nil])
        #expect(stops[1]["region"] == nil && stops[2]["country"] == nil)
    }

    @Test func textListsTheStopsWithTheirLegs() {
        let lines = ShowCommand.text(for: Fixtures.pacific, unit: .km).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Pacific Drive — 3 stops")
        #expect(lines[1].hasPrefix("Total distance: ≈ 212 km by road · ≈ "), "\(lines[1])")
        #expect(lines[3].hasPrefix(" #  Stop"))
        #expect(lines[4].hasPrefix("1.  Monterey"))
        #expect(lines[5].contains("Big Sur") && lines[5].contains("≈ "))
        #expect(lines[6].contains("Morro Bay") && lines[6].contains("≈ 212 km"), "the running total by road: \(lines[6])")
    }

    @Test func anEmptyTripHasNoTable() {
        let text = ShowCommand.text(for: Fixtures.empty, unit: .km)
        #expect(text == "Someday — 0 stops\nTotal distance: 0.0 km by road · 0 min driving\n")
    }

    @Test func negativePositionsCountFromTheEnd() throws {
        let trips = Fixtures.trips
        #expect(try TripReference.resolve("-1", in: trips).id == Fixtures.empty.id)
        #expect(try TripReference.resolve("-3", in: trips).id == Fixtures.pacific.id)
        #expect(throws: TripReference.NotFound.self) { try TripReference.resolve("-4", in: trips) }
        do {
            _ = try TripReference.resolve("0", in: trips)
            Issue.record("position 0 was accepted")
        } catch {
            #expect("\(error)".contains("There is no trip 0: positions start at 1"))
        }
    }

    /// `position - 1` trapped for Int.min, a position like any other to the parser.
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-9223372036854775809"])
    func theExtremePositionsAreNotFoundNotATrap(_ reference: String) {
        #expect(throws: TripReference.NotFound.self) { try TripReference.resolve(reference, in: Fixtures.trips) }
    }

    @Test func aLongReferenceIsQuotedClipped() {
        let reference = String(repeating: "x", count: 1_000_000)
        #expect {
            try TripReference.resolve(reference, in: Fixtures.trips)
        } throws: { error in
            let text = "\(error)"
            return text.count < 300 && text.contains("No trip matches “xxxx") && text.contains("…”")
        }
    }
}
