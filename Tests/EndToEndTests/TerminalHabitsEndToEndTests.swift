import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 53, end to end: what a user who lives in the terminal expects of a full-screen program
/// (vim, less, htop): Ctrl-L repaints, a screen change leaves no old text behind, Ctrl-Z suspends
/// where a shell can bring the program back and says so where none can, and the help names
/// the keys every screen shares.
@Suite("A terminal user's habits, end to end")
struct TerminalHabitsEndToEndTests {
    /// The Pacific Coast Drive's trip screen, from the sample trips.
    static func tripScreen(width: Int = 120, height: Int = 36) async throws -> TmuxSession {
        let session = try await TmuxSession(width: width, height: height)
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("Enter")
        try await session.waitFor("Total distance:")
        return session
    }

    /// Text written into the pane behind the program's back (as a `wall` message or a stray
    /// background job would): curses does not know it is there.
    static func scribble(_ text: String, on session: TmuxSession) async throws {
        let tty = try await session.control("display-message", "-p", "-t", "0", "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
        let descriptor = open(tty, O_WRONLY | O_NOCTTY)
        try #require(descriptor >= 0, "the pane's terminal \(tty) opens")
        defer { close(descriptor) }
        let bytes = Array("\u{1B}7\u{1B}[5;30H\(text)\u{1B}8".utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    @Test("Ctrl-L draws the whole screen again: text written behind the program's back is gone")
    func controlLRepaints() async throws {
        let session = try await Self.tripScreen()
        defer { session.close() }
        try await Self.scribble("STRAY-TEXT-FROM-ELSEWHERE", on: session)
        try await session.waitFor("STRAY-TEXT-FROM-ELSEWHERE")
        try await session.sendKeys("C-l")
        try await session.waitUntil("the stray text gone, the trip still there") { !$0.contains("STRAY-TEXT") && $0.contains("Total distance:") }
        // In a dialog too.
        try await session.sendKeys("S")
        try await session.waitFor("Settings")
        try await Self.scribble("STRAY-OVER-A-DIALOG", on: session)
        try await session.waitFor("STRAY-OVER-A-DIALOG")
        try await session.sendKeys("C-l")
        try await session.waitUntil("the stray text gone, the dialog still there") { !$0.contains("STRAY-OVER") && $0.contains("Settings") }
    }

    /// `L` then `m`: the Google link stayed under the OpenStreetMap text (links are printed
    /// outside curses, so that the terminal finds them whole).
    @Test("Links, then another service: nothing of the first link stays behind")
    func anotherServicesLinksLeaveNoOldText() async throws {
        let session = try await Self.tripScreen()
        defer { session.close() }
        try await session.sendKeys("L")
        try await session.waitFor("https://www.google.com/maps/dir/")
        try await session.sendKeys("m")
        let osm = try await session.waitFor("https://www.openstreetmap.org/directions")
        #expect(!osm.contains("google.com") && !osm.contains("travelmode=driving"), "\(session.framed(osm))")
        try await session.sendKeys("g")
        let google = try await session.waitFor("https://www.google.com/maps/dir/")
        #expect(!google.contains("openstreetmap.org") && !google.contains("Link 2:"), "\(session.framed(google))")
    }

    /// In a tmux pane started with the planner itself (no shell with job control), Ctrl-Z was
    /// dropped by the kernel and nothing said why. It says so now, and the planner goes on.
    @Test("Ctrl-Z where no shell can bring the planner back says so, and the planner goes on")
    func controlZWithoutJobControlSaysWhy() async throws {
        let session = try await Self.tripScreen()
        defer { session.close() }
        try await session.sendKeys("C-z")
        try await session.waitFor("Ctrl-Z cannot suspend roadtrip here: no shell with job control started it")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("Every screen's help names the keys every screen shares: Ctrl-L, Ctrl-Z, Ctrl-C")
    func theHelpNamesTheSharedKeys() async throws {
        // Tall enough for the whole help of the trip screen, the map's keys with it.
        let session = try await Self.tripScreen(height: 70)
        defer { session.close() }
        try await session.sendKeys("?")
        try await session.waitUntil("the help, with the shared keys") { screen in
            screen.contains("Ctrl-L") && screen.contains("Draw the whole screen again")
        }
    }

    /// A dialog over the map ran into its dots ("⠤┌──"), and the scale bar too ("⢀├──────┤ 50 km⡀"):
    /// a blank cell now goes around each.
    @Test("A dialog over the map and the map's scale bar keep a blank cell around them")
    func dialogsAndTheScaleBarKeepClearOfTheMap() async throws {
        let session = try await Self.tripScreen()
        defer { session.close() }
        let map = try await session.waitUntil("the map's scale bar") { $0.contains("├") && $0.contains("┤") }
        for line in map.components(separatedBy: "\n") where line.contains("├") {
            let characters = Array(line)
            let start = try #require(characters.firstIndex(of: "├")), end = try #require(characters.firstIndex(of: "┤"))
            #expect(start == 0 || characters[start - 1] == " ", "\(line)")
            // "┤ 25 km", then a blank cell (or the edge) before whatever the map has.
            let tail = String(characters[(end + 1)...])
            #expect(tail.firstMatch(of: /^ [0-9.,]+ (km|mi|m|ft)( |$)/) != nil, "\(line)")
        }
        try await session.sendKeys("S")
        let dialog = try await session.waitFor("┌")
        let lines = dialog.components(separatedBy: "\n").map(Array.init)
        let top = try #require(lines.firstIndex { $0.contains("┌") })
        let left = try #require(lines[top].firstIndex(of: "┌")), right = try #require(lines[top].firstIndex(of: "┐"))
        #expect(left == 0 || lines[top][left - 1] == " ", "\(String(lines[top]))")
        #expect(right + 1 >= lines[top].count || lines[top][right + 1] == " ", "\(String(lines[top]))")
        if top > 0 {
            let above = lines[top - 1]
            // A captured line ends at its last character that is not blank.
            #expect((max(0, left - 1)...(right + 1)).allSatisfy { $0 >= above.count || above[$0] == " " }, "the row above the dialog: \(String(above))")
        }
    }

    /// `M` on the trip screen, `:`, `Tab`, and `?` or a stray letter on the Links screen did
    /// nothing and said nothing. `M` now opens the regions over the trip (Esc comes back to it);
    /// every other key with no command says so, and where it works.
    @Test("Keys that do nothing say so; M opens the regions from a trip too; ? on the Links screen is its help")
    func keysThatDoNothingSaySo() async throws {
        let session = try await Self.tripScreen()
        defer { session.close() }
        try await session.sendKeys("M")
        try await session.waitFor("No region yet")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip screen again") { $0.contains("Total distance:") && !$0.contains("No region yet") }
        try await session.sendKeys(":")
        try await session.waitFor("the planner has no command line")
        try await session.sendKeys("Tab")
        try await session.waitFor("Tab moves between the fields of a form")
        try await session.sendKeys("I")
        try await session.waitFor("I (Import) works on the trip list — Esc goes there")
        try await session.sendKeys("L")
        try await session.waitFor("https://www.google.com/maps/dir/")
        try await session.sendKeys("x")
        try await session.waitFor("x does nothing in the links")
        try await session.sendKeys("?")
        try await session.waitUntil("the links' help") { $0.contains("Directions links — keys") && $0.contains("Links for OpenStreetMap") }
    }
}
