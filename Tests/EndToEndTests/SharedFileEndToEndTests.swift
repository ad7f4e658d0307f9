import Foundation
import Testing

/// Two roadtrips on one file, and a CLI writer beside a running one.
@Suite("Shared data file, end to end")
struct SharedFileEndToEndTests {
    @Test("A second roadtrip on the same file opens read-only and says so; new refuses while one runs")
    func secondInstanceIsReadOnly() async throws {
        let first = try await TmuxSession()
        defer { first.close() }
        try await TripListEndToEndTests.waitForSampleTrips(first)
        let second = try await TmuxSession(directory: first.directory)
        defer { second.close() }
        try await second.waitFor("Read-only: another roadtrip (process")
        try await second.sendKeys("a")
        try await second.waitFor("nothing was changed")
        try await TripListEndToEndTests.quitNormally(second)

        let result = try CommandLineEndToEndTests.roadtrip(["new", "Sneaky", "48.85, 2.35"], in: first.directory)
        #expect(result.status != 0)
        #expect(result.standardError.contains("another roadtrip"), "\(CommandLineEndToEndTests.describe(result))")

        // The first one still edits and saves normally, and nothing of the second's was written.
        try await first.sendKeys("a", "Enter")
        try await first.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(first)
        #expect(try Run.names(of: Run.trips(at: first.dataFile)) == ["New Trip"] + SampleTrips.names)
    }

    @Test("The read-only second roadtrip shows the first one's saves, and takes the file over when it quits (issue 21)")
    func secondInstanceFollowsAndTakesOver() async throws {
        let first = try await TmuxSession()
        defer { first.close() }
        try await TripListEndToEndTests.waitForSampleTrips(first)
        let second = try await TmuxSession(directory: first.directory)
        defer { second.close() }
        try await second.waitFor("Read-only: another roadtrip (process")

        // The first one saves a new trip: the second shows it without restarting.
        try await first.sendKeys("a", "Enter")
        try await first.waitFor("6 trips")
        try await first.sendKeys("s")
        try await second.waitFor("6 trips")

        // The first one quits: the second takes the file over and its edits are saved.
        try await TripListEndToEndTests.quitNormally(first)
        try await second.waitFor("The other roadtrip has quit")
        try await second.sendKeys("a", "Enter")
        let taken = try await second.waitFor("7 trips")
        #expect(!taken.contains("Read-only"), "the banner should go:\n\(second.framed(taken))")
        try await TripListEndToEndTests.quitNormally(second)
        #expect(try Run.names(of: Run.trips(at: first.dataFile)) == ["New Trip", "New Trip"] + SampleTrips.names)
    }
}
