import ScreenModels
import Testing
@testable import Terminal

/// Widgets drawn into an off-screen session and read back cell by cell. Curses is global state:
/// every test is synchronous and on the main actor, and `withOffscreenTerminal` stops the session.
@MainActor
@Suite struct StatusBarDrawingTests {
    private let hints = [KeyHint(key: "n", label: "New"), KeyHint(key: "d", label: "Delete"), KeyHint(key: "q", label: "Quit")]

    @Test func showsTheMessageFirstThenKeyAndLabelHints() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            StatusBar.draw(on: surface, row: 9, hints: hints, message: StatusMessage("Saved"))
            #expect(surface.lines()[9] == " Saved   n New  d Delete  q Quit")
            #expect(surface.style(row: 9, column: 1) == .message)
            #expect(surface.style(row: 9, column: 9) == .statusKey)
            #expect(surface.style(row: 9, column: 11) == .statusBar)
        }
    }

    @Test func withoutAMessageHintsStartAtTheLeft() throws {
        try withOffscreenTerminal { terminal in
            StatusBar.draw(on: terminal.surface, row: 0, hints: hints, message: nil)
            #expect(terminal.surface.lines()[0] == " n New  d Delete  q Quit")
        }
    }

    @Test func errorMessageUsesTheErrorStyle() throws {
        try withOffscreenTerminal(color: true) { terminal in
            StatusBar.draw(on: terminal.surface, row: 0, hints: [], message: .error("Disk full"))
            #expect(terminal.surface.lines()[0] == " Disk full")
            #expect(terminal.surface.style(row: 0, column: 1) == .error)
        }
    }

    @Test func fillsTheWholeRowInTheStatusBarStyle() throws {
        try withOffscreenTerminal(color: true) { terminal in
            StatusBar.draw(on: terminal.surface, row: 9, hints: hints, message: nil)
            #expect(terminal.surface.style(row: 9, column: 39) == .statusBar)
            #expect(terminal.surface.style(row: 8, column: 39) == .normal)
        }
    }

    @Test func dropsHintsThatDoNotFitWhole() throws {
        try withOffscreenTerminal(width: 20, height: 3) { terminal in
            StatusBar.draw(on: terminal.surface, row: 2, hints: hints, message: StatusMessage("Saved"))
            let line = terminal.surface.lines()[2]
            #expect(line == " Saved   n New")
            #expect(!line.contains("Delete") && !line.contains("Quit"))
        }
    }
}

/// Which hints fit: whole ones in the screen's order, `?` help kept at the end.
@Suite struct StatusBarFittingTests {
    private let hints = [
        KeyHint(key: "a", label: "Add"), KeyHint(key: "i", label: "Days"), KeyHint(key: "O", label: "Optimize"),
        KeyHint(key: "e", label: "Export"), KeyHint(key: "?", label: "Help"),
    ]

    @Test func allFitWhenThereIsRoom() {
        #expect(StatusBar.fitting(hints, width: 80) == hints)
    }

    @Test func theLastThatDoNotFitWholeGoAndHelpStays() {
        // " a Add " 7, " i Days " 8, " O Optimize " 12 = 27, + " ? Help " 8 = 35; " e Export " 10 more would be 45.
        let shown = StatusBar.fitting(hints, width: 40)
        #expect(shown.map(\.key) == ["a", "i", "O", "?"])
    }

    @Test func helpGoesLastWhereverTheTableHasIt() {
        let withHelpFirst = [hints[4]] + hints.prefix(2)
        #expect(StatusBar.fitting(withHelpFirst, width: 80).map(\.key) == ["a", "i", "?"])
    }

    @Test func tooNarrowForHelpShowsWhatFits() {
        #expect(StatusBar.fitting(hints, width: 8).map(\.key) == ["?"]) // help first: it leads to the rest
        #expect(StatusBar.fitting(hints, width: 7).map(\.key) == ["a"])
    }
}
