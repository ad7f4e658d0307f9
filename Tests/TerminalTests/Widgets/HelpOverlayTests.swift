import Foundation
import Testing
@testable import Terminal

@MainActor
@Suite struct HelpOverlayTests {
    private func entries(_ count: Int) -> [HelpEntry] {
        (1...count).map { HelpEntry(keys: "k\($0)", text: "Command number \($0 < 10 ? "0" : "")\($0)") }
    }

    @Test func listsEveryEntryWithItsKeys() throws {
        try withOffscreenTerminal(width: 60, height: 20) { terminal in
            var overlay = HelpOverlay(
                title: "Trips",
                entries: [
                    HelpEntry(keys: "n Ctrl-N", text: "Add a trip"),
                    HelpEntry(keys: "d Delete", text: "Delete the selected trip"),
                    HelpEntry(keys: "q Esc", text: "Leave the planner"),
                ])
            overlay.draw(on: terminal.surface)
            let lines = terminal.surface.lines()
            #expect(lines.contains { $0.contains(" Trips ") })
            for (keys, text) in [("n Ctrl-N", "Add a trip"), ("d Delete", "Delete the selected trip"), ("q Esc", "Leave the planner")] {
                #expect(lines.contains { $0.contains(keys) && $0.contains(text) }, "\(keys)")
            }
        }
    }

    @Test func scrollsDownWhenEntriesDoNotFit() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            let surface = terminal.surface
            var overlay = HelpOverlay(title: "Help", entries: entries(12))
            overlay.draw(on: surface)
            var text = surface.lines().joined(separator: "\n")
            #expect(text.contains("Command number 01"))
            #expect(text.contains("Command number 06"))
            #expect(!text.contains("Command number 07"))

            let stillOpen = overlay.handle(.down)
            #expect(stillOpen)
            surface.clear()
            overlay.draw(on: surface)
            text = surface.lines().joined(separator: "\n")
            #expect(!text.contains("Command number 01"))
            #expect(text.contains("Command number 02"))
            #expect(text.contains("Command number 07"))
        }
    }

    @Test func scrollingStopsAtTheLastEntry() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            let surface = terminal.surface
            var overlay = HelpOverlay(title: "Help", entries: entries(12))
            overlay.draw(on: surface)
            for _ in 0..<20 {
                let stillOpen = overlay.handle(.pageDown)
                #expect(stillOpen)
            }
            surface.clear()
            overlay.draw(on: surface)
            let text = surface.lines().joined(separator: "\n")
            #expect(text.contains("Command number 12"))
            #expect(text.contains("Command number 07"))
            #expect(!text.contains("Command number 06"))
        }
    }

    @Test(arguments: [
        Key.up, .down, .character("j"), .character("k"), .pageUp, .pageDown, .resize,
        .character(" "), .control("f"), .control("b"), .control("d"), .control("u"),
    ])
    func scrollKeysKeepItOpen(key: Key) {
        var overlay = HelpOverlay(title: "Help", entries: entries(3))
        let stillOpen = overlay.handle(key)
        #expect(stillOpen)
    }

    @Test(arguments: [Key.escape, .enter, .character("q"), .character("?"), .character("x"), .function(1), .home, .tab])
    func otherKeysClose(key: Key) {
        var overlay = HelpOverlay(title: "Help", entries: entries(3))
        let stillOpen = overlay.handle(key)
        #expect(!stillOpen)
    }

    /// Issue 53: the help pages as every list does, Space and Ctrl-F a page, Ctrl-D half of one.
    @Test func spaceAndTheControlKeysPage() throws {
        try withOffscreenTerminal(width: 60, height: 10) { terminal in
            let surface = terminal.surface
            var overlay = HelpOverlay(title: "Help", entries: entries(30))
            overlay.draw(on: surface)
            // Six lines show: a page moves six, half a page three.
            @MainActor func firstShown() -> String? {
                surface.clear()
                overlay.draw(on: surface)
                return surface.lines().compactMap { line in line.range(of: #"Command number \d\d"#, options: .regularExpression).map { String(line[$0]) } }
                    .first
            }
            _ = overlay.handle(.character(" "))
            #expect(firstShown() == "Command number 07")
            _ = overlay.handle(.control("d"))
            #expect(firstShown() == "Command number 10")
            _ = overlay.handle(.control("u"))
            _ = overlay.handle(.control("b"))
            #expect(firstShown() == "Command number 01")
            _ = overlay.handle(.control("f"))
            #expect(firstShown() == "Command number 07")
        }
    }

    @Test func longDescriptionsWrapAtWordsWithAHangingIndent() throws {
        let text = "Export the trip as GPX, GeoJSON or KML (the file's extension says which)"
        let overlay = HelpOverlay(title: "Keys", entries: [HelpEntry(keys: "e", text: text), HelpEntry(keys: "q", text: "Quit")])
        let lines = overlay.lines(textWidth: 40)
        #expect(lines.map(\.keys) == ["e", "", "q"])
        #expect(lines[0].text == "Export the trip as GPX, GeoJSON or KML")
        #expect(lines[1].text == "  (the file's extension says which)")
        #expect(lines[2].text == "Quit")
    }

    @Test func at80ColumnsNoDescriptionIsCut() throws {
        try withOffscreenTerminal(width: 80, height: 24) { terminal in
            let text = "Export the trip as GPX, GeoJSON or KML, or as a calendar in iCalendar form (the file's extension says which)"
            var overlay = HelpOverlay(title: "Keys", entries: [HelpEntry(keys: "e", text: text)])
            overlay.draw(on: terminal.surface)
            let screen = terminal.surface.lines().joined(separator: " ")
            #expect(screen.contains("says which)"))
            #expect(!screen.contains("…"))
        }
    }
}
