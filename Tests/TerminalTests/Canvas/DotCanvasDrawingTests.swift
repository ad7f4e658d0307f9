import Testing
@testable import Terminal
@testable import TextCanvas

@MainActor
@Suite struct DotCanvasDrawingTests {
    @Test func drawsDotsAndTextWithTheirStyles() throws {
        try withOffscreenTerminal(width: 20, height: 4, color: true) { terminal in
            var canvas = DotCanvas(width: 8, height: 2)
            canvas.line(x0: 0, y0: 0, x1: 15, y1: 0, style: .mapCoast)
            canvas.setDot(x: 1, y: 1, style: .mapRoute)
            canvas.text("7", row: 1, column: 2, style: .mapPinSelected)
            canvas.draw(on: terminal.surface, row: 1, column: 3, glyphs: .braille)
            let lines = terminal.surface.lines()
            #expect(lines[1] == spaces(3) + "\u{2819}" + String(repeating: "\u{2809}", count: 7))
            #expect(lines[2] == spaces(5) + "7")
            #expect(terminal.surface.style(row: 1, column: 3) == .mapRoute)
            #expect(terminal.surface.style(row: 1, column: 4) == .mapCoast)
            #expect(terminal.surface.style(row: 2, column: 5) == .mapPinSelected)
        }
    }

    @Test func monochromeMapStylesDifferByAttribute() {
        let palette = Palette(usesColor: false)
        #expect(palette.attributes(for: .mapRoute) != palette.attributes(for: .mapCoast))
        #expect(palette.attributes(for: .mapPin) != palette.attributes(for: .mapPinSelected))
        #expect(palette.attributes(for: .mapPin) != palette.attributes(for: .mapLabel))
    }
}
