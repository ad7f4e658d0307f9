import ArgumentParser
import Foundation
@testable import RoadtripCLI
import Testing

/// Words with a minus sign are values: `show -1`, `search -33.8688,151.2093`, `new X "-33.8, 151.2"`.
@Suite struct CommandWordsTests {
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
}
