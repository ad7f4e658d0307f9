import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The planner's keys as a first session meets them (issue 25, items 8–12): `a` asking the name,
/// the settings form, the links (`c`, `o`, `L`), the export's path (`e`) and the status bar at
/// 80×24. The real binary in tmux, keys sent, the screen and the saved file read back.
@Suite("The planner's keys in a first session, end to end", .serialized)
struct PlannerKeysEndToEndTests {
    /// The trip detail screen's bottom line.
    private static func statusBar(_ screen: String) -> String {
        screen.components(separatedBy: "\n").last ?? ""
    }

    @Test("a asks for the new trip's name at once: Enter adds it so named, Esc adds nothing")
    func newTripNameFirst() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)

        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        #expect(try await session.cursorIsVisible())
        // "New Trip" is offered selected: typing replaces it.
        try await session.sendText("Lofoten by van")
        try await session.sendKeys("Enter")
        try await session.waitUntil("“Lofoten by van” added") { $0.contains("6 trips") && $0.contains("Added “Lofoten by van”") }
        #expect(!(try await session.cursorIsVisible()))

        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        try await session.sendText("Not this one")
        try await session.sendKeys("Escape")
        let after = try await session.waitUntil("the prompt gone") { !$0.contains("New trip") }
        #expect(after.contains("6 trips") && !after.contains("Not this one"), "\(session.framed(after))")
        try await session.sendKeys("u")
        try await session.waitFor("5 trips") // the one undo entry is the trip added, not the cancelled one
        try await session.sendKeys("C-r")
        try await session.waitFor("6 trips")

        try await TripListEndToEndTests.quitNormally(session)
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == ["Lofoten by van"] + SampleTrips.names)
    }

    @Test("Settings: End days by sunset is a tick box Space ticks, F1 shows what each field means, the cursor shows in text fields")
    func settingsTickBoxHelpAndCursor() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        #expect(!(try await session.cursorIsVisible()))

        try await session.sendKeys("S")
        try await session.waitFor("Settings of “Pacific Coast Drive”")
        #expect(try await session.cursorIsVisible(), "the caret of the focused text field should be the terminal's cursor")
        let form = try await session.capture()
        #expect(
            form.components(separatedBy: "\n").contains { $0.contains("End days by sunset") && $0.contains("[ ] no") },
            "\(session.framed(form))")

        for _ in 0..<8 { try await session.sendKeys("Tab") }
        try await session.sendKeys("Space")
        try await session.waitFor("[x] yes")

        try await session.sendKeys("F1")
        let help = try await session.waitFor("Help — Settings of")
        #expect(help.contains("End days by sunset: Yes: a leg that would arrive after sunset"), "\(session.framed(help))")
        #expect(!(try await session.cursorIsVisible()), "no caret shows through the help panel")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the help closed, the form still open") { !$0.contains("Help — Settings") && $0.contains("[x] yes") }

        try await session.sendKeys("Enter")
        let changed = try await session.waitFor("Settings changed")
        #expect(!changed.contains("Settings of"))
        #expect(!(try await session.cursorIsVisible()), "the cursor should be hidden again once the form closes")

        try await session.sendKeys("q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: session.dataFile).first)
        let settings = try #require(trip["settings"] as? [String: Any])
        #expect(settings["endsBySunset"] as? Bool == true)
    }

    @Test("c copies the Google Maps link by OSC 52 (tmux's buffer holds it), o without a display says why, L prints it as one line")
    func copyOpenAndShowTheLink() async throws {
        // DISPLAY and WAYLAND_DISPLAY empty: no desktop to open a browser on.
        let session = try await TmuxSession(width: 100, height: 30, variables: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        defer { session.close() }
        try await session.control("set-option", "-g", "set-clipboard", "on")
        try await TripDetailEndToEndTests.openPacific(session)

        try await session.sendKeys("c")
        let copied = try await session.waitFor("Copied the Google Maps link (")
        #expect(copied.contains("characters)."))
        // The copy goes to the terminal before the frame that says so: tmux holds it already.
        let buffer = try await session.control("show-buffer")
        #expect(buffer.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=Monterey,%20California"), "tmux's paste buffer: \(buffer)")
        #expect(buffer.contains("&destination=") && !buffer.contains("\n"))

        try await session.sendKeys("o")
        let refused = try await session.waitFor("Cannot open a browser here")
        #expect(Self.statusBar(refused).contains("Cannot open a browser here"))

        try await session.sendKeys("L")
        try await session.waitFor("in Google Maps")
        // Joined as tmux joins what the terminal wrapped: the link is one line, to select whole.
        let joined = try await session.waitUntil("the link printed as one line", joined: true) { screen in
            screen.components(separatedBy: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == buffer }
        }
        #expect(joined.contains("Monterey → "))
        try await session.sendKeys("Escape")
        let back = try await session.waitUntil("the stops again") { $0.contains("Total distance:") && !$0.contains("in Google Maps") }
        #expect(!back.contains("https://"), "no piece of the printed link may stay behind:\n\(session.framed(back))")
    }

    @Test("e offers the full path in the folder the planner was started in; a name typed alone lands there and the status names the full path")
    func exportInTheFolderStartedIn() async throws {
        // Issue 53, item 13: the folder the planner was started in, not the data file's.
        let directory = try TemporaryDirectory()
        let session = try await TmuxSession(width: 110, height: 30, directory: directory, workingDirectory: directory.url)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let folder = session.directory.url.standardizedFileURL.path

        try await session.sendKeys("e")
        let form = try await session.waitFor("Export “Pacific Coast Drive”")
        #expect(form.contains("\(folder)/Pacific Coast Drive.gpx") || form.contains("Pacific Coast Drive.gpx"), "\(session.framed(form))")
        try await session.sendKeys("C-u")
        try await session.sendText("coast.kml")
        // Before anything is written, the form says where the name typed alone goes.
        try await session.waitUntil("the note on where coast.kml goes") { screen in
            screen.contains("Writes ") && screen.replacingOccurrences(of: "│", with: "").contains("coast.kml")
        }
        try await session.sendKeys("Enter")
        let done = try await session.waitFor("Exported “Pacific Coast Drive” to")
        let path = "\(folder)/coast.kml"
        #expect(FileManager.default.fileExists(atPath: path), "\(session.framed(done))")
        #expect(try await session.capture(joined: true).contains(path))
    }

    @Test("At 80×24 the trip screen's status bar shows O, e, L and S as whole keys and ends on ? Help; help lines wrap")
    func statusBarAndHelpAt80Columns() async throws {
        let session = try await TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let screen = try await session.capture()
        let bar = Self.statusBar(screen).trimmingCharacters(in: .whitespaces)
        for hint in ["a Add", "i Days", "O Optimize", "e Export", "L Link", "S Settings"] {
            #expect(bar.contains(hint), "\(hint) in the status bar: \(bar)")
        }
        #expect(bar.hasSuffix("? Help"), "the bar should end on a whole key, ? Help: \(bar)")

        try await session.sendKeys("?")
        try await session.waitFor("keys")
        // The list's keys come first (issue 53 added the pagers' and the search's): the export's a page down.
        try await session.sendKeys("NPage")
        let help = try await session.waitFor("Export the trip")
        let text = help.components(separatedBy: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │|")) }.joined(separator: " ")
        #expect(text.contains("says which)"), "the export key's help should be whole:\n\(session.framed(help))")
        #expect(!help.contains("say…"))
    }
}
