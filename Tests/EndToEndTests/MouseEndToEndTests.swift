import Foundation
import Testing

/// The mouse through tmux: real SGR reports written to the pane, as a terminal sends them.
@Suite("Mouse, end to end in tmux")
struct MouseEndToEndTests {
    /// The screen row (0-based) of a sample trip in the list: under the title and headings.
    static func tripRow(_ name: String) -> Int {
        2 + (SampleTrips.names.firstIndex(of: name) ?? 0)
    }

    /// Presses and releases the left button on one cell, `times` times, all in one write: a
    /// double click is two clicks within 400 ms of the program's reading them, and reports that
    /// arrive together are read in one turn of its loop, however busy the machine.
    static func click(_ session: TmuxSession, row: Int, column: Int, times: Int = 1) async throws {
        let click = TmuxSession.mouseReport(button: 0, row: row, column: column) + TmuxSession.mouseReport(button: 0, row: row, column: column, release: true)
        try await session.sendText(String(repeating: click, count: times))
    }

    /// The text of the map's side of the screen (right of `column`), for telling it changed.
    static func mapSide(_ screen: String, from column: Int) -> String {
        screen.components(separatedBy: "\n").dropFirst(2).dropLast(4).map { String($0.dropFirst(column)) }.joined(separator: "\n")
    }

    /// The distance the map's scale bar stands for (`├───┤ 500 km`), in km.
    static func scale(_ screen: String) -> Int? {
        guard let bar = screen.range(of: "┤ ") else { return nil }
        return Int(screen[bar.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }

    @Test("Double-click opens a trip, a click selects a stop, the wheel zooms the map, a drag pans it; the modes are off after")
    func clickingThroughTheScreens() async throws {
        let session = try await TmuxSession(width: 130, height: 30)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        #expect(try await session.mouseModes() == "0 1 1", "button-event tracking (1002) in SGR form (1006)")

        try await Self.click(session, row: Self.tripRow("Route 66"), column: 10, times: 2)
        try await session.waitUntil("Route 66 opened by the double click") { screen in
            screen.hasPrefix(" Route 66") && screen.contains("Chicago") && screen.contains("Santa Monica")
        }

        // The map takes the right 52 columns at 130; its scale bar says how far it is zoomed.
        let before = try await session.waitUntil("the map's scale bar") { Self.scale($0) != nil }
        let scale = try #require(Self.scale(before))
        try await session.sendMouse(button: 64, row: 12, column: 104)
        let zoomed = try await session.waitUntil("the map zoomed in by the wheel") { (Self.scale($0) ?? scale) < scale }
        try await session.sendMouse(button: 0, row: 12, column: 104)
        try await session.sendMouse(button: 32, row: 14, column: 114)
        try await session.sendMouse(button: 32, row: 16, column: 119)
        try await session.sendMouse(button: 0, row: 16, column: 119, release: true)
        try await session.waitUntil("the map panned by the drag") { Self.mapSide($0, from: 78) != Self.mapSide(zoomed, from: 78) }

        // Stops start under the headings: Tulsa is the fourth. Enter edits the selected stop.
        try await Self.click(session, row: 5, column: 10)
        try await session.sendKeys("Enter")
        try await session.waitFor("Edit “Tulsa” — Route 66")
        try await session.sendKeys("Escape")
        try await session.waitUntil("back on the trip") { $0.hasPrefix(" Route 66") }
        try await session.sendKeys("Escape")
        _ = try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try await session.mouseModes() == "0 0 0", "the shell gets no mouse reports")
    }

    @Test("--no-mouse asks for no reports, and reports that come anyway do nothing")
    func noMouse() async throws {
        let session = try await TmuxSession(arguments: ["--no-mouse"], width: 100, height: 30)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        #expect(try await session.mouseModes() == "0 0 0")
        try await Self.click(session, row: Self.tripRow("Route 66"), column: 10, times: 2)
        // A key after the clicks: once it has acted, the clicks have been read before it.
        try await session.sendKeys("/")
        let screen = try await session.waitFor("Filter:")
        #expect(screen.hasPrefix(" Roadtrips") && !screen.contains("Springfield"), "still on the trip list:\n\(session.framed(screen))")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the filter closed") { !$0.contains("Filter:") }
        try await TripListEndToEndTests.quitNormally(session)
    }
}
