import ArgumentParser
import Foundation
import Testing
@testable import RoadtripKit
import Terminal

/// Words with a minus sign are values: `show -1`, `search -33.8688,151.2093`, `new X "-33.8, 151.2"`.
@Suite struct NegativeNumberArgumentTests {
    @Test func negativeNumbersAndCoordinatesAreValues() throws {
        #expect(CommandWords.isNegativeNumber("-1"))
        #expect(CommandWords.isNegativeNumber("-33.8688,151.2093"))
        #expect(CommandWords.isNegativeNumber("-.5, 10"))
        #expect(!CommandWords.isNegativeNumber("-"))
        #expect(!CommandWords.isNegativeNumber("--json"))
        #expect(!CommandWords.isNegativeNumber("-x"))
        #expect(try CommandWords.values(["Sydney", "-33.87, 151.21", "-1"]) == ["Sydney", "-33.87, 151.21", "-1"])
    }

    @Test func anUnknownOptionIsStillAnError() {
        #expect(throws: ValidationError.self) { try CommandWords.values(["--jsn", "1"]) }
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["show", "--jsn", "1"]) }
    }

    @Test func afterTheTerminatorEveryWordIsAValue() throws {
        #expect(try CommandWords.values(["--", "--json", "-x"]) == ["--json", "-x"])
    }

    @Test func showTakesANegativePosition() throws {
        let show = try #require(try RoadtripCommand.parseAsRoot(["show", "-1", "--json"]) as? ShowCommand)
        #expect(show.trip.words == ["-1"])
        #expect(show.json)
        let after = try #require(try RoadtripCommand.parseAsRoot(["show", "--json", "-2"]) as? ShowCommand)
        #expect(after.trip.words == ["-2"] && after.json)
    }

    @Test func searchTakesCoordinatesWithAMinusSign() throws {
        let search = try #require(try RoadtripCommand.parseAsRoot(["search", "-33.8688,151.2093", "--limit", "3"]) as? SearchCommand)
        #expect(try CommandWords.values(search.query) == ["-33.8688,151.2093"])
        #expect(search.limit == 3)
        // Several words are one query.
        let words = try #require(try RoadtripCommand.parseAsRoot(["search", "-33.8688,", "151.2093"]) as? SearchCommand)
        #expect(try CommandWords.values(words.query).joined(separator: " ") == "-33.8688, 151.2093")
    }

    @Test func aNegativeLimitGetsASentenceNotAParserComplaint() {
        for limit in ["-1", "0"] {
            do {
                _ = try RoadtripCommand.parseAsRoot(["search", "--limit", limit, "x"])
                Issue.record("--limit \(limit) was accepted")
            } catch {
                #expect(RoadtripCommand.message(for: error) == "--limit must be at least 1.")
            }
        }
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["search", "--limit", "1001", "x"]) }
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["map", "1", "--width", "-5"]) }
    }

    @Test func newTakesCoordinatesWithAMinusSign() throws {
        let new = try #require(try RoadtripCommand.parseAsRoot(["new", "Sydney", "-33.87, 151.21", "Manly"]) as? NewCommand)
        #expect(try CommandWords.values(new.words) == ["Sydney", "-33.87, 151.21", "Manly"])
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["new"]) }
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["new", "  "]) }
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
}

@Suite struct CommandOutputTests {
    static let hostile = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{85}\r\u{7F}\u{202E}x\u{2028}"

    @Test func jsonKeepsNamesExactButEscapesWhatATerminalActsOn() throws {
        let trip = Trip(name: Self.hostile, waypoints: [Waypoint(name: Self.hostile, location: Fixtures.monterey)])
        for json in [try ListCommand.json(for: [trip]), try ShowCommand.json(for: trip)] {
            let printed = CommandOutput.escapingTerminalControls(json)
            let bytes = Array(printed.utf8)
            #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A } && !bytes.contains(0x7F), "\(printed.debugDescription)")
            #expect(!printed.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.properties.generalCategory == .format || $0 == "\u{2028}" })
            let decoded = try JSONSerialization.jsonObject(with: Data(printed.utf8))
            let names = (decoded as? [[String: Any]])?.map { $0["name"] as? String } ?? [(decoded as? [String: Any])?["name"] as? String]
            #expect(names == [Self.hostile])
        }
    }

    @Test func jsonWithoutControlsIsUnchanged() {
        let json = #"[{"name": "Zürich → 東京 \u001b"}]"#
        #expect(CommandOutput.escapingTerminalControls(json) == json)
    }
}

/// The text tables of `list`, `show` and `search`.
@MainActor
@Suite struct CommandTextOutputTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func oneLongNameDoesNotWidenEveryRow() {
        let long = Trip(name: String(repeating: "Very long name ", count: 70_000), waypoints: Fixtures.pacific.waypoints)
        let lines = ListCommand.table(for: [Fixtures.pacific, long, Fixtures.alps], unit: .km).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { TextWidth.width($0) < 120 }, "\(lines.map(\.count))")
        #expect(lines[1].contains("Very long name Very long name Very long\u{2026}"))
        // The other rows are padded to the clipped width only.
        #expect(lines[0].range(of: "3 stops") != nil && lines[0].count == lines[1].count)
    }

    @Test func namesAreShownAsTheScreenShowsThem() {
        let trip = Trip(name: CommandOutputTests.hostile, waypoints: [Waypoint(name: "Stop\u{1B}[31m\u{9B}", location: Fixtures.monterey)])
        for text in [ListCommand.table(for: [trip], unit: .km), ShowCommand.text(for: trip, unit: .km),
                     NewCommand.summary(of: trip, unit: .km)] {
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format },
                    "\(text.debugDescription)")
        }
        // Each control character shows as U+FFFD, as on the screen; format characters vanish.
        let named = Trip(name: "Evil\u{1B}[2J\u{07}\u{9B}31m\r\u{202E}x", waypoints: [])
        #expect(ShowCommand.text(for: named, unit: .km).hasPrefix("Evil\u{FFFD}[2J\u{FFFD}\u{FFFD}31m\u{FFFD}x — 0 stops\n"))
    }
}
