import Testing
@testable import TextCanvas

@Suite struct DotCanvasTests {
    @Test(arguments: [(0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80)])
    func eachDotHasItsBrailleBit(dx: Int, dy: Int, bit: Int) {
        var canvas = DotCanvas(width: 2, height: 2)
        canvas.setDot(x: 2 + dx, y: 4 + dy, style: .mapCoast)
        #expect(canvas.dotBits(row: 1, column: 1) == UInt8(bit))
        #expect(canvas.lines(glyphs: .braille)[1] == " " + String(Character(Unicode.Scalar(0x2800 + UInt32(bit))!)))
        #expect(canvas.isDotSet(x: 2 + dx, y: 4 + dy))
    }

    @Test func allEightDotsMakeAFullBrailleCell() {
        var canvas = DotCanvas(width: 1, height: 1)
        for y in 0..<4 { for x in 0..<2 { canvas.setDot(x: x, y: y, style: .mapCoast) } }
        #expect(canvas.lines(glyphs: .braille) == ["\u{28FF}"])
    }

    @Test func dotsOutsideTheCanvasAreIgnored() {
        var canvas = DotCanvas(width: 2, height: 1)
        canvas.setDot(x: -1, y: 0, style: .mapCoast)
        canvas.setDot(x: 4, y: 0, style: .mapCoast)
        canvas.setDot(x: 0, y: 4, style: .mapCoast)
        #expect(canvas.lines(glyphs: .braille) == [""])
    }

    @Test func horizontalLineSetsEveryDotBetweenItsEnds() {
        var canvas = DotCanvas(width: 4, height: 1)
        canvas.line(x0: 1, y0: 2, x1: 6, y1: 2, style: .mapRoute)
        let set = (0..<8).filter { canvas.isDotSet(x: $0, y: 2) }
        #expect(set == [1, 2, 3, 4, 5, 6])
        #expect((0..<8).allSatisfy { !canvas.isDotSet(x: $0, y: 1) })
    }

    @Test func verticalAndReversedLines() {
        var canvas = DotCanvas(width: 2, height: 2)
        canvas.line(x0: 3, y0: 7, x1: 3, y1: 0, style: .mapRoute)
        #expect((0..<8).allSatisfy { canvas.isDotSet(x: 3, y: $0) })
        #expect((0..<8).allSatisfy { !canvas.isDotSet(x: 2, y: $0) })
    }

    @Test func diagonalAndSteepLinesHaveOneDotPerMajorStep() {
        var canvas = DotCanvas(width: 4, height: 2)
        canvas.line(x0: 0, y0: 0, x1: 7, y1: 7, style: .mapRoute)
        #expect((0..<8).allSatisfy { canvas.isDotSet(x: $0, y: $0) })
        var steep = DotCanvas(width: 4, height: 4)
        steep.line(x0: 0, y0: 0, x1: 3, y1: 15, style: .mapRoute)
        for y in 0..<16 {
            #expect((0..<8).filter { steep.isDotSet(x: $0, y: y) }.count == 1, "row \(y)")
        }
        #expect(steep.isDotSet(x: 3, y: 15))
    }

    @Test func aCellTakesTheStyleOfItsMostImportantDot() {
        var canvas = DotCanvas(width: 1, height: 1)
        canvas.setDot(x: 0, y: 0, style: .mapRoute)
        canvas.setDot(x: 1, y: 1, style: .mapCoast)
        #expect(canvas.style(row: 0, column: 0) == .mapRoute)
        canvas.setDot(x: 1, y: 2, style: .mapPin)
        #expect(canvas.style(row: 0, column: 0) == .mapPin)
        #expect(Style.mapPinSelected.canvasRank > Style.mapPin.canvasRank)
        #expect(Style.mapPin.canvasRank > Style.mapRoute.canvasRank)
        #expect(Style.mapRoute.canvasRank > Style.mapBorder.canvasRank)
        #expect(Style.mapBorder.canvasRank > Style.mapCoast.canvasRank)
        #expect(Style.mapCoast.canvasRank > Style.mapWater.canvasRank)
    }

    @Test func textHidesTheDotsBeneathIt() {
        var canvas = DotCanvas(width: 6, height: 1)
        canvas.line(x0: 0, y0: 0, x1: 11, y1: 0, style: .mapCoast)
        canvas.text("Oslo", row: 0, column: 1, style: .mapLabel)
        let line = canvas.lines(glyphs: .braille)[0]
        #expect(line == "\u{2809}Oslo\u{2809}")
        #expect(canvas.style(row: 0, column: 2) == .mapLabel)
        #expect(canvas.style(row: 0, column: 0) == .mapCoast)
        #expect(canvas.hasText(row: 0, column: 4) && !canvas.hasText(row: 0, column: 5))
    }

    @Test func textThatWouldCrossTheEdgeIsLeftOutNotCut() {
        var canvas = DotCanvas(width: 4, height: 1)
        canvas.text("東京", row: 0, column: 1, style: .mapLabel)
        // "東" takes columns 1–2; "京" would need 3–4 and is dropped whole.
        #expect(canvas.hasText(row: 0, column: 2) && !canvas.hasText(row: 0, column: 3))
    }

    @Test func overwritingHalfAWideGlyphKeepsTheColumns() {
        TextWidth.adoptUTF8Locale()
        var canvas = DotCanvas(width: 6, height: 1)
        canvas.text("東京", row: 0, column: 0, style: .mapLabel)
        canvas.text("x", row: 0, column: 1, style: .mapPin)
        let line = canvas.lines(glyphs: .braille)[0]
        #expect(TextWidth.width(line) == 4)
        #expect(line == " x京")
    }

    /// Text is kept as numbers a cell (a scalar, or a glyph's place in a table for the wide and
    /// the combined), so a copy of the canvas retains nothing: it reads back as written.
    @Test func wideCombinedAndNarrowTextReadsBackAsWritten() {
        TextWidth.adoptUTF8Locale()
        var canvas = DotCanvas(width: 12, height: 2)
        canvas.setDot(x: 0, y: 0, style: .mapRoute)
        canvas.text("a東e\u{301}◆", row: 0, column: 1, style: .mapLabel)
        canvas.character(UInt8(ascii: "7"), row: 1, column: 0, style: .mapPin)
        let copy = canvas
        canvas.text("zz", row: 0, column: 1, style: .mapLabel) // the copy keeps what it had
        #expect(copy.lines(glyphs: .braille)[0] == "⠁a東e\u{301}◆")
        #expect(copy.glyph(atCell: 2) == Glyph(scalars: ["東"], width: 2))
        #expect(copy.glyph(atCell: 3) == Glyph(scalars: [], width: 0))
        #expect(copy.glyph(atCell: 4) == Glyph(scalars: ["e", "\u{301}"], width: 1))
        #expect(copy.glyph(atCell: 0) == nil && copy.glyph(atCell: 12) == Glyph(scalars: ["7"], width: 1))
        #expect(canvas.lines(glyphs: .braille)[0] == "⠁zz e\u{301}◆")
    }

    @Test func asciiGlyphsAreAsciiForEveryDotPattern() {
        for bits in 0...255 {
            let scalar = CanvasGlyphs.ascii.character(for: UInt8(bits))
            #expect(scalar.isASCII && scalar.value >= 0x20, "pattern \(bits)")
            #expect((bits == 0) == (scalar == " "), "pattern \(bits)")
        }
    }

    @Test func asciiGlyphsFollowTheShapeOfTheDots() {
        func pattern(_ dots: [(Int, Int)]) -> Unicode.Scalar {
            CanvasGlyphs.ascii.character(for: dots.reduce(0) { $0 | DotCanvas.bit(dx: $1.0, dy: $1.1) })
        }
        #expect(pattern([(0, 0), (0, 1), (0, 2), (0, 3)]) == "|")
        #expect(pattern([(0, 1), (1, 1)]) == "-")
        #expect(pattern([(0, 0), (0, 1), (1, 2), (1, 3)]) == "\\")
        #expect(pattern([(1, 0), (1, 1), (0, 2), (0, 3)]) == "/")
        #expect(pattern([(0, 2)]) == ".")
        #expect(CanvasGlyphs.ascii.character(for: 0xFF) == "#")
    }

    @Test func asciiCanvasOutputIsAscii() {
        var canvas = DotCanvas(width: 10, height: 4)
        canvas.line(x0: 0, y0: 0, x1: 19, y1: 15, style: .mapRoute)
        canvas.line(x0: 19, y0: 0, x1: 0, y1: 15, style: .mapCoast)
        canvas.line(x0: 0, y0: 7, x1: 19, y1: 7, style: .mapBorder)
        let lines = canvas.lines(glyphs: .ascii)
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(lines.joined().contains { $0 != " " })
    }

    @Test func blockGlyphsMergeDotsIntoQuadrants() {
        #expect(CanvasGlyphs.blocks.character(for: 0) == " ")
        #expect(CanvasGlyphs.blocks.character(for: 0xFF) == "█")
        #expect(CanvasGlyphs.blocks.character(for: DotCanvas.bit(dx: 0, dy: 0)) == "▘")
        #expect(CanvasGlyphs.blocks.character(for: DotCanvas.bit(dx: 1, dy: 3)) == "▗")
    }

    @Test func preferredGlyphsFollowTheLocale() {
        #expect(CanvasGlyphs.preferred == (TextWidth.isUTF8 ? .braille : .ascii))
    }
}
