import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

/// The real curses view, drawn off-screen and read back cell by cell.
@MainActor
@Suite struct TripListViewTests {
    let presenter = TripListPresenterSpy()
    let view: TripListView

    init() {
        view = TripListView(presenter: presenter)
        view.display(TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: nil, selectedID: Fixtures.alps.id, unit: .km, message: nil))
    }

    private func render(width: Int = 80, height: Int = 12, color: Bool = false) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height, color: color))
        let surface = terminal.surface
        view.draw(on: surface, in: surface.bounds)
        return (terminal, surface.lines())
    }

    @Test func drawsTitleHeadingsAndRows() throws {
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Roadtrips"))
        #expect(lines[0].hasSuffix("3 trips"))
        #expect(lines[1].contains("Trip") && lines[1].contains("Stops") && lines[1].contains("Distance") && lines[1].contains("Route"))
        #expect(
            lines[2].contains("Pacific Drive") && lines[2].contains("3 stops") && lines[2].contains("≈ 212 km") && lines[2].contains("Monterey → Morro Bay"))
        #expect(lines[3].contains("Alpine Loop") && lines[3].contains("Zürich → Füssen"))
        #expect(lines[4].contains("Someday") && lines[4].contains("0 stops"))
    }

    @Test func theNewTripPromptTakesTheNameAtOnce() throws {
        view.beginNewTrip(name: "New Trip")
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("New trip") })
        #expect(lines.contains { $0.contains("Name") && $0.contains("New Trip") })
        #expect(terminal.surface.cursorPosition != nil)
        // The name is selected: what is typed replaces it; `a`, `d` and the rest are text.
        for character in "Lofoten" { view.handle(.character(character)) }
        view.handle(.enter)
        #expect(presenter.intents == ["submit new trip Lofoten"])
    }

    @Test func escapeLeavesTheNewTripPromptAndAddsNothing() {
        view.beginNewTrip(name: "New Trip")
        view.handle(.escape)
        #expect(presenter.intents == ["cancel editing"])
    }

    @Test func theSelectedRowIsHighlighted() throws {
        let (terminal, _) = try render()
        defer { terminal.stop() }
        #expect(terminal.surface.style(row: 3, column: 2) == .selected)
        #expect(terminal.surface.style(row: 2, column: 2) == .normal)
    }

    @Test func narrowTerminalsDropTheRouteColumn() throws {
        let (terminal, lines) = try render(width: 40)
        defer { terminal.stop() }
        #expect(!lines[1].contains("Route"))
        #expect(lines[2].contains("3 stops"))
        #expect(lines.allSatisfy { TextWidth.width($0) <= 40 })
    }

    @Test func longNamesAreClippedWithAnEllipsis() throws {
        var trip = Fixtures.pacific
        trip.name = String(repeating: "Very long name ", count: 10)
        view.display(TripListPresenter.makeViewModel(trips: [trip], filter: nil, selectedID: nil, unit: .km, message: nil))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[2].contains("…"))
        #expect(lines[2].contains("3 stops"))
    }

    @Test func anEmptyListShowsItsMessage() throws {
        view.display(TripListPresenter.makeViewModel(trips: [], filter: nil, selectedID: nil, unit: .km, message: nil))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("No trips yet. Press a to add one.") })
    }

    @Test func manyTripsScrollToKeepTheSelectionVisible() throws {
        let trips = (1...50).map { Trip(name: "Trip \($0)") }
        view.display(TripListPresenter.makeViewModel(trips: trips, filter: nil, selectedID: trips[39].id, unit: .km, message: nil))
        let (terminal, lines) = try render(height: 10)
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("Trip 40 ") || $0.hasSuffix("Trip 40") || $0.contains(" Trip 40") })
        #expect(!lines.contains { $0.contains("Trip 1 ") })
    }

    @Test func aReadOnlyFileShowsNoEditingKeys() {
        var viewModel = TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: nil, selectedID: nil, unit: .km, message: nil)
        #expect(Set(view.statusHints.map(\.label)).isSuperset(of: ["New", "Rename", "Delete"]))
        viewModel.isReadOnly = true
        view.display(viewModel)
        #expect(view.statusHints.map(\.label) == ["Open", "Filter", "Quit", "Regions", "Sort", "Help"])
        #expect(!view.helpEntries.contains { $0.text.hasPrefix("Add") || $0.text.hasPrefix("Undo") || $0.text.hasPrefix("Delete") })
        #expect(view.helpEntries.contains { $0.text == "Open the selected trip" })
    }

    @Test func renamingStartsWithTheNameSelectedSoTypingReplacesIt() throws {
        view.beginRenaming(text: "Alpine Loop")
        do {
            let (terminal, lines) = try render()
            defer { terminal.stop() }
            #expect(lines[3].contains("Alpine Loop"))
        }
        view.handle(.character("D"))
        view.handle(.character("o"))
        view.handle(.enter)
        #expect(presenter.intents.last == "submit rename Do", "\(presenter.intents)")
    }

    @Test func renamingShowsTheFieldInTheSelectedRow() throws {
        view.beginRenaming(text: "Alpine Loop")
        view.handle(.end)
        view.handle(.character("s"))
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[3].contains("Alpine Loops"))
        #expect(!lines[3].contains("2 stops"))
        #expect(view.statusHints.map(\.key) == ["Enter", "Esc"])
    }

    @Test func theFilterLineShowsAtTheBottom() throws {
        view.display(TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: "alp", selectedID: nil, unit: .km, message: nil))
        view.beginFiltering(text: "alp")
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[11].hasPrefix(" Filter: alp"))
    }

    @Test func theConfirmationDialogDrawsOverTheList() throws {
        view.askToConfirm("Delete “Alpine Loop” and its 2 stops?")
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("Delete “Alpine Loop” and its 2 stops?") })
        #expect(lines.contains { $0.contains("y  Yes") && $0.contains("n  No") })
    }

    // MARK: Keys become intents

    @Test func commandKeysBecomeIntents() {
        for key: Key in [
            .character("a"), .character("r"), .character("d"), .delete, .character("/"), .enter, .right, .character("l"), .character("u"), .control("r"),
            .character("s"), .character("?"), .character("q"),
        ] {
            view.handle(key)
        }
        #expect(presenter.intents == ["add", "rename", "delete", "delete", "filter", "open", "open", "open", "undo", "redo", "save", "help", "quit"])
    }

    @Test func movementKeysSelectRows() {
        presenter.answerSelections(
            in: view,
            showing: TripListPresenter.makeViewModel(
                trips: Fixtures.trips, filter: nil, selectedID: Fixtures.alps.id,
                unit: .km, message: nil))
        view.handle(.down)
        view.handle(.character("k"))
        view.handle(.character("G"))
        view.handle(.character("g"))
        view.handle(.end)
        #expect(presenter.intents == ["select 2", "select 1", "select 2", "select 0", "select 2"])
    }

    /// The selected trip is the presenter's (Alpine Loop, row 1): `j` asks for the next, and the
    /// drawn selection moves only when the presenter's view model says where.
    @Test func theSelectionMovesWhenThePresenterSaysSoNotBefore() throws {
        view.handle(.character("j"))
        view.handle(.character("j"))
        #expect(presenter.intents == ["select 2", "select 2"], "each j asks from the presenter's row")
        do {
            let (terminal, _) = try render()
            defer { terminal.stop() }
            #expect(terminal.surface.style(row: 3, column: 2) == .selected, "the presenter has not answered")
            #expect(terminal.surface.style(row: 4, column: 2) == .normal)
        }
        // The presenter's answer is what is drawn, even when it is not the row asked for.
        view.display(TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: nil, selectedID: Fixtures.pacific.id, unit: .km, message: nil))
        let (terminal, _) = try render()
        defer { terminal.stop() }
        #expect(terminal.surface.style(row: 2, column: 2) == .selected)
        #expect(terminal.surface.style(row: 3, column: 2) == .normal && terminal.surface.style(row: 4, column: 2) == .normal)
        view.handle(.character("j"))
        #expect(presenter.intents.last == "select 1")
    }

    @Test func whileRenamingKeysAreText() {
        view.beginRenaming(text: "")
        for character in "qad?" { view.handle(.character(character)) }
        view.handle(.enter)
        #expect(presenter.intents == ["submit rename qad?"])
    }

    @Test func escapeCancelsARename() {
        view.beginRenaming(text: "x")
        view.handle(.escape)
        #expect(presenter.intents == ["cancel editing"])
    }

    @Test func filterTextIsReportedAsTyped() {
        view.beginFiltering(text: "")
        view.handle(.character("a"))
        view.handle(.character("l"))
        view.handle(.down)
        view.handle(.enter)
        #expect(presenter.intents == ["filter a", "filter al", "select 2", "submit filter"])
    }

    /// Esc in the filter's prompt gives it up (the presenter clears it and selects again the trip
    /// selected at `/`); Esc on the list clears a filter kept.
    @Test func escapeWhileFilteringCancelsIt() {
        view.beginFiltering(text: "al")
        view.handle(.escape)
        view.endEditing()
        view.handle(.escape)
        #expect(presenter.intents == ["cancel filter", "clear filter"])
    }

    @Test func theDialogTakesOnlyYesOrNo() {
        view.askToConfirm("Delete?")
        view.handle(.character("a"))
        view.handle(.character("y"))
        view.handle(.character("q"))
        #expect(presenter.intents == ["answer true", "quit"])
    }

    /// A key with no command asks for a redraw only to say so (issue 53); one not worth a word
    /// (a function key) asks for none.
    @Test func onlyKeysThatActOrSayWhyTheyDoNotAskForARedraw() {
        view.needsDisplay = false
        view.handle(.function(5))
        #expect(!view.needsDisplay)
        view.handle(.character("z"))
        #expect(view.needsDisplay && view.statusMessage?.text == "z does nothing here: ? lists this screen's keys.")
        view.beginRenaming(text: "")
        view.needsDisplay = false
        view.handle(.character("x"))
        #expect(view.needsDisplay)
    }

    @Test func helpListsEveryCommand() {
        let keys = view.helpEntries.map(\.keys)
        #expect(keys.contains("a"))
        #expect(keys.contains("d Delete"))
        #expect(keys.contains("Enter → l"))
        // Most important first: the status bar shows as many as fit, and `?` help at the end.
        #expect(view.statusHints.map(\.label) == ["Open", "New", "Rename", "Delete", "Filter", "Quit", "Import", "Regions", "Sort", "Copy", "Undo", "Help"])
    }

    // MARK: A quit signal while typing (issue 53)

    @Test func aQuitHandsThePresenterWhatIsTypedInTheOpenFieldOrForm() {
        view.beginNewTrip(name: "New Trip")
        #expect(view.finishEditing(before: .asking))
        #expect(presenter.intents.isEmpty, "the name offered, untouched: no trip to add")
        view.handle(.character("L"))
        #expect(view.finishEditing(before: .asking))
        #expect(presenter.intents.last == "quit asking adding L")
        view.endEditing()
        view.beginRenaming(text: "Alpine Loop")
        #expect(view.finishEditing(before: .insisting))
        #expect(presenter.intents.last == "quit insisting renaming Alpine Loop")
        view.endEditing()
        view.beginImport(path: "")
        view.handle(.character("/"))
        #expect(view.finishEditing(before: .asking))
        #expect(presenter.intents.last == "quit asking importing /")
    }
}
