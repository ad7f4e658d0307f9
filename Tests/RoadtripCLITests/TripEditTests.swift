import ArgumentParser
import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

/// The logic of the commands that change a trip, without the binary (the end-to-end tests run it).
@MainActor
@Suite struct TripEditTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    func stop(_ place: Place) -> Stop {
        Stop(name: place.name, location: place.coordinate)
    }

    var coast: Trip {
        Trip(name: "Coast", stops: [stop(FakePlaces.monterey), stop(FakePlaces.carmel), stop(FakePlaces.bigSur)])
    }

    @Test func theTripIsTheWordsBeforeTheLastValues() throws {
        let words = try TripEditWords(["Route", "66", "-1", "2"], count: 2, usage: "x")
        #expect(words.trip == "Route 66")
        #expect(words.values == ["-1", "2"])
        let quoted = try TripEditWords(["Pacific Coast Drive", "California Coast"], count: 1, usage: "x")
        #expect(quoted.trip == "Pacific Coast Drive" && quoted.values == ["California Coast"])
        #expect(throws: ValidationError.self) { try TripEditWords(["1"], count: 1, usage: "the trip and its new name") }
        #expect(throws: ValidationError.self) { try TripEditWords(["1", "--bogus", "x"], count: 1, usage: "x") }
    }

    @Test func stopsAreNumberedFromOneAndFromTheEndWithMinus() throws {
        #expect(try TripEdit.stopIndex("1", in: coast) == 0)
        #expect(try TripEdit.stopIndex("3", in: coast) == 2)
        #expect(try TripEdit.stopIndex("-1", in: coast) == 2)
        #expect(try TripEdit.stopIndex("-3", in: coast) == 0)
        for bad in ["0", "4", "-4", "two", ""] {
            #expect {
                try TripEdit.stopIndex(bad, in: coast)
            } throws: { "\($0)".contains("numbered from 1 to 3 (or from -1 back to -3)") }
        }
        #expect { try TripEdit.stopIndex("1", in: Trip(name: "Empty")) } throws: { "\($0)" == "“Empty” has no stops." }
    }

    @Test func afterZeroIsFirstAndNoneIsLast() throws {
        #expect(try AddStopCommand.insertionIndex(after: nil, in: coast) == 3)
        #expect(try AddStopCommand.insertionIndex(after: 0, in: coast) == 0)
        #expect(try AddStopCommand.insertionIndex(after: 3, in: coast) == 3)
        #expect { try AddStopCommand.insertionIndex(after: 4, in: coast) } throws: { "\($0)".contains("--after takes 0 (first) to 3 (last)") }
    }

    @Test func aPlaceIsLookedForBetweenTheStopsItGoesBetween() throws {
        let places = FakePlaces(FakePlaces.california.places)
        let stop = try AddStopCommand.stop(for: "Carm", at: 1, in: coast, finder: PlaceFinder(places: .fixed(places)))
        #expect(stop.name == "Carmel-by-the-Sea")
        #expect(stop.region == "California" && stop.country == "United States")
        #expect(places.lastContext?.points == [FakePlaces.monterey.coordinate, FakePlaces.carmel.coordinate])
        let coordinates = try AddStopCommand.stop(for: "36.28, -121.83", at: 3, in: coast, finder: PlaceFinder(places: .fixed(places)))
        #expect(coordinates.name == "near Big Sur, CA" && coordinates.region == "California")
    }

    @Test func aBestMatchFarOutOfLineIsRefusedUnlessForced() throws {
        // "Monter": Monterrey, Mexico, is the most populous; Monterey, California, lies within
        // 30 km of the trip and is picked (issue 56: a far pick among near ones).
        let finder = PlaceFinder(places: .fixed(FakePlaces.california))
        #expect(try AddStopCommand.stop(for: "Monter", at: 1, in: coast, finder: finder).name == "Monterey")
        // Without a namesake near the trip, the best match far out of line is refused.
        let far = PlaceFinder(places: .fixed(FakePlaces([FakePlaces.monterrey, FakePlaces.bigSur])))
        #expect {
            try AddStopCommand.stop(for: "Monter", at: 1, in: coast, finder: far)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Nothing was added: the best match of “Monter” is far out of line")
                && text.contains("  1. Monterrey, Nuevo León, Mexico (") && text.contains("), far out of line with the trip")
                && text.hasSuffix("or pass --force to add Monterrey anyway.")
        }
        let forced = try AddStopCommand.stop(for: "Monter", at: 1, in: coast, finder: far, force: true)
        #expect(forced.name == "Monterrey")
        // Coordinates are taken as typed, however far.
        #expect(try AddStopCommand.stop(for: "25.67, -100.31", at: 1, in: coast, finder: finder).location.latitude == 25.67)
        #expect { try AddStopCommand.stop(for: "Zzz", at: 1, in: coast, finder: finder) } throws: { "\($0)".contains("no place matches “Zzz”") }
    }

    @Test func deleteAsksWithTheTripAndItsStops() {
        #expect(DeleteCommand.question(for: coast) == "Delete trip “Coast” with 3 stops? [y/N] ")
        #expect(DeleteCommand.isYes("y") && DeleteCommand.isYes(" YES\n".trimmingCharacters(in: .newlines)))
        #expect(!DeleteCommand.isYes("") && !DeleteCommand.isYes("n") && !DeleteCommand.isYes("yep"))
    }

    @Test func aBadSettingKeyListsTheKeys() throws {
        #expect(try SetCommand.key("SPEED") == .speed)
        #expect {
            try SetCommand.key("colour")
        } throws: { "\($0)".contains("the settings are start-date, start-time, time-zone, daily-limit, default-stay, speed,") }
        for key in TripSettingsText.Key.allCases {
            #expect(SetCommand.keyList.contains(" \(key.rawValue)"), "\(key)")
        }
    }

    @Test func theMissingFileNoteSaysHowToAddTheSamples() {
        let note = GlobalOptions.missingFileNote(
            file: URL(fileURLWithPath: "/tmp/my trips.json"), explicit: true,
            samples: URL(fileURLWithPath: "/usr/share/roadtrip/sample-trips.json"))
        #expect(
            note
                == "roadtrip: there is no data file at /tmp/my trips.json yet, so no trips (the command line adds no sample trips). To add them: roadtrip import --file '/tmp/my trips.json' /usr/share/roadtrip/sample-trips.json"
        )
        let implicit = GlobalOptions.missingFileNote(file: URL(fileURLWithPath: "/tmp/t.json"), explicit: false, samples: nil)
        #expect(implicit.hasSuffix("The planner (roadtrip with no command) starts a new data file with them."))
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    }

    @Test func theReportLeavesOutWhatDidNotChange() throws {
        var report = TripEdit.Report("rename", trip: coast)
        report.previousName = "Old"
        let json = String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self)
        #expect(json.contains("\"previousName\" : \"Old\""))
        #expect(!json.contains("setting") && !json.contains("\"stop\""))
    }

    /// Issue 35: a change's --json gives the trip's distance as `list --json` does: by road, the
    /// sum of its legs, and whether an estimate is in it.
    @Test func theReportsDistanceIsTheListsByRoad() throws {
        let road = LegFigures(meters: 29_100, seconds: 1_900, source: .road)
        let entry = try #require(ListCommand.entries(for: [coast]).first)
        let report = TripEdit.Report("rename", trip: coast)
        #expect(report.distanceMeters == entry.distanceMeters && report.estimate && entry.estimate)
        let onRoads = TripEdit.Report("rename", trip: coast, legs: Array(repeating: road, count: coast.stops.count - 1))
        #expect(onRoads.distanceMeters == Double(coast.stops.count - 1) * 29_100 && !onRoads.estimate)
    }
}
