import Foundation
import Testing
import RoadtripTestSupport

/// What the harness relies on to read a screen only when it is whole (issue 33): under the test
/// gate the program marks every frame in the window title, and only then.
@Suite("The harness's frames, end to end in tmux")
struct HarnessEndToEndTests {
    /// The frame number the pane's title gives ("roadtrip frame N"), nil for any other title.
    static func frameNumber(_ session: TmuxSession) async throws -> Int? {
        let title = try await session.control("display-message", "-p", "-t", "0", "#{pane_title}").trimmingCharacters(in: .whitespacesAndNewlines)
        guard title.hasPrefix("roadtrip frame ") else { return nil }
        return Int(title.dropFirst("roadtrip frame ".count))
    }

    @Test("Under the gate each frame is counted in the title, and a key's frame comes after the one before")
    func framesAreMarked() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        let first = try #require(try await Self.frameNumber(session))
        #expect(first >= 1)
        try await session.sendKeys("?")
        try await session.waitFor("Roadtrips — keys")
        let later = try #require(try await Self.frameNumber(session))
        #expect(later > first)
        try await session.sendKeys("Escape")
        try await session.waitUntil("the help closed") { !$0.contains("Roadtrips — keys") }
        let last = try #require(try await Self.frameNumber(session))
        try await TripListEndToEndTests.quitNormally(session)
        // Left whole after curses gave the terminal back (xterm's terminfo pops the title it pushed).
        #expect(try await Self.frameNumber(session) == last)
    }

    @Test("Without the gate the program sets no title")
    func noMarksOutsideTests() async throws {
        let session = try await TmuxSession(variables: ["ROADTRIP_TEST_GATE": ""])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("?")
        try await session.waitFor("Roadtrips — keys")
        let title = try await session.control("display-message", "-p", "-t", "0", "#{pane_title}")
        #expect(!title.contains("roadtrip"), "\(title)")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the help closed") { !$0.contains("Roadtrips — keys") }
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("A screen read between the marks of a frame, or while they changed, is not taken as whole")
    func onlyAWholeFrameCounts() {
        #expect(TmuxSession.Frame(before: "roadtrip frame 3\n", screen: "a\nb\n", after: "roadtrip frame 3\n").isWhole)
        #expect(!TmuxSession.Frame(before: "roadtrip drawing 4\n", screen: "a\nb\n", after: "roadtrip drawing 4\n").isWhole)
        #expect(!TmuxSession.Frame(before: "roadtrip frame 3\n", screen: "a\nb\n", after: "roadtrip drawing 4\n").isWhole)
        #expect(!TmuxSession.Frame(before: "roadtrip frame 3\n", screen: "a\nb\n", after: "roadtrip frame 4\n").isWhole)
        // Before the program draws, or the shell's lines after it: a title it never set.
        #expect(TmuxSession.Frame(before: "vm\n", screen: "$ \n", after: "vm\n").isWhole)
        #expect(TmuxSession.Frame(before: "x\n", screen: "a\nb\n", after: "x\n").screen == "a\nb")
    }
}
