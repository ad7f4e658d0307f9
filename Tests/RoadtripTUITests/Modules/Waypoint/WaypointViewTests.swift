import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripTestSupport

/// The real curses editor, drawn off-screen and read back.
@MainActor
@Suite struct WaypointViewTests {
    let presenter = WaypointPresenterSpy()
    let view: WaypointView

    init() {
        view = WaypointView(presenter: presenter)
        let choices = WaypointPresenter.choices(for: .places([FakePlaces.monterrey, FakePlaces.monterey]), editing: nil)
        var viewModel = WaypointPresenter.makeViewModel(lookup: .places([FakePlaces.monterrey, FakePlaces.monterey]), choices: choices, selected: 1, unit: .km)
        viewModel.title = "Add a stop after “Big Sur” — Pacific Drive"
        viewModel.preview = WaypointPresenter.preview(of: choices[1], previousStop: "Big Sur", distance: 37_411, unit: .km)
        view.display(viewModel)
        view.fill(place: "mon", name: "", notes: "", stay: "", overnight: false)
    }

    private func render(width: Int = 90, height: Int = 20, color: Bool = false) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height, color: color))
        view.draw(on: terminal.surface, in: terminal.surface.bounds.inset(bottom: 1))
        return (terminal, terminal.surface.lines())
    }

    @Test func drawsFieldsResultsAndPreview() throws {
        let (terminal, lines) = try render()
        defer { terminal.stop() }
        #expect(lines[0].hasPrefix(" Add a stop after “Big Sur” — Pacific Drive"))
        #expect(lines[2].hasPrefix(" Place  mon"))
        #expect(lines[3].contains("Monterrey") && lines[3].contains("Nuevo León, Mexico") && lines[3].hasSuffix("pop. 1,122,874"))
        #expect(lines[4].contains("Monterey") && lines[4].contains("California, United States"))
        #expect(terminal.surface.style(row: 4, column: 10) == .selected)
        let text = lines.joined(separator: "\n")
        // Placeholders start where values do, under "mon" (issue 53).
        #expect(text.contains(" Name   (Monterey, the place's name)"))
        #expect(text.contains(" Notes  (optional)"))
        #expect(text.contains("Monterey — California, United States"))
        #expect(text.contains("36.6002° N, 121.8947° W · 37.4 km from Big Sur"))
    }

    @Test func aNarrowTerminalShortensARegionAndCountryByWholeNames() throws {
        let forms = [
            "town, California, United States", "town, California, US", "town, California", "California, United States",
            "California, US", "California", "town, US", "town",
        ]
        var seen: Set<String> = []
        for width in stride(from: 46, through: 90, by: 2) {
            let (terminal, lines) = try render(width: width)
            defer { terminal.stop() }
            let row = lines[4]
            let shown = try #require(forms.first { row.contains(" \($0) ") }, "\(width): \(row)")
            #expect(!row.contains("…"), "\(width): \(row)")
            seen.insert(shown)
        }
        #expect(seen.isSuperset(of: ["town, California, United States", "town, California, US"]), "\(seen)")
    }

    @Test func wideTerminalsShowTheChosenPlaceOnASmallMap() throws {
        var viewModel = WaypointPresenter.makeViewModel(
            lookup: .places([FakePlaces.monterey]), choices: WaypointPresenter.choices(for: .places([FakePlaces.monterey]), editing: nil), selected: 0,
            unit: .km)
        viewModel.mapStop = MapStop(coordinate: FakePlaces.monterey.coordinate, number: 2, name: "Monterey")
        view.display(viewModel)
        let (terminal, lines) = try render(width: 110, height: 22)
        defer { terminal.stop() }
        let mapSide = lines[3...12].map { String($0.dropFirst(110 - WaypointView.mapWidth(fieldWidth: 110 - 9) - 1)) }
        #expect(mapSide.contains { $0.contains("2 Monterey") || $0.contains("Monterey 2") })
        let (narrow, narrowLines) = try render(width: 90, height: 22)
        defer { narrow.stop() }
        #expect(!narrowLines.contains { $0.contains("2 Monterey") })
        // At 200 columns the map takes two fifths of the width, its pin in the middle of it.
        let (wide, wideLines) = try render(width: 200, height: 22)
        defer { wide.stop() }
        let pinColumn = try #require(
            wideLines.lazy.compactMap { line in
                line.range(of: "2 Monterey").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            }.first)
        #expect((140...170).contains(pinColumn), "the pin at column \(pinColumn)")
    }

    @Test func anErrorNoteTakesThePlaceOfResults() throws {
        var viewModel = WaypointPresenter.makeViewModel(lookup: .invalidCoordinates("Latitude 95.0 is out of range."), choices: [], selected: 0, unit: .km)
        viewModel.title = "Add"
        view.display(viewModel)
        // In colour, because without it an error and a status-bar key are drawn alike.
        let (terminal, lines) = try render(color: true)
        defer { terminal.stop() }
        #expect(lines[3].contains("Latitude 95.0 is out of range."))
        #expect(terminal.surface.style(row: 3, column: 9) == .error)
    }

    @Test func typingGoesToTheFocusedFieldAndIsReported() {
        view.handle(.character("t"))
        view.handle(.tab)
        view.handle(.character("X"))
        view.handle(.tab)
        view.handle(.character("n"))
        view.handle(.backTab)
        view.handle(.backspace)
        #expect(presenter.intents == ["place mont", "name X", "notes n", "name "])
    }

    @Test func printableKeysAreTextNotCommands() {
        for key: Key in [.character("q"), .character("?"), .character("a"), .character("d")] { view.handle(key) }
        #expect(presenter.intents == ["place monq", "place monq?", "place monq?a", "place monq?ad"])
    }

    /// The chosen place is the presenter's (row 4, Monterey, here): a key asks for another, and
    /// the drawn choice moves when the presenter's view model says so.
    @Test func theChoiceMovesWhenThePresenterSaysSoNotBefore() throws {
        view.handle(.up)
        #expect(presenter.intents == ["select 0"])
        let before = try render().0
        #expect(before.surface.style(row: 4, column: 10) == .selected, "the presenter has not answered")
        before.stop()
        let choices = WaypointPresenter.choices(for: .places([FakePlaces.monterrey, FakePlaces.monterey]), editing: nil)
        view.display(WaypointPresenter.makeViewModel(lookup: .places([FakePlaces.monterrey, FakePlaces.monterey]), choices: choices, selected: 0, unit: .km))
        let after = try render().0
        defer { after.stop() }
        #expect(after.surface.style(row: 3, column: 10) == .selected)
    }

    @Test func arrowsChooseEnterConfirmsEscapeCancelsF1Helps() {
        view.handle(.up)
        view.handle(.down)
        view.handle(.enter)
        view.handle(.escape)
        view.handle(.function(1))
        #expect(presenter.intents == ["select 0", "select 1", "confirm", "cancel", "help"])
    }

    // MARK: Issue 53

    /// One rule for typing into a field: taking the focus selects its text; typing replaces it,
    /// an arrow keeps it.
    @Test func tabSelectsTheTextOfTheFieldItFocuses() {
        view.fill(place: "", name: "Lunch", notes: "Aquarium at 10", stay: "2 h", overnight: false)
        view.handle(.tab)
        view.handle(.character("D"))
        #expect(presenter.intents.last == "name D")
        view.handle(.tab)
        view.handle(.right)
        view.handle(.character("!"))
        #expect(presenter.intents.last == "notes Aquarium at 10!")
        view.handle(.backTab)
        view.handle(.backspace)
        #expect(presenter.intents.last == "name ")
    }

    @Test func theNamePlaceholderIsDrawnAsOneNotAsAName() throws {
        let (terminal, lines) = try render(color: true)
        defer { terminal.stop() }
        let row = try #require(lines.firstIndex { $0.hasPrefix(" Name") })
        let column = try #require(lines[row].range(of: "(Monterey").map { lines[row].distance(from: lines[row].startIndex, to: $0.lowerBound) })
        #expect(terminal.surface.style(row: row, column: column + 1) == .placeholder)
        #expect(terminal.surface.style(row: 2, column: column) != .placeholder, "the Place typed is text")
    }

    /// A quit signal asks the presenter, which keeps what is typed (`QuitRequest`).
    @Test func aQuitSignalAsksThePresenter() {
        #expect(view.finishEditing(before: .asking))
        presenter.mayQuit = false
        #expect(!view.finishEditing(before: .asking))
        #expect(presenter.intents.suffix(2) == ["quit asking", "quit asking"])
    }
}
