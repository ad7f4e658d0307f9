import Foundation
import Testing

/// Keys tmux sends as escape sequences that xterm-256color's terminfo entry does not list.
@Suite("Home, End and unknown escape sequences, end to end in tmux")
struct EscapeKeysEndToEndTests {
    @Test("In the stop editor, Home and End move in the text, and an unknown sequence changes nothing")
    func homeEndAndAnUnknownSequenceInTheStopEditor() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("G", "a")
        try await session.waitFor("Add a stop after “Morro Bay”")
        try await session.sendText("onterey")
        try await session.waitFor("onterey")
        // tmux sends Home as ESC [ 1 ~ and End as ESC [ 4 ~.
        try await session.sendKeys("Home")
        try await session.sendText("M")
        try await session.sendKeys("End")
        try await session.sendText(", CA")
        try await session.waitFor("Monterey, CA")
        // Ctrl-Alt-→, a key no screen knows, and garbage: the editor stays, the text with it.
        try await session.sendText("\u{1B}[1;7C")
        try await session.sendText("\u{1B}[99;9~")
        try await session.sendText("!")
        try await session.waitFor("Monterey, CA!")
        #expect(try await session.capture().contains("Add a stop after “Morro Bay”"))
        try await session.sendKeys("BSpace")
        try await session.waitUntil("the place field without the mark") { !$0.contains("Monterey, CA!") && $0.contains("Monterey, CA") }
        try await session.sendKeys("Enter")
        try await session.waitUntil("the new stop in the trip") { $0.contains("8 stops") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let stops = try #require(try Run.trips(at: session.dataFile).first?["waypoints"] as? [[String: Any]])
        #expect(stops.last?["name"] as? String == "Monterey")
    }
}
