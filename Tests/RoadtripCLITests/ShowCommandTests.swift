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
        #expect(abs(total - Fixtures.pacific.distanceMeters) < 1e-6)
        // Driving time: the road factor and speed of the trip (defaults 1.25 and 80 km/h).
        #expect(abs((object["durationSeconds"] as? Double ?? 0) - total * 1.25 / (80 / 3.6)) < 1e-6)
    }

    @Test func textListsTheStopsWithTheirLegs() {
        let lines = ShowCommand.text(for: Fixtures.pacific, unit: .km).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Pacific Drive — 3 stops")
        #expect(lines[1].hasPrefix("Total distance: 170 km"))
        #expect(lines[3].hasPrefix(" #  Stop"))
        #expect(lines[4].hasPrefix("1.  Monterey"))
        #expect(lines[5].contains("Big Sur") && lines[5].contains("≈ "))
    }

    @Test func anEmptyTripHasNoTable() {
        let text = ShowCommand.text(for: Fixtures.empty, unit: .km)
        #expect(text == "Someday — 0 stops\nTotal distance: 0.0 km   ≈ 0.0 km by road · ≈ 0 min driving (×1.25 at 80 km/h)\n")
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
