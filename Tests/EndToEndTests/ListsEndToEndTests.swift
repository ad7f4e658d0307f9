import Foundation
import Testing
import RoadtripTestSupport

/// Issue 53, items 5 and 6, as a user who lives in less, vim and tig would try them: `/` searches
/// every list as it is typed, the match marked and selected, `n`/`N` go from match to match round
/// the ends, Esc puts the selection back; Ctrl-D/Ctrl-U move half a page, Ctrl-F/Ctrl-B and Space
/// a page. Every wait ends on what the screen shows; the file is never changed by any of it.
@Suite("Lists: search and paging, end to end in tmux")
struct ListsEndToEndTests {
    /// The rows of the stop list: "  3.  St. Louis …" (numbered rows only).
    static func stopNumber(_ line: String) -> Int? {
        line.firstMatch(of: #/^\s*(\d+)\.\s/#).flatMap { Int($0.1) }
    }

    /// Opens the trip at `index` of the list (from 0) and waits for its stop list.
    static func openTrip(_ index: Int, named name: String, _ session: TmuxSession) async throws {
        for _ in 0..<index { try await session.sendKeys("j") }
        try await session.sendKeys("Enter")
        try await session.waitUntil("the stops of “\(name)”") { screen in
            TripDetailEndToEndTests.title(screen).hasPrefix(" \(name)") && screen.contains("Total distance:")
        }
    }

    /// Waits until the selected row (drawn in the selection's colours) is the one `isWanted` picks.
    @discardableResult
    static func waitForSelection(
        _ description: String, in session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation,
        _ isWanted: (PaintedScreen) -> Bool
    ) async throws -> PaintedScreen {
        let raw = try await session.waitUntil(description, attributes: true, sourceLocation: sourceLocation) { isWanted(PaintedScreen($0)) }
        return PaintedScreen(raw)
    }

    /// The data file as it was before the test; checked unchanged after the program quit.
    static func quitLeavingTheFileAsItWas(_ session: TmuxSession, before: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await TripListEndToEndTests.quitNormally(session, sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: session.dataFile) == before, "searching and paging change nothing in the file", sourceLocation: sourceLocation)
    }

    // MARK: Item 5: search

    @Test("/ in the stop list selects and marks the stop as it is typed; n and N go round; Esc goes back; nothing is saved")
    func searchTheStops() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let before = try Data(contentsOf: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 30, directory: directory)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        // Iceland Ring Road: 1. Reykjavík … 7. Reykjahlíð … 10. Reykjavík.
        try await Self.openTrip(2, named: "Iceland Ring Road", session)
        try await Self.waitForSelection("Reykjavík, the first stop, selected", in: session) { $0.selectedStop == 1 }

        // Typed without its accent, the pattern finds the first stop after the selected one that
        // holds it, selects it and marks what matched; the prompt is on the status line.
        try await session.sendKeys("/")
        try await session.sendText("reykja")
        var screen = try await Self.waitForSelection("Reykjahlíð found, selected and marked", in: session) { screen in
            screen.selectedStop == 7 && screen.selectedLine?.contains("Reykjahlíð") == true && screen.lines.last?.hasPrefix("/reykja") == true
        }
        #expect(screen.marks[screen.selectedRows[0]] == ["Reykja"], "\(screen.lines)")
        #expect(screen.marks.flatMap { $0 }.count == 3, "both Reykjavíks are marked too: \(screen.marks)")

        // Enter keeps the row; n and N go from match to match, round the ends.
        try await session.sendKeys("Enter")
        try await Self.waitForSelection("the prompt closed, Reykjahlíð kept", in: session) { $0.selectedStop == 7 && $0.lines.last?.contains("Help") == true }
        try await session.sendKeys("n")
        try await Self.waitForSelection("n: the last Reykjavík", in: session) { $0.selectedStop == 10 }
        try await session.sendKeys("n")
        screen = try await Self.waitForSelection("n again: round to the first Reykjavík", in: session) { $0.selectedStop == 1 }
        #expect(screen.lines.last?.contains("Past the last match: on from the top.") == true, "\(screen.lines.last ?? "")")
        try await session.sendKeys("N")
        try await Self.waitForSelection("N: back round to the last Reykjavík", in: session) { $0.selectedStop == 10 }

        // Esc gives a search up and puts the selection back where it was.
        try await session.sendKeys("/")
        try await session.sendText("akur")
        try await Self.waitForSelection("Akureyri found", in: session) { $0.selectedStop == 8 }
        try await session.sendKeys("Escape")
        try await Self.waitForSelection("Esc: back on the last Reykjavík, the prompt gone", in: session) { screen in
            screen.selectedStop == 10 && screen.lines.last?.hasPrefix("/") == false
        }

        // A pattern nothing matches says so and moves nothing.
        try await session.sendKeys("/")
        try await session.sendText("zzz")
        try await session.waitUntil("the prompt saying not found") { $0.components(separatedBy: "\n").last?.contains("not found") == true }
        try await session.sendKeys("Enter")
        try await session.waitFor("Nothing here matches “zzz”.")
        try await Self.waitForSelection("the selection where it was", in: session) { $0.selectedStop == 10 }

        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await Self.quitLeavingTheFileAsItWas(session, before: before)
    }

    @Test("/ in the day view finds a line, and n goes to the next; its status bar offers a, the add key everywhere, for the proposed night")
    func searchTheDays() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let session = try await TmuxSession(width: 100, height: 30, directory: directory)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await Self.openTrip(1, named: "Route 66", session)
        try await session.sendKeys("i")
        try await session.waitUntil("Route 66 day by day") { $0.contains("day by day") && $0.contains("Day 1") }
        #expect(try await session.capture().components(separatedBy: "\n").last?.contains("a Add stop") == true, "the status bar names a")

        try await session.sendKeys("/")
        try await session.sendText("amarillo")
        var screen = try await Self.waitForSelection("the line of Amarillo selected and marked", in: session) { screen in
            screen.selectedLine?.contains("6. Amarillo") == true
        }
        #expect(screen.marks[screen.selectedRows[0]] == ["Amarillo"])
        try await session.sendKeys("Enter")
        // The day headings: "Day" is in every one of them.
        try await session.sendKeys("/")
        try await session.sendText("day ")
        screen = try await Self.waitForSelection("the next day's heading selected", in: session) { $0.selectedLine?.hasPrefix(" Day ") == true }
        let firstFound = screen.selectedLine ?? ""
        try await session.sendKeys("Enter", "n")
        screen = try await Self.waitForSelection("n: another day's heading", in: session) { screen in
            screen.selectedLine?.hasPrefix(" Day ") == true && screen.selectedLine != firstFound
        }
        try await session.sendKeys("q", "q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("The trip list's / is its filter: n and N go through the trips it keeps, marked; Esc goes back to the trip selected before")
    func filterTheTrips() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let before = try Data(contentsOf: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 30, directory: directory)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("j", "j", "j")
        try await Self.waitForSelection("Romantic Road selected", in: session) { $0.selectedLine?.contains("Romantic Road") == true }

        // Esc while the filter is typed: no filter, and the trip selected before is again.
        try await session.sendKeys("/")
        try await session.sendText("ice")
        try await Self.waitForSelection("Iceland alone, selected", in: session) { screen in
            screen.selectedLine?.contains("Iceland Ring Road") == true && !screen.lines.contains { $0.contains("Romantic Road") }
        }
        try await session.sendKeys("Escape")
        try await Self.waitForSelection("every trip back, Romantic Road selected", in: session) { screen in
            screen.selectedLine?.contains("Romantic Road") == true && SampleTrips.names.allSatisfy { name in screen.lines.contains { $0.contains(name) } }
        }

        // "road": Iceland Ring Road, Romantic Road, Great Ocean Road; n goes through them round the end.
        try await session.sendKeys("/")
        try await session.sendText("road")
        try await session.sendKeys("Enter")
        let kept = ["Iceland Ring Road", "Romantic Road", "Great Ocean Road"]
        var screen = try await Self.waitForSelection("three trips kept, Romantic Road still selected", in: session) { screen in
            kept.allSatisfy { name in screen.lines.contains { $0.contains(name) } }
                && !screen.lines.contains { $0.contains("Route 66") || $0.contains("Pacific Coast Drive") }
                && screen.selectedLine?.contains("Romantic Road") == true
        }
        #expect(screen.marks.flatMap { $0 } == ["Road", "Road", "Road"], "each name marks what the filter matched: \(screen.marks)")
        try await session.sendKeys("n")
        try await Self.waitForSelection("n: Great Ocean Road", in: session) { $0.selectedLine?.contains("Great Ocean Road") == true }
        try await session.sendKeys("n")
        screen = try await Self.waitForSelection("n: round to Iceland Ring Road", in: session) { $0.selectedLine?.contains("Iceland Ring Road") == true }
        #expect(screen.lines.last?.contains("Past the last match: on from the top.") == true, "\(screen.lines.last ?? "")")
        try await session.sendKeys("N")
        try await Self.waitForSelection("N: back round to Great Ocean Road", in: session) { $0.selectedLine?.contains("Great Ocean Road") == true }
        try await Self.quitLeavingTheFileAsItWas(session, before: before)
    }

    // MARK: Item 6: pages

    @Test("Ctrl-D, Ctrl-U, Ctrl-F, Ctrl-B and Space move the stop list's selection by half a page or a page")
    func pageTheStops() async throws {
        let directory = try TemporaryDirectory()
        try Data(LargeTripsFile.text(trips: 1, stops: 40).utf8).write(to: directory.dataFile)
        let before = try Data(contentsOf: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 24, directory: directory)
        defer { session.close() }
        try await session.waitFor("Trip 1")
        try await session.sendKeys("Enter")
        let first = try await Self.waitForSelection("the first of 40 stops selected", in: session) {
            $0.selectedStop == 1 && $0.lines.contains { $0.contains("40 stops") }
        }
        // A page is the rows the list shows; a page moves one less (the last row stays in sight), half a page half of them.
        let rows = first.lines.filter { Self.stopNumber($0) != nil }.count
        #expect(rows > 8 && rows < 40, "\(first.lines)")
        let (half, page) = (rows / 2, rows - 1)
        var expected = 1
        for (key, move) in [("C-d", half), ("C-d", half), ("C-u", -half), ("C-f", page), ("C-b", -page), ("Space", page), ("PPage", -page)] {
            try await session.sendKeys(key)
            expected += move
            let wanted = expected
            try await Self.waitForSelection("\(key): stop \(wanted) selected", in: session) {
                $0.selectedStop == wanted && $0.selectedLine?.contains("Stop 1.\(wanted) ") == true
            }
        }
        try await session.sendKeys("Escape")
        try await session.waitFor("Trip 1")
        try await Self.quitLeavingTheFileAsItWas(session, before: before)
    }

    @Test("Space, Ctrl-D, Ctrl-B and Ctrl-U page the trip list as every list")
    func pageTheTrips() async throws {
        let directory = try TemporaryDirectory()
        try Data(LargeTripsFile.text(trips: 60, stops: 2).utf8).write(to: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 24, directory: directory)
        defer { session.close() }
        let first = try await Self.waitForSelection("the first of 60 trips selected", in: session) { $0.selectedLine?.contains("Trip 1 ") == true }
        let rows = first.lines.filter { $0.range(of: #"^ Trip \d+ "#, options: .regularExpression) != nil }.count
        #expect(rows > 8 && rows < 60)
        try await session.sendKeys("Space")
        try await Self.waitForSelection("Space: a page down", in: session) { $0.selectedLine?.contains("Trip \(1 + rows - 1) ") == true }
        try await session.sendKeys("C-d")
        try await Self.waitForSelection("Ctrl-D: half a page more", in: session) { $0.selectedLine?.contains("Trip \(1 + rows - 1 + rows / 2) ") == true }
        try await session.sendKeys("C-b", "C-u")
        try await Self.waitForSelection("Ctrl-B, Ctrl-U: back to the first", in: session) { $0.selectedLine?.contains("Trip 1 ") == true }
        try await TripListEndToEndTests.quitNormally(session)
    }
}

/// A screen read with its colours (`capture-pane -e`): the text of each row, the rows drawn in
/// the selection's colours (black on cyan) and the runs drawn as a search's matches (black on
/// yellow), from the background each cell is drawn on.
struct PaintedScreen {
    let lines: [String]
    let selectedRows: [Int]
    /// Per row, the runs of text marked as matches.
    let marks: [[String]]

    /// The ANSI colours of the palette's selection and match backgrounds (cyan, yellow).
    static let selectionBackground = 6, matchBackground = 3

    init(_ raw: String) {
        var lines: [String] = [], selected: [Int] = [], marks: [[String]] = []
        // tmux writes a change of colour once: it carries over to the next lines.
        var background = -1
        for (row, rawLine) in raw.components(separatedBy: "\n").enumerated() {
            var text = "", runs: [String] = [], run = "", isSelected = false
            let scalars = Array(rawLine.unicodeScalars)
            var index = 0
            while index < scalars.count {
                if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                    var end = index + 2
                    while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                    if end < scalars.count, scalars[end] == "m" {
                        background = Self.background(after: String(String.UnicodeScalarView(scalars[(index + 2)..<end])), from: background)
                    }
                    index = end + 1
                    continue
                }
                text.unicodeScalars.append(scalars[index])
                if background == Self.selectionBackground { isSelected = true }
                if background == Self.matchBackground {
                    run.unicodeScalars.append(scalars[index])
                } else if !run.isEmpty {
                    runs.append(run)
                    run = ""
                }
                index += 1
            }
            if !run.isEmpty { runs.append(run) }
            lines.append(text)
            marks.append(runs)
            if isSelected { selected.append(row) }
        }
        (self.lines, selectedRows, self.marks) = (lines, selected, marks)
    }

    /// The background after an SGR sequence's parameters ("30", "46", "0", "48;5;236").
    static func background(after parameters: String, from current: Int) -> Int {
        let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var background = current, index = 0
        while index < codes.count {
            switch codes[index] {
            case 0, 49: background = -1
            case 40...47: background = codes[index] - 40
            case 100...107: background = codes[index] - 100 + 8
            case 38, 48:
                // An extended colour: 5;n or 2;r;g;b follow.
                let isFive = index + 1 < codes.count && codes[index + 1] == 5
                if codes[index] == 48 { background = isFive && index + 2 < codes.count ? codes[index + 2] : 256 }
                index += isFive ? 2 : 4
            default: break
            }
            index += 1
        }
        return background
    }

    /// The selected row's text, when one row is selected.
    var selectedLine: String? {
        selectedRows.count == 1 ? lines[selectedRows[0]] : nil
    }

    /// The number of the selected stop in a stop list.
    var selectedStop: Int? {
        selectedLine.flatMap(ListsEndToEndTests.stopNumber)
    }
}
