import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripTestSupport

/// Clicks and the wheel on the real stop editor, drawn off-screen.
@MainActor
@Suite struct WaypointViewMouseTests {
    let presenter = WaypointPresenterSpy()
    let view: WaypointView

    init() {
        view = WaypointView(presenter: presenter)
        let places = [FakePlaces.monterrey, FakePlaces.monterey]
        let choices = WaypointPresenter.choices(for: .places(places), editing: nil)
        view.display(WaypointPresenter.makeViewModel(lookup: .places(places), choices: choices, selected: 1, unit: .km))
        view.fill(place: "mon", name: "", notes: "", stay: "", overnight: false)
    }

    @discardableResult
    private func draw() throws -> (lines: [String], focusedLabel: String?) {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 20, color: true))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds.inset(bottom: 1))
        let lines = terminal.surface.lines()
        // The focused field's label is drawn as a heading.
        let focused = lines.indices.first { terminal.surface.style(row: $0, column: 1) == .header }
        return (lines, focused.map { String(lines[$0].dropFirst().prefix(5)) })
    }

    private func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int = 12) {
        view.handle(.mouse(MouseEvent(kind, row: row, column: column)))
    }

    @Test func aClickOnAFieldFocusesIt() throws {
        let (lines, focused) = try draw()
        #expect(focused == "Place")
        let notes = try #require(lines.firstIndex { $0.hasPrefix(" Notes") })
        mouse(.click, row: notes, column: 2)
        #expect(try draw().focusedLabel == "Notes")
        view.handle(.character("x"))
        #expect(presenter.intents == ["notes x"], "typing goes to the clicked field")
    }

    /// Issue 53: a click gives a field the focus as Tab does, its text selected; a click on the
    /// field being typed in leaves the caret where it is.
    @Test func aClickedFieldHasItsTextSelectedUnlessItHadTheFocus() throws {
        view.fill(place: "", name: "", notes: "Aquarium at 10", stay: "", overnight: false)
        let (lines, _) = try draw()
        let notes = try #require(lines.firstIndex { $0.hasPrefix(" Notes") })
        mouse(.click, row: notes, column: 2)
        view.handle(.character("B"))
        #expect(presenter.intents.last == "notes B")
        mouse(.click, row: notes, column: 2)
        view.handle(.character("y"))
        #expect(presenter.intents.last == "notes By")
    }

    @Test func aClickOnNightsBoxTurnsItOver() throws {
        let (lines, _) = try draw()
        let night = try #require(lines.firstIndex { $0.hasPrefix(" Night") })
        mouse(.click, row: night, column: 9)
        #expect(presenter.intents == ["overnight true"])
        mouse(.click, row: night, column: 30)
        #expect(presenter.intents == ["overnight true"], "beside the box: focus only")
    }

    @Test func aClickChoosesAPlaceAndADoubleClickUsesIt() throws {
        let (lines, _) = try draw()
        #expect(lines[3].contains("Monterrey"))
        mouse(.click, row: 3)
        mouse(.doubleClick, row: 3)
        #expect(presenter.intents == ["select 0", "select 0", "confirm"])
    }

    @Test func theWheelOverThePlacesMovesTheChoice() throws {
        try draw()
        mouse(.wheelUp, row: 4)
        mouse(.wheelUp, row: 15) // not over the places
        #expect(presenter.intents == ["select 0"])
    }
}
