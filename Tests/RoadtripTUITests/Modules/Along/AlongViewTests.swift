import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

/// The real curses view, drawn off-screen and read back.
@MainActor
@Suite struct AlongViewTests {
    let presenter = AlongPresenterSpy()
    let view: AlongView

    init() {
        view = AlongView(presenter: presenter)
        let detours: [LegFigures?] = [LegFigures(meters: 1_700, seconds: 240, source: .road), nil]
        var viewModel = AlongPresenter.makeViewModel(
            trip: AlongFixtures.valley, day: nil, kinds: [.sights, .camping], reach: 2_000,
            finding: AlongFinding(found: AlongFixtures.along, tripMeters: 11_600, roads: []),
            detours: detours, isSearching: false, unit: .km, detourProgress: (1, 2))
        viewModel.selectedRow = 0
        view.display(viewModel)
    }

    private func render(width: Int = 110, height: Int = 12) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        return (terminal, terminal.surface.lines())
    }

    @Test func drawsTheKindsTheDistanceTheHeadingsAndARowPerPlace() throws {
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Along the road: Valley"))
        // Ten kinds and the distance, on two lines at 110 columns.
        #expect(lines[1].hasPrefix(" [ ] 1 fuel   [ ] 2 charging") && lines[1].contains("[ ] 4 beds   [x] 5 camping   [x] 6 sights"), "\(lines[1])")
        #expect(lines[2].contains("[ ] 0 groceries") && lines[2].contains("within 2.0 km (+/-)"), "\(lines[2])")
        for heading in AlongColumns.headings { #expect(lines[3].contains(heading), "\(heading)") }
        #expect(
            lines[4].contains("0.9 km") && lines[4].contains("day 1") && lines[4].contains("0.8 km right")
                && lines[4].contains("mping Valira") && lines[4].contains("camp site") && lines[4].contains("1.7 km, 4 min"), "\(lines[4])")
        #expect(lines[5].contains("Casa d'Areny-Plandolit") && lines[5].contains("museum") && !lines[5].contains(" min"))
        #expect(lines[9].hasPrefix(" Càmping Valira · camp site · 0.9 km of 11.6 km · day 1 · 0.8 km off, right · detour 1.7 km, 4 min"), "\(lines[9])")
        #expect(lines[11] == " 2 places in the order they come · routing the detours of the rows in view: 1 of 2")
        #expect(terminal.surface.style(row: 4, column: 2) == .selected)
        #expect(presenter.shownRows == [0..<2], "the rows drawn are told, once")
    }

    /// Issue 53, item 9: at 60 columns the name had 3 columns and the kind none.
    @Test func narrowScreensKeepTheNameWholeAndTheKindAndLeaveOutTheDayAndHowFarOff() throws {
        let (terminal, lines) = try render(width: 60, height: 16)
        defer { terminal.stop() }
        let row = try #require(lines.first { $0.contains("Casa d'Areny-Plandolit") && !$0.contains(" · ") }, "\(lines.joined(separator: "\n"))")
        #expect(row.contains("11.3 km") && row.contains("museum") && !row.contains("day 1") && !row.contains("right"), "\(row)")
        #expect(AlongColumns(width: 59, rows: view.viewModel.rows).cells.map(\.index) == [0, 3, 4, 5], "the day and how far off left out")
        #expect(AlongColumns(width: 59, rows: view.viewModel.rows).cells.first { $0.index == 3 }?.width == 22, "the longest name whole")
        #expect(AlongColumns(width: 108, rows: view.viewModel.rows).cells.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(AlongColumns(width: 30, rows: view.viewModel.rows).cells.map(\.index) == [3, 4], "at the least the name and the kind")
    }

    @Test func aLongListKeepsItsLastColumnForTheScrollIndicator() throws {
        let long = AlongFixtures.found(
            AlongFixtures.place("Càmping and caravan park by the river Valira del Nord", .campSite, 42.507, 1.531), meters: 900, off: 800)
        var viewModel = AlongPresenter.makeViewModel(
            trip: AlongFixtures.valley, day: nil, kinds: [.camping], reach: 2_000,
            finding: AlongFinding(found: Array(repeating: long, count: 30), tripMeters: 11_600, roads: []),
            detours: Array(repeating: LegFigures(meters: 1_700, seconds: 240, source: .road), count: 30),
            isSearching: false, unit: .km)
        viewModel.selectedRow = 0
        view.display(viewModel)
        let (terminal, lines) = try render(width: 90)
        defer { terminal.stop() }
        #expect(lines[5].contains("1.7 km, 4 min") && (lines[5].contains("…") || lines[5].contains("...")), "the name clipped, not the detour: \(lines[5])")
    }

    @Test func fromOneHundredAndTwentyColumnsTheMapMarksThePlacesBeside() throws {
        let (terminal, lines) = try render(width: 160, height: 24)
        defer { terminal.stop() }
        let marks = lines.filter { $0.contains(TextWidth.isUTF8 ? "◆" : "*") }
        #expect(!marks.isEmpty, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("mping Valira") } && lines.contains { $0.contains("│") || $0.contains("|") })
    }

    @Test func emptyListsSayWhy() throws {
        var viewModel = view.viewModel
        viewModel.rows = []
        viewModel.emptyMessage = "Looking along the road…"
        view.display(viewModel)
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("Looking along the road…") } && !lines.contains { $0.contains("Where") })
    }

    @Test func keysBecomeIntents() {
        let keys: [Key] = [
            .character("1"), .character("3"), .character("+"), .character("-"), .down, .enter,
            .character("u"), .control("r"), .character("s"), .character("?"), .escape, .character("A"),
        ]
        for key in keys { view.handle(key) }
        #expect(
            presenter.intents == [
                "toggle fuel", "toggle food", "reach 1", "reach -1", "select 1", "add 0",
                "undo", "redo", "save", "help", "back", "back",
            ])
        #expect(AlongView.kindKeys.count == AlongKind.allCases.count, "a key for every kind")
        view.handle(.character("0"))
        #expect(presenter.intents.last == "toggle \(AlongKind.allCases.last!.rawValue)")
        #expect(view.statusHints.map(\.key).prefix(3) == ["Enter", "0-9", "+/-"])
    }

    @Test func mIsTheMapsUntilEscapeGivesTheKeysBack() {
        view.handle(.character("m"))
        view.handle(.character("+"))
        view.handle(.down)
        #expect(presenter.intents.isEmpty, "+ zooms and ↓ pans the map")
        view.handle(.escape)
        view.handle(.character("+"))
        #expect(presenter.intents == ["reach 1"])
    }

    @Test func aReadOnlyFileOffersNoEnter() {
        var viewModel = view.viewModel
        viewModel.isReadOnly = true
        view.display(viewModel)
        #expect(!view.statusHints.contains { $0.label == "Add stop" } && !view.helpEntries.contains { $0.text.hasPrefix("Undo") })
    }
}
