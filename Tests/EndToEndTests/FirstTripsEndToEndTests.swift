import Foundation
import Testing
import RoadtripTestSupport

/// A large data file in two stages (issue 41): the planner shows the file's first trips before
/// the whole file is read, reads it off the main loop (the job "read-trips", held here at the
/// gate), and keys typed meanwhile wait for the whole file, then act on it in order.
@Suite("A large file's first trips first, end to end in tmux")
struct FirstTripsEndToEndTests {
    static let tripCount = 120

    /// A session on a large file, its read held at the gate, once its first trips are on the screen.
    private func sessionShowingFirstTrips(_ text: String) async throws -> TmuxSession {
        let directory = try TemporaryDirectory()
        try Data(text.utf8).write(to: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 30, directory: directory, hold: ["read-trips"])
        try await session.waitUntilHeld("read-trips")
        let screen = try await session.waitUntil("the first trips, with the file still being read") {
            $0.contains("Trip 1 ") && $0.contains("Reading trips.json… (keys wait for it)")
        }
        #expect(screen.contains("the first "), "the count says the trips are the file's first:\n\(session.framed(screen))")
        #expect(!screen.contains("\(Self.tripCount) trips"))
        return session
    }

    @Test("Keys typed while the file is read act on the whole file once it is read, in order")
    func keysWaitForTheWholeFile() async throws {
        let session = try await sessionShowingFirstTrips(LargeTripsFile.text(trips: Self.tripCount, stops: 100))
        defer { session.close() }
        // End then delete: on the first trips alone, End would select one of them; held, it
        // selects the file's last trip.
        try await session.sendKeys("End", "d", "y")
        let held = try await session.capture()
        #expect(!held.contains("Delete “"), "nothing acts before the whole file is read:\n\(session.framed(held))")
        try session.release("read-trips")
        let screen = try await session.waitFor("Deleted “Trip \(Self.tripCount)”")
        #expect(screen.contains("\(Self.tripCount - 1) trips"), "\(session.framed(screen))")
        #expect(!screen.contains("Reading trips.json"))
        try await TripListEndToEndTests.quitNormally(session)
        let names = Run.names(of: try Run.trips(at: session.dataFile))
        #expect(names == (1..<Self.tripCount).map { "Trip \($0)" })
    }

    @Test("A file that fails to parse after its first trips stops the planner with the usual error, and is left as it is")
    func aBrokenFileStopsWithTheUsualError() async throws {
        let broken = String(LargeTripsFile.text(trips: Self.tripCount, stops: 100).dropLast(2)) + ",]}"
        let session = try await sessionShowingFirstTrips(broken)
        defer { session.close() }
        let listed = try Run.process(try RoadtripBinary.path(), ["--file", session.dataFile.path, "list"], environment: Run.environment(["LANG": "C.UTF-8"]))
        let message = try #require(listed.standardError.split(separator: "\n").first.map(String.init))
        #expect(message.contains(session.dataFile.path) && message.contains("line 1, column"), "\(listed.standardError)")
        try await session.sendKeys("j", "d", "y")
        try session.release("read-trips")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 1)
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains(message), "\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen))
        #expect(try String(contentsOf: session.dataFile, encoding: .utf8) == broken)
    }
}
