import ScreenModels
import Testing
@testable import Terminal

/// The `/` line of a list's search: a text field's keys, Backspace past the start giving up, and
/// the line drawn where the status bar is.
@MainActor
@Suite struct SearchPromptTests {
    @Test func typingReportsThePatternAndEnterAndEscapeEndIt() {
        var prompt = SearchPrompt()
        #expect(prompt.handle(.character("t")) == .changed("t"))
        #expect(prompt.handle(.character("u")) == .changed("tu"))
        #expect(prompt.handle(.left) == .handled)
        #expect(prompt.handle(.enter) == .submit)
        #expect(prompt.handle(.escape) == .cancel)
        #expect(prompt.handle(.down) == .ignored, "the list's keys do nothing while the pattern is typed")
    }

    /// As in less and vim: Backspace with nothing left to erase gives the search up.
    @Test func backspaceOnAnEmptyPatternCancels() {
        var prompt = SearchPrompt(pattern: "a")
        #expect(prompt.handle(.backspace) == .changed(""))
        #expect(prompt.handle(.backspace) == .cancel)
    }

    /// In a text field Ctrl-U clears, as everywhere; it pages only in lists.
    @Test func ctrlUClearsThePattern() {
        var prompt = SearchPrompt(pattern: "tulsa")
        #expect(prompt.handle(.control("u")) == .changed(""))
    }

    @Test func followsTheSearchItDraws() {
        var search = ListSearch()
        #expect(SearchPrompt.following(search, current: nil) == nil)
        search.begin(at: 0)
        let opened = SearchPrompt.following(search, current: nil)
        #expect(opened?.pattern == "")
        // A pattern nothing matches: the prompt keeps what is typed (and its cursor), and fails.
        var typed = opened ?? SearchPrompt()
        _ = typed.handle(.character("x"))
        _ = typed.handle(.left)
        _ = search.type("x", count: 3) { _ in false }
        let failing = SearchPrompt.following(search, current: typed)
        #expect(failing?.pattern == "x" && failing?.isFailing == true)
        #expect(failing?.field.cursor == 0, "the cursor stays where it was")
        _ = search.cancel()
        #expect(SearchPrompt.following(search, current: failing) == nil)
    }

    @Test func drawsTheSlashThePatternAndTheKeysOnTheLine() throws {
        try withOffscreenTerminal(width: 80, height: 5) { terminal in
            let surface = terminal.surface
            SearchPrompt(pattern: "reykja").draw(on: surface, row: 4)
            let line = surface.lines()[4]
            #expect(line.hasPrefix("/reykja"))
            #expect(line.contains("Enter keeps · Esc goes back"))
            #expect(surface.cursorPosition?.row == 4 && surface.cursorPosition?.column == 7, "the terminal's cursor after the pattern")
        }
    }

    @Test func saysWhenNothingMatches() throws {
        try withOffscreenTerminal(width: 80, height: 5, color: true) { terminal in
            let surface = terminal.surface
            SearchPrompt(pattern: "zzz", isFailing: true).draw(on: surface, row: 0)
            let line = surface.lines()[0]
            #expect(line.hasPrefix("/zzz") && line.contains("not found"))
            let column = try #require(line.range(of: "not found").map { line.distance(from: line.startIndex, to: $0.lowerBound) })
            #expect(surface.style(row: 0, column: column) == .error)
        }
    }
}
