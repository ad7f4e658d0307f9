import Foundation
@testable import RoadtripCLI
import Testing

/// What `along` takes: its options as a user types them.
@Suite struct AlongCommandTests {
    /// Issue 52, item b: `--within -1` said "Missing value for '--within <distance>'", as if
    /// nothing had been typed.
    @Test(arguments: [["--within", "-1"], ["--within=-1"], ["--within", "-2km"], ["--within", "0"], ["--within", "0 km"]])
    func aDistanceThatIsNotPositiveGetsASentenceNotAParserComplaint(_ option: [String]) {
        do {
            _ = try RoadtripCommand.parseAsRoot(["along", "1"] + option)
            Issue.record("\(option) was accepted")
        } catch {
            #expect(RoadtripCommand.message(for: error) == "--within must be a positive distance such as 2 km.")
        }
    }

    @Test func aPositiveDistanceIsTakenAsTyped() throws {
        let along = try #require(try RoadtripCommand.parseAsRoot(["along", "1", "--within", "500m"]) as? AlongCommand)
        #expect(along.within == "500m")
    }

    /// A day or leg of -1 is a number to refuse with the trip's days or legs, not a missing value.
    @Test func aNegativeDayOrLegIsANumber() throws {
        let day = try #require(try RoadtripCommand.parseAsRoot(["along", "1", "--day", "-1"]) as? AlongCommand)
        #expect(day.day == -1)
        let leg = try #require(try RoadtripCommand.parseAsRoot(["along", "1", "--leg", "-1"]) as? AlongCommand)
        #expect(leg.leg == -1)
    }
}
