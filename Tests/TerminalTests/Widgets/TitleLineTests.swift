import Testing
@testable import Terminal

@MainActor
@Suite struct TitleLineTests {
    @Test func titleLeftSubtitleRight() throws {
        try withOffscreenTerminal(width: 30, height: 3) { terminal in
            terminal.surface.titleLine("Roadtrips", subtitle: "5 trips", in: terminal.surface.bounds)
            #expect(terminal.surface.lines()[0] == " Roadtrips" + spaces(12) + "5 trips")
            #expect(terminal.surface.style(row: 0, column: 1) == .title)
        }
    }

    @Test func theSubtitleGivesWayToALongTitle() throws {
        try withOffscreenTerminal(width: 20, height: 3) { terminal in
            terminal.surface.titleLine("A very long trip name indeed", subtitle: "5 trips", in: terminal.surface.bounds)
            let line = terminal.surface.lines()[0]
            #expect(!line.contains("5 trips"))
            #expect(line.hasSuffix("…"))
        }
    }

    @Test func centeredMessageIsWrappedAndCentred() throws {
        try withOffscreenTerminal(width: 20, height: 6) { terminal in
            terminal.surface.centeredMessage("No trips yet. Press a to add one.", in: terminal.surface.bounds)
            let lines = terminal.surface.lines().filter { !$0.isEmpty }
            #expect(lines.count == 3)
            #expect(lines.allSatisfy { $0.hasPrefix(" ") })
            #expect(lines.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ") == "No trips yet. Press a to add one.")
        }
    }
}
