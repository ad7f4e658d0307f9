import CNCurses
import Testing
@testable import Terminal
@testable import TextCanvas

/// Curses is global state: every test here is synchronous and on the main actor, so sessions
/// never overlap, and `withOffscreenTerminal` always stops the session.
@MainActor
@Suite struct SurfaceTests {
    @Test func offscreenSessionHasTheRequestedSize() throws {
        try withOffscreenTerminal(width: 40, height: 10) { terminal in
            #expect(terminal.width == 40)
            #expect(terminal.height == 10)
            #expect(terminal.surface.bounds == Rect(row: 0, column: 0, width: 40, height: 10))
            #expect(terminal.surface.lines() == Array(repeating: "", count: 10))
        }
    }

    @Test func textAppearsAtItsRowAndColumn() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("hello", row: 2, column: 5) == 5)
            #expect(surface.lines()[2] == spaces(5) + "hello")
            #expect(surface.cell(row: 2, column: 5).text == "h")
            #expect(surface.lines().enumerated().allSatisfy { $0.offset == 2 || $0.element.isEmpty })
        }
    }

    @Test func textIsClippedToItsWidthWithAnEllipsis() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("abcdefgh", row: 0, column: 0, width: 5) == 5)
            surface.text("|", row: 0, column: 6)
            #expect(surface.lines()[0] == "abcd… |")
        }
    }

    /// A distance's "≈", a dash, accented letters: drawn a cell a scalar without glyphs, in the
    /// style asked, and clipped like any other text when they do not fit.
    @Test func oneColumnSignsAndLettersTakeACellEach() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("≈ 12 km — São", row: 0, column: 2, style: .selected) == 13)
            #expect(surface.lines()[0] == "  ≈ 12 km — São")
            #expect(surface.cell(row: 0, column: 2).text == "≈")
            #expect(surface.cell(row: 0, column: 14).text == "o")
            #expect((2..<15).allSatisfy { surface.style(row: 0, column: $0) == .selected })
            #expect(surface.style(row: 0, column: 15) == .normal)
            #expect(surface.text("≈ 1,234 km", row: 1, column: 0, width: 6) == 6)
            #expect(surface.lines()[1] == "≈ 1,2…")
        }
    }

    @Test func textNeverGoesPastTheRightEdge() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("0123456789", row: 0, column: 35) == 5)
            #expect(surface.lines()[0] == spaces(35) + "0123…")
            #expect(surface.lines()[1] == "")
        }
    }

    @Test func wideCharacterThatCannotFitAtTheEdgeBecomesAnEllipsis() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.text("東", row: 0, column: 39)
            #expect(surface.cell(row: 0, column: 39).text == "…")
            #expect(surface.lines()[1] == "")
        }
    }

    @Test func cjkTakesTwoCellsPerCharacter() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("東京", row: 1, column: 0) == 4)
            surface.text("x", row: 1, column: 4)
            #expect(surface.lines()[1] == "東京x")
            #expect(surface.cell(row: 1, column: 0).text == "東")
            #expect(surface.cell(row: 1, column: 2).text == "京")
            #expect(surface.cell(row: 1, column: 4).text == "x")
        }
    }

    @Test func textAfterWideCharactersStartsAtTheRightColumn() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.text("a東京b😀c", row: 0, column: 3)
            #expect(surface.lines()[0] == spaces(3) + "a東京b😀c")
            #expect(surface.cell(row: 0, column: 8).text == "b")
            #expect(surface.cell(row: 0, column: 11).text == "c")
        }
    }

    @Test func combiningSequenceReadsBackAsOneCell() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("e\u{301}z", row: 0, column: 0) == 2)
            #expect(surface.cell(row: 0, column: 0).text.unicodeScalars.map(\.value) == [0x65, 0x301])
            #expect(surface.cell(row: 0, column: 1).text == "z")
        }
    }

    @Test func flagFillsBothOfItsCells() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.text("abcd", row: 0, column: 0)
            #expect(surface.text("🇫🇷", row: 0, column: 0) == 2)
            #expect(surface.lines()[0] == "🇫🇷cd")
            #expect(surface.cell(row: 0, column: 1).text == "\u{1F1F7}")
        }
    }

    @Test func escapeSequenceInTextDoesNotReachTheCells() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.text("a\u{1B}[2Jb\u{9B}31mc\u{07}", row: 0, column: 0)
            let cells = (0..<40).map { surface.cell(row: 0, column: $0).text }
            let raw = cells.flatMap(\.unicodeScalars).filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(raw.isEmpty)
            #expect(surface.lines()[0] == "a\u{FFFD}[2Jb\u{FFFD}31mc\u{FFFD}")
        }
    }

    @Test func fillPaintsTheGivenCellsInTheStyle() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.fill(row: 3, column: 2, width: 5, style: .selected)
            #expect((2..<7).allSatisfy { surface.style(row: 3, column: $0) == .selected })
            #expect(surface.style(row: 3, column: 1) == .normal)
            #expect(surface.style(row: 3, column: 7) == .normal)
            #expect(surface.lines()[3] == "")
        }
    }

    @Test func fillStopsAtTheRightEdge() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.fill(row: 0, column: 30, width: 50, style: .selected)
            #expect(surface.style(row: 0, column: 39) == .selected)
            #expect(surface.style(row: 1, column: 0) == .normal)
        }
    }

    @Test func fillRectPaintsEveryRow() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.fill(Rect(row: 1, column: 1, width: 3, height: 2), style: .selected)
            #expect(surface.style(row: 1, column: 1) == .selected)
            #expect(surface.style(row: 2, column: 3) == .selected)
            #expect(surface.style(row: 3, column: 1) == .normal)
            #expect(surface.style(row: 1, column: 4) == .normal)
        }
    }

    @Test func boxDrawsCornersAndSides() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.box(Rect(row: 1, column: 2, width: 6, height: 4))
            let lines = surface.lines()
            #expect(lines[0] == "")
            #expect(lines[1] == "  ┌────┐")
            #expect(lines[2] == "  │    │")
            #expect(lines[3] == "  │    │")
            #expect(lines[4] == "  └────┘")
            #expect(lines[5] == "")
            #expect(surface.style(row: 1, column: 2) == Palette(usesColor: false).firstStyle(like: .border))
        }
    }

    @Test func boxTooSmallDrawsNothing() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.box(Rect(row: 1, column: 1, width: 1, height: 5))
            surface.box(Rect(row: 1, column: 1, width: 5, height: 1))
            #expect(surface.lines() == Array(repeating: "", count: 10))
        }
    }

    @Test func ruleDrawsAHorizontalLineOfTheWidth() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.rule(row: 5, column: 3, width: 10)
            #expect(surface.lines()[5] == spaces(3) + String(repeating: "─", count: 10))
        }
    }

    @Test func monochromeStyleReadsBackAsAStyleDrawnTheSameWay() throws {
        try withOffscreenTerminal(color: false) { terminal in
            #expect(!terminal.usesColor)
            let surface = terminal.surface
            let palette = Palette(usesColor: false)
            for style in Style.allCases {
                surface.text("x", row: 0, column: style.rawValue, style: style)
                let read = try #require(surface.style(row: 0, column: style.rawValue), "\(style)")
                #expect(read == palette.firstStyle(like: style), "\(style)")
            }
            #expect(surface.style(row: 0, column: 1) == .title)
            #expect(surface.style(row: 0, column: Style.selected.rawValue) == .selected)
            #expect(surface.style(row: 0, column: Style.dim.rawValue) == .dim)
        }
    }

    @Test func colorStyleReadsBackExactly() throws {
        try withOffscreenTerminal(color: true) { terminal in
            #expect(terminal.usesColor)
            let surface = terminal.surface
            for style in Style.allCases {
                surface.text("x", row: 1, column: style.rawValue, style: style)
            }
            #expect(Style.allCases.map { surface.style(row: 1, column: $0.rawValue) } == Style.allCases.map { Optional($0) })
            #expect(surface.cell(row: 1, column: Style.error.rawValue).pair == Int16(Style.error.rawValue))
        }
    }

    @Test func drawingOutsideTheWindowIsIgnored() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            #expect(surface.text("up", row: -1, column: 0) == 0)
            #expect(surface.text("down", row: 10, column: 0) == 0)
            #expect(surface.text("left", row: 0, column: -1) == 0)
            #expect(surface.text("right", row: 0, column: 40) == 0)
            #expect(surface.text("zero", row: 0, column: 0, width: 0) == 0)
            surface.fill(row: -1, column: 0, width: 10, style: .selected)
            surface.fill(row: 10, column: 0, width: 10, style: .selected)
            surface.rule(row: 12, column: 0, width: 5)
            #expect(surface.lines() == Array(repeating: "", count: 10))
            #expect((0..<40).allSatisfy { surface.style(row: 0, column: $0) == .normal && surface.style(row: 9, column: $0) == .normal })
        }
    }

    @Test func boxPartlyOutsideTheWindowKeepsInside() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.box(Rect(row: 8, column: 35, width: 10, height: 5))
            let lines = surface.lines()
            #expect(lines.count == 10)
            #expect(lines[8].hasPrefix(spaces(35) + "┌"))
            #expect(lines[9] == spaces(35) + "│")
            #expect(lines.allSatisfy { TextWidth.width($0) <= 40 })
        }
    }

    @Test func clearErasesEverything() throws {
        try withOffscreenTerminal { terminal in
            let surface = terminal.surface
            surface.text("something", row: 4, column: 4, style: .title)
            surface.clear()
            #expect(surface.lines() == Array(repeating: "", count: 10))
            #expect(surface.style(row: 4, column: 4) == .normal)
        }
    }

    @Test func resizeChangesTheSize() throws {
        try withOffscreenTerminal { terminal in
            terminal.resize(width: 20, height: 5)
            #expect(terminal.width == 20)
            #expect(terminal.height == 5)
            #expect(terminal.surface.width == 20)
            #expect(terminal.surface.height == 5)
            #expect(terminal.surface.text("this is longer than twenty", row: 0, column: 0) == 20)
            #expect(terminal.surface.text("gone", row: 7, column: 0) == 0)
            #expect(terminal.surface.lines() == ["this is longer than…", "", "", "", ""])
        }
    }
}

extension Palette {
    /// The first style drawn exactly like `style` — what `Surface.style(row:column:)` can tell apart.
    func firstStyle(like style: Style) -> Style? {
        let wanted = attributes(for: style)
        return Style.allCases.first { attributes(for: $0) == wanted }
    }
}
