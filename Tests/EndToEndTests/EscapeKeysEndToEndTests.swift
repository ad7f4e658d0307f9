import Foundation
import Testing

/// Keys tmux sends as escape sequences that xterm-256color's terminfo entry does not list.
@Suite("Home, End and unknown escape sequences, end to end in tmux")
struct EscapeKeysEndToEndTests {
    @Test("In the stop editor, Home and End move in the text, and an unknown sequence changes nothing")
    func homeEndAndAnUnknownSequenceInTheStopEditor() async throws {
        let session = try TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try session.sendKeys("G", "a")
        try await session.waitFor("Add a stop after “Morro Bay”")
        try session.sendText("onterey")
        try await session.waitFor("onterey")
        // tmux sends Home as ESC [ 1 ~ and End as ESC [ 4 ~.
        try session.sendKeys("Home")
        try session.sendText("M")
        try session.sendKeys("End")
        try session.sendText(", CA")
        try await session.waitFor("Monterey, CA")
        // Ctrl-Alt-→, a key no screen knows, and garbage: the editor stays, the text with it.
        try session.sendText("\u{1B}[1;7C")
        try session.sendText("\u{1B}[99;9~")
        try session.sendText("!")
        try await session.waitFor("Monterey, CA!")
        #expect(try session.capture().contains("Add a stop after “Morro Bay”"))
        try session.sendKeys("BSpace")
        try await session.waitUntil("the place field without the mark") { !$0.contains("Monterey, CA!") && $0.contains("Monterey, CA") }
        try session.sendKeys("Enter")
        try await session.waitUntil("the new stop in the trip") { $0.contains("8 stops") }
        try session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops.last?["name"] as? String == "Monterey")
    }
}
