import Foundation
import Testing
import RoadtripTestSupport

/// Hostile round four (issue 34), the cases outside the regions folder, the leg cache and the
/// journal: a region index cut short under the stop editor.
@Suite("Hostile round four, end to end")
struct HostileRoundFourEndToEndTests {
    typealias Regions = RegionsEndToEndTests

    /// `truncate -s 4096 <region>/places.bin` while the stop editor searched it, then one more
    /// letter: "Bus error", exit 135. Now the region's places are left out, the status bar says
    /// why, and the planner goes on and saves.
    @Test("A region index truncated under the stop editor: no SIGBUS, a sentence, the planner goes on")
    func truncatedRegionIndexUnderTheStopEditor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Regions.andorra(trip: "Andorra", ["Andorra la Vella", "Encamp"], in: directory)
        let session = try await Regions.planner(openingTrip: "Andorra", width: 120, height: 32, in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip") { $0.contains("Encamp") && $0.contains("Total distance:") }
        try await session.sendKeys("End", "a")
        try await session.waitFor("Add a stop after")
        try await session.sendText("Llort")
        try await session.waitUntil("Llorts, a village of the region, in the results") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Llorts") && $0.contains("village") }
        }
        let index = Regions.regionsFolder(directory).appendingPathComponent("andorra/places.bin").resolvingSymlinksInPath()
        #expect(truncate(index.path, 4096) == 0)
        try await session.sendText("s")
        try await session.waitFor("cut short on disk")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip screen again") { $0.contains("Total distance:") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Andorra" })
        #expect((trip["waypoints"] as? [[String: Any]])?.count == 2)
    }
}
