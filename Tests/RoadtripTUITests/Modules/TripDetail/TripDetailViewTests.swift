import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

/// The real curses view, drawn off-screen and read back.
@MainActor
@Suite struct TripDetailViewTests {
    let presenter = TripDetailPresenterSpy()
    let view: TripDetailView

    init() {
        view = TripDetailView(presenter: presenter)
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedID: nil, unit: .km, message: nil))
    }

    private func render(width: Int = 100, height: Int = 12) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        return (terminal, terminal.surface.lines())
    }

    @Test func drawsTitleStopsAndSummary() throws {
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Alpine Loop"))
        #expect(lines[0].hasSuffix("2 stops"))
        #expect(lines[1].contains("Stop") && lines[1].contains("Coordinates") && lines[1].contains("Leg") && lines[1].contains("Total"))
        #expect(lines[2].contains("1.") && lines[2].contains("Zürich") && lines[2].contains("47.3769° N, 8.5417° E") && lines[2].contains("—"))
        #expect(lines[3].contains("2.") && lines[3].contains("Füssen"))
        #expect(lines[11].hasPrefix(" Total distance: "))
        #expect(lines[11].contains("by road") && lines[11].contains("driving"))
    }

    @Test func thePlaceColumnAppearsWhenAStopHasARegion() throws {
        var trip = Fixtures.alps
        trip.stops[1].region = "Bavaria"
        trip.stops[1].country = "Germany"
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        let (terminal, lines) = try render(width: 120)
        defer { terminal.stop() }
        #expect(lines[1].contains("Region, country"))
        #expect(lines[3].contains("Bavaria, DE"))
    }

    /// Issue 56, item 13: each leg's driving time beside its distance; on a narrow screen the
    /// coordinates give way first, then the running total (then the region, when a stop has one),
    /// never the name, the leg or its time.
    @Test func narrowScreensKeepNameDistanceAndDrivingTime() throws {
        do {
            let (terminal, lines) = try render(width: 80)
            defer { terminal.stop() }
            #expect(lines[1].contains("Leg") && lines[1].contains("Driving") && lines[1].contains("Total") && !lines[1].contains("Coordinates"))
            #expect(lines[3].contains("Füssen") && lines[3].contains("≈ 205 km") && lines[3].contains("≈ 2 h 34 min"), "\(lines[3])")
        }
        let (terminal, lines) = try render(width: 44)
        defer { terminal.stop() }
        #expect(!lines[1].contains("Coordinates") && !lines[1].contains("Total"))
        #expect(lines[3].contains("Füssen") && lines[3].contains("≈ 205 km"), "\(lines[3])")
        #expect(lines[3].hasSuffix("≈ 2 h 34 min"), "\(lines[3])")
    }

    @Test func hundredsOfStopsScrollToTheSelection() throws {
        var trip = Trip(name: "Long")
        trip.stops = (0..<300).map { Stop(name: "Stop \($0 + 1)", location: Coordinate(latitude: Double($0) / 10, longitude: 0)) }
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: trip.stops[249].id, unit: .km, message: nil))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("250.") && $0.contains("Stop 250") })
        #expect(!lines.contains { $0.contains("Stop 1 ") })
    }

    @Test func theSelectedStopsNotesShowAboveTheSummary() throws {
        var trip = Fixtures.alps
        trip.stops[1].notes = "Cable car to Säntis,\nbook ahead."
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: trip.stops[1].id, unit: .km, message: nil))
        do {
            let (terminal, lines) = try render(width: 100, height: 12)
            defer { terminal.stop() }
            #expect(lines[9] == " 1 → 2 ≈ 205 km: no region covers Zürich · Notes: Cable car to Säntis, / book ahead.", "\(lines)")
            #expect(lines[11].contains("Total distance"))
        }
        // Another stop: the line stays, empty, so that the list keeps its height.
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: trip.stops[0].id, unit: .km, message: nil))
        let (terminal, lines) = try render(width: 100, height: 12)
        defer { terminal.stop() }
        #expect(lines[9].trimmingCharacters(in: .whitespaces).isEmpty && lines[10].contains("─"), "\(lines)")
    }

    /// Issue 35: why the selected stop's leg is an estimate, before its notes, on the line above
    /// the summary; clipped on a narrow screen.
    @Test func theSelectedLegsReasonShowsAboveTheSummaryClipped() throws {
        var trip = Fixtures.pacific
        trip.stops[2].notes = "Rock at sunset."
        let road = LegFigures(meters: 50_000, seconds: 3_000, source: .road)
        let estimate = LegFigures(meters: 120_000, seconds: 5_400, source: .estimate, reason: "no region covers Morro Bay")
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: trip.stops[2].id, unit: .km, message: nil, roadLegs: [road, estimate]))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[9] == " 2 → 3 ≈ 120 km: no region covers Morro Bay · Notes: Rock at sunset.", "\(lines)")
        let narrow = try #require(Terminal.offscreen(width: 30, height: 12))
        defer { narrow.stop() }
        view.draw(on: narrow.surface, in: narrow.surface.bounds)
        let line = narrow.surface.lines()[9]
        #expect(line.hasPrefix(" 2 → 3 ≈ 120 km: no region") && line.hasSuffix("…") && TextWidth.width(line) <= 30, "\(line)")
    }

    @Test func renamingPutsAFieldInTheTitle() throws {
        view.beginRenaming(text: "Alpine Loop")
        view.handle(.end)
        view.handle(.character("!"))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Name: Alpine Loop!"))
        #expect(presenter.intents == ["name Alpine Loop!"])
    }

    @Test func aReadOnlyFileShowsNoEditingKeys() {
        var viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedID: nil, unit: .km, message: nil)
        viewModel.isReadOnly = true
        view.display(viewModel)
        #expect(!view.statusHints.contains { ["Add", "Edit", "Delete", "Rename", "Move"].contains($0.label) }, "\(view.statusHints)")
        #expect(view.statusHints.contains { $0.label == "Help" })
        #expect(!view.helpEntries.contains { $0.text.hasPrefix("Add") || $0.text.hasPrefix("Undo") || $0.text.hasPrefix("Rename") })
        #expect(view.helpEntries.contains { $0.text.hasPrefix("Map:") })
    }

    @Test func renamingStartsWithTheNameSelectedSoTypingReplacesIt() {
        view.beginRenaming(text: "Alpine Loop")
        for character in "Dolomites" { view.handle(.character(character)) }
        #expect(presenter.intents.first == "name D" && presenter.intents.last == "name Dolomites")
        view.beginRenaming(text: "Alpine Loop")
        view.handle(.control("u"))
        #expect(presenter.intents.last == "name ")
    }

    @Test func theFormDrawsOverTheStopsWithItsError() throws {
        view.beginForm(.settings, title: "Estimates", fields: [.text("Road factor", "0.5"), .text("Average speed (km/h)", "80")])
        view.showFormError("Not a number.")
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Estimates"))
        #expect(text.contains("Road factor") && text.contains("0.5"))
        #expect(text.contains("Average speed (km/h)") && text.contains("80"))
        #expect(text.contains("Not a number."))
    }

    @Test func at80ColumnsTheStatusBarShowsOptimizeExportLinkAndSettingsThenHelp() {
        // Issue 25: the bar was cut mid-word and never showed O, e, L or S.
        let shown = StatusBar.fitting(TripDetailView.keymap.statusHints, width: 80)
        #expect(shown.map(\.key) == ["a", "i", "O", "e", "L", "S", "d", "?"])
        #expect(shown.reduce(0) { $0 + TextWidth.width(" \($1.key) \($1.label) ") } <= 80)
        let wide = StatusBar.fitting(TripDetailView.keymap.statusHints, width: 120)
        #expect(wide.map(\.key) == ["a", "i", "O", "e", "L", "S", "d", "Enter", "r", "m", "u", "?"])
    }

    @Test func aViewModelMadeForNoKeyKeepsTheMessageShown() {
        var said = TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedID: nil, unit: .km, message: StatusMessage("Added “Lindau”."))
        view.display(said)
        said.message = nil
        said.keepsMessage = true
        view.display(said)
        #expect(view.statusMessage == StatusMessage("Added “Lindau”."))
        said.keepsMessage = false
        view.display(said)
        #expect(view.statusMessage == nil)
    }

    @Test func commandKeysBecomeIntents() {
        let keys: [Key] = [
            .character("a"), .enter, .character("d"), .delete, .character("J"), .shiftDown, .character("K"), .shiftUp,
            .character("r"), .character("c"), .character("o"), .character("S"), .character(","), .character("i"), .character("A"), .character("O"),
            .character("u"), .control("r"), .character("s"), .character("?"),
            .escape, .character("q"), .left, .character("h"),
        ]
        for key in keys { view.handle(key) }
        #expect(
            presenter.intents == [
                "add", "edit", "delete", "delete", "move 1", "move 1", "move -1", "move -1",
                "rename", "copy link google", "open link google", "settings", "settings", "itinerary", "along", "optimize",
                "undo", "redo", "save", "help", "back", "back", "back", "back",
            ])
    }

    /// The selected stop is the presenter's (the first, here): `j` asks for the next, and the
    /// drawn selection moves only when the presenter's view model says where.
    @Test func theSelectionMovesWhenThePresenterSaysSoNotBefore() throws {
        view.handle(.character("j"))
        view.handle(.character("j"))
        #expect(presenter.intents == ["select 1", "select 1"], "each j asks from the presenter's row")
        do {
            let (terminal, lines) = try render()
            defer { terminal.stop() }
            #expect(lines[2].contains("Zürich"))
            #expect(terminal.surface.style(row: 2, column: 2) == .selected, "the presenter has not answered")
            #expect(terminal.surface.style(row: 3, column: 2) == .normal)
        }
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedID: Fixtures.alps.stops[1].id, unit: .km, message: nil))
        view.handle(.character("k"))
        #expect(presenter.intents.last == "select 0")
        let (terminal, _) = try render()
        defer { terminal.stop() }
        #expect(terminal.surface.style(row: 3, column: 2) == .selected, "the presenter's answer, not the k it has not answered")
        #expect(terminal.surface.style(row: 2, column: 2) == .normal)
    }

    @Test func escapeWhileRenamingRestoresInsteadOfGoingBack() {
        view.beginRenaming(text: "x")
        view.handle(.character("q"))
        view.handle(.escape)
        #expect(presenter.intents == ["name q", "cancel rename"])
    }

    @Test func theFormTakesTextTabAndEnter() {
        view.beginForm(.settings, title: "Estimates", fields: [.text("Road factor", ""), .text("Average speed", "")])
        view.handle(.character("1"))
        view.handle(.tab)
        for character in "90" { view.handle(.character(character)) }
        view.handle(.enter)
        // Each edit is reported (the export form shows where its file goes), a Tab is not.
        #expect(presenter.intents == ["edit form 1,", "edit form 1,9", "edit form 1,90", "submit settings [\"1\", \"90\"]"])
    }

    @Test func escapeCancelsTheForm() {
        view.beginForm(.settings, title: "Estimates", fields: [.text("Road factor", "1.25")])
        view.handle(.escape)
        #expect(presenter.intents == ["cancel form"])
    }

    @Test func theOrderQuestionShowsTheNewOrderAndHowManyMoreDoNotFit() throws {
        view.askToConfirm(
            "Shortest order: 10 km instead of 20 km, 10 km (50%) less. Use this order?",
            details: (1...40).map { "\($0). Stop \($0)" })
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Use this order?"))
        #expect(text.contains("1. Stop 1"))
        #expect(text.contains("more"))
        #expect(!text.contains("40. Stop 40"))
    }

    @Test func theLinksPanelLeavesTheURLToTheTerminalAsOneLineAndSwitchesServices() throws {
        view.handle(.character("L"))
        #expect(presenter.intents == ["links google"])
        let url = "https://www.google.com/maps/dir/?api=1&origin=47.376900,8.541700&destination=47.569600,10.700400&travelmode=driving"
        view.showLinks(title: "“Alpine Loop” in Google Maps", paragraphs: ["Zürich → Füssen", url], service: .google)
        let (terminal, lines) = try render(width: 60, height: 14)
        defer { terminal.stop() }
        // The sentence is drawn; the link is printed by the terminal from the first column, with
        // the rows it wraps to (2 at 60 columns) left blank for it.
        #expect(lines[2].contains("Zürich → Füssen"))
        #expect(terminal.surface.printedLines.map(\.text) == [url])
        #expect(terminal.surface.printedLines.first?.row == 3)
        #expect(lines[3].trimmingCharacters(in: .whitespaces).isEmpty && lines[4].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(lines.joined().contains("Shift-drag selects a link whole"))
        view.handle(.character("m"))
        view.handle(.character("g")) // the service shown: nothing to do
        view.handle(.character("a"))
        view.handle(.character("c"))
        view.handle(.character("o"))
        view.handle(.escape)
        view.handle(.character("a")) // closed: `a` adds a stop again
        #expect(presenter.intents == ["links google", "links osm", "links apple", "copy link google", "open link google", "add"])
    }

    @Test func theQuestionTakesOnlyYesOrNo() {
        view.askToConfirm("Delete?", details: [])
        view.handle(.character("a"))
        view.handle(.character("n"))
        view.handle(.character("a"))
        #expect(presenter.intents == ["answer false", "add"])
    }

    // MARK: A quit signal while typing (issue 53)

    @Test func aQuitAsksThePresenterOnlyForAFormWithSomethingTyped() {
        view.beginForm(.settings, title: "Estimates", fields: [.text("Road factor", "1.25"), .text("Average speed (km/h)", "80")])
        #expect(view.finishEditing(before: .asking))
        #expect(presenter.intents.isEmpty, "nothing typed: nothing to keep")
        view.handle(.tab)
        view.handle(.character("9"))
        #expect(view.finishEditing(before: .asking))
        #expect(presenter.intents.last == "quit asking settings [\"1.25\", \"9\"]")
    }

    @Test func aQuitWhileRenamingHandsThePresenterTheNameTyped() {
        view.beginRenaming(text: "Alpine Loop")
        view.handle(.character("D"))
        #expect(view.finishEditing(before: .insisting))
        #expect(presenter.intents.last == "quit insisting renaming D")
    }

    @Test func aShortScreenShowsTheFormAboveTheStatusBar() throws {
        view.beginForm(.settings, title: "Settings", fields: (1...12).map { .text("Field \($0)", "\($0)") })
        let terminal = try #require(Terminal.offscreen(width: 70, height: 12))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds.inset(bottom: 1))
        let lines = terminal.surface.lines()
        #expect(lines[10].contains("└"), "the form's last line is above the status bar's:\n\(lines.joined(separator: "\n"))")
        #expect(lines.joined().contains("↓ 6 more"))
    }
}

/// The trip detail screen at 80 columns: what shortens, and how.
@MainActor
@Suite struct TripDetailNarrowTests {
    @Test func countriesBecomeTheirCodesAndTheSummaryDropsWholePartsAt80Columns() throws {
        var trip = Fixtures.pacific
        for index in trip.stops.indices {
            trip.stops[index].region = "California"
            trip.stops[index].country = "United States"
        }
        let view = TripDetailView(presenter: TripDetailPresenterSpy())
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        // At 100 columns the region column is too narrow for "California, United States".
        do {
            let wider = try #require(Terminal.offscreen(width: 100, height: 12))
            defer { wider.stop() }
            view.draw(on: wider.surface, in: wider.surface.bounds)
            let lines = wider.surface.lines()
            #expect(lines[2].contains("California, US") && !lines[2].contains("United"), "\(lines)")
        }
        // The summary whole at 80 columns (77 of them), a shorter form at 60, never clipped.
        let forms = TripText.summaries(
            legs: LegFigures.estimated(legs: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip)), estimate: RouteEstimate(for: trip), unit: .km)
        for (width, shown) in [(80, forms.prefix(1)), (60, forms.dropFirst())] {
            let terminal = try #require(Terminal.offscreen(width: width, height: 12))
            defer { terminal.stop() }
            view.draw(on: terminal.surface, in: terminal.surface.bounds)
            let summary = terminal.surface.lines()[11].trimmingCharacters(in: .whitespaces)
            #expect(shown.contains(summary), "\(width): \(summary)")
            #expect(!summary.hasSuffix("…"))
        }
        #expect(CountryCodes.code(forName: "United States") == "US" && CountryCodes.code(forName: "Germany") == "DE")
        #expect(CountryCodes.code(forName: "Czech Republic") == "CZ" && CountryCodes.code(forName: "Atlantis") == nil)
    }

    /// Issue 38: a narrow column once showed "Andorra la Vella" (no country) in one row and "AD"
    /// (no region) in the next, each row its own longest form that fitted. Every row now reads
    /// the same way, region then country code, and a label too long is visibly clipped.
    @Test func everyRowWritesItsRegionTheSameWayAndALongOneIsClipped() throws {
        var trip = Fixtures.pacific
        trip.stops[0].region = "Provence-Alpes-Côte d'Azur"
        trip.stops[0].country = "France"
        trip.stops[1].region = "Île-de-France"
        trip.stops[1].country = "France"
        let view = TripDetailView(presenter: TripDetailPresenterSpy())
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        let terminal = try #require(Terminal.offscreen(width: 100, height: 12))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let lines = terminal.surface.lines()
        #expect(lines[2].contains("Provence-Alpes-") && lines[2].contains("…") && !lines[2].contains(" FR "), "\(lines[2])")
        #expect(lines[3].contains("Île-de-France, FR"), "\(lines[3])")
    }
}

// MARK: Search and pages (issue 53)

@MainActor
extension TripDetailViewTests {
    /// The view model with a search: typed (the prompt open) or kept (Enter).
    private func searching(_ pattern: String, typing: Bool) -> TripDetailViewModel {
        var viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedID: nil, unit: .km, message: nil)
        viewModel.search.begin(at: 0)
        _ = viewModel.search.type(pattern, count: 2) { $0 == 0 }
        if !typing { viewModel.search.submit() }
        return viewModel
    }

    @Test func slashNAndShiftNBecomeIntents() {
        for key: Key in [.character("/"), .character("n"), .character("N")] { view.handle(key) }
        #expect(presenter.intents == ["search", "next match", "previous match"])
    }

    @Test func whileThePromptIsOpenKeysArePattern() {
        view.display(searching("zu", typing: true))
        #expect(view.searchPrompt?.pattern == "zu")
        for key: Key in [.character("r"), .character("j"), .backspace, .enter] { view.handle(key) }
        #expect(presenter.intents == ["search for zur", "search for zurj", "search for zur", "submit search"], "j is text, not a move")
        view.display(searching("zur", typing: false))
        #expect(view.searchPrompt == nil)
        view.handle(.escape)
        #expect(presenter.intents.last == "back", "Esc goes back once the prompt is closed")
    }

    @Test func escapeInThePromptCancelsTheSearch() {
        view.display(searching("zu", typing: true))
        view.handle(.escape)
        #expect(presenter.intents == ["cancel search"])
    }

    /// The rows mark what the search matches (accents folded), as less marks its matches.
    @Test func theRowsMarkWhatTheSearchMatches() throws {
        view.display(searching("zur", typing: false))
        let terminal = try #require(Terminal.offscreen(width: 100, height: 12, color: true))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let surface = terminal.surface
        let line = surface.lines()[2]
        let start = try #require(line.range(of: "Zürich").map { line.distance(from: line.startIndex, to: $0.lowerBound) })
        #expect((start..<start + 3).allSatisfy { surface.style(row: 2, column: $0) == .match }, "Zür")
        #expect(surface.style(row: 2, column: start + 3) == .selected, "ich")
        #expect(!(0..<100).contains { surface.style(row: 3, column: $0) == .match }, "Füssen has no zur")
    }

    /// Ctrl-D, Ctrl-U, Ctrl-F, Ctrl-B and Space ask for the row half a page or a page away.
    @Test func thePagersKeysMoveByHalfAPageOrAPage() throws {
        var trip = Trip(name: "Long")
        trip.stops = (0..<300).map { Stop(name: "Stop \($0 + 1)", location: Coordinate(latitude: Double($0) / 10, longitude: 0)) }
        let viewModel = TripDetailPresenter.makeViewModel(trip: trip, selectedID: trip.stops[0].id, unit: .km, message: nil)
        view.display(viewModel)
        presenter.answerSelections(in: view, showing: viewModel)
        let (terminal, _) = try render(width: 100, height: 24)
        terminal.stop()
        // 24 lines: the title, the headings, 19 rows, the selected stop's line, the rule, the summary.
        let page = 19
        for key: Key in [.control("d"), .control("d"), .control("u"), .control("f"), .character(" "), .control("b")] { view.handle(key) }
        let half = page / 2, full = page - 1
        #expect(
            presenter.intents == [
                "select \(half)", "select \(2 * half)", "select \(half)", "select \(half + full)", "select \(half + 2 * full)",
                "select \(half + full)",
            ])
    }
}
