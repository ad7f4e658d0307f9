import Foundation
import Testing

/// How the program meets the terminal: resizes, colours, locales without UTF-8.
@Suite("Terminal handling, end to end in tmux")
struct TerminalEndToEndTests {
    @Test("A resize lays the screen out again; a tiny terminal gets a notice, and the screen comes back")
    func resizeRelayouts() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await session.waitUntil("the wide layout with a Route column") { Self.headings($0).contains("Route") && $0.contains("Great Ocean Road") }

        try await session.resize(width: 50, height: 12)
        try await session.waitUntil("the narrow layout without the Route column") { screen in
            let headings = Self.headings(screen)
            return headings.contains("Distance") && !headings.contains("Route") && screen.contains("Pacific Coast Drive")
                && screen.components(separatedBy: "\n").allSatisfy { $0.count <= 50 }
        }

        try await session.resize(width: 24, height: 4)
        try await session.waitFor("Terminal too small")

        try await session.resize(width: 100, height: 30)
        try await session.waitUntil("the wide layout again") { Self.headings($0).contains("Route") && $0.contains("Monterey → Morro Bay") }
        try await session.sendKeys("q")
        let (status, _) = try await session.waitForExit()
        #expect(status == 0)
    }

    @Test("Keys typed while the “Terminal too small” notice hides the screen do nothing: d y deletes no trip")
    func noBlindKeysWhileTooSmall() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.resize(width: 20, height: 4)
        try await session.waitFor("Terminal too small")
        try await session.sendKeys("d", "y")
        // The notice counts them, so the resize below comes after both keys were read.
        try await session.waitFor("2 keys ignored")
        try await session.resize(width: 100, height: 30)
        try await session.waitUntil("the trip list again, every trip there and no question open") { screen in
            SampleTrips.names.allSatisfy(screen.contains) && !screen.contains("Delete “")
        }
        try await session.sendKeys("q")
        let (status, _) = try await session.waitForExit()
        #expect(status == 0)
        #expect(try Run.names(of: Run.trips(at: session.dataFile)) == SampleTrips.names)
    }

    @Test("q quits (and saves) while the notice hides a trip; d y before it deletes no stop")
    func quitWhileTooSmall() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.resize(width: 20, height: 4)
        try await session.waitFor("Terminal too small")
        try await session.sendKeys("d", "y", "q")
        // The shell's last words after the program; the exit status has scrolled above 4 rows.
        try await session.waitFor(TmuxSession.endMarker)
        let history = try Self.captureWithHistory(session)
        #expect(TmuxSession.exitStatus(in: history) == 0, "\(history)")
        let trips = try Run.trips(at: session.dataFile)
        #expect(Run.names(of: trips) == SampleTrips.names)
        #expect((trips.first?["waypoints"] as? [Any])?.count == SampleTrips.stopCounts.first)
    }

    @Test("Colours by default; NO_COLOR draws with attributes only")
    func noColorMeansNoColour() async throws {
        let coloured = try await TmuxSession()
        defer { coloured.close() }
        try await coloured.waitFor("Great Ocean Road")
        let colouredScreen = try await coloured.captureWithAttributes()
        #expect(Self.hasColour(colouredScreen), "expected colour sequences:\n\(colouredScreen)")

        let plain = try await TmuxSession(variables: ["NO_COLOR": "1"])
        defer { plain.close() }
        try await plain.waitFor("Great Ocean Road")
        let plainScreen = try await plain.captureWithAttributes()
        #expect(!Self.hasColour(plainScreen), "expected no colour sequences:\n\(plainScreen)")
        // The selected row and the status bar still stand out, in reverse video.
        #expect(plainScreen.range(of: #"\u001B\[(?:[0-9;]*;)?7m"#, options: .regularExpression) != nil)
    }

    @Test("Outside a UTF-8 locale, text is drawn in ASCII and nothing breaks")
    func asciiFallback() async throws {
        let session = try await TmuxSession(variables: ["LANG": "C"])
        defer { session.close() }
        let screen = try await session.waitFor("Great Ocean Road")
        // Accents folded, arrows spelled out: no glyph of ours becomes "?".
        #expect(screen.contains("Reykjavik -> Reykjavik"))
        #expect(screen.contains("Wurzburg -> Fussen"))
        let rows = screen.split(separator: "\n").filter { $0.contains(" stops ") }
        #expect(rows.count == SampleTrips.names.count && !rows.contains { $0.contains("?") }, "\(screen)")
        #expect(!screen.contains("→"))
        try await session.sendKeys("d")
        try await session.waitUntil("an ASCII dialog box") { $0.contains("+---") && $0.contains("Delete") }
        try await session.sendKeys("n", "q")
        let (status, _) = try await session.waitForExit()
        #expect(status == 0)
        #expect(try Run.names(of: Run.trips(at: session.dataFile)) == SampleTrips.names)
    }

    /// The pane and the lines that scrolled off its top, wrapped lines joined.
    static func captureWithHistory(_ session: TmuxSession) throws -> String {
        let result = try Run.process(
            try TmuxSession.tmuxPath(), ["-f", "/dev/null", "-L", session.socket, "capture-pane", "-p", "-J", "-S", "-", "-t", "0"],
            environment: Run.environment(["LANG": "C.UTF-8"]))
        guard result.status == 0 else { throw EndToEndFailure("tmux capture-pane failed: \(result.standardError)") }
        return result.standardOutput
    }

    /// The column headings: the second line of the trip list.
    static func headings(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.count > 1 ? lines[1] : ""
    }

    /// Whether the capture sets a foreground or background colour (SGR 30–37, 40–47, 38;5, 48;5…).
    static func hasColour(_ screen: String) -> Bool {
        screen.range(of: #"\u001B\[(?:[0-9;]*;)?(?:3[0-7]|4[0-7]|38;5|48;5|9[0-7]|10[0-7])(?:;[0-9;]*)?m"#, options: .regularExpression) != nil
    }
}
