/// A grid of `width`×`height` terminal cells drawn as dots: each cell is 2 dots wide and 4 high,
/// as a Braille character is, so the canvas is `2·width`×`4·height` dots (the MapSCII idea).
///
/// Each cell keeps its dot pattern and the style of its most important content (`Style.canvasRank`:
/// a pin beats a route beats a border beats a coastline), so a cell crossed by the route is drawn
/// in the route's colour even when a coastline shares it. Text laid over the dots (`text`) takes
/// whole cells and hides the dots under them. Plain value storage, flat arrays, no allocation per
/// dot: a full frame is drawn many times a second.
public struct DotCanvas: Sendable {
    /// Size in terminal cells.
    public let width: Int
    public let height: Int
    /// Size in dots.
    public var dotWidth: Int { width * 2 }
    public var dotHeight: Int { height * 4 }

    /// Braille-order dot bits per cell (see `DotCanvas.bit`).
    public internal(set) var bits: [UInt8]
    /// `Style.rawValue` of the most important dot content per cell, and its rank.
    public internal(set) var dotStyle: [UInt8]
    var dotRank: [UInt8]
    /// Text laid over the cells, where a glyph starts (`overlayKind` 1): the scalar of a glyph
    /// of one scalar and one column, else `complexGlyph` and its place in `complexGlyphs`. Plain
    /// numbers, so that a canvas copied (each frame's labels go on a copy of the kept pins) or
    /// let go costs no retain and release a cell, as an array of glyphs did.
    public internal(set) var overlayCode: [UInt32]
    public internal(set) var overlayStyle: [Style]
    /// Per cell: 0 where the dots show, 1 where a glyph starts, 2 where a wide glyph continues.
    public internal(set) var overlayKind: [UInt8]
    /// The glyphs of more than one scalar or column laid over the canvas (`overlayCode`).
    private var complexGlyphs: [Glyph] = []
    /// The mark of an `overlayCode` that is a place in `complexGlyphs` (no scalar is this high).
    private static let complexGlyph: UInt32 = 0x8000_0000

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        bits = [UInt8](repeating: 0, count: count)
        dotStyle = [UInt8](repeating: 0, count: count)
        dotRank = [UInt8](repeating: 0, count: count)
        overlayCode = [UInt32](repeating: 0, count: count)
        overlayStyle = [Style](repeating: .normal, count: count)
        overlayKind = [UInt8](repeating: 0, count: count)
    }

    /// The bit of dot (column `dx` 0...1, row `dy` 0...3) within a cell, in Unicode's Braille
    /// order: dots 1–3 down the left, 4–6 down the right, then 7 and 8 along the bottom.
    static let bitTable: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    public static func bit(dx: Int, dy: Int) -> UInt8 {
        bitTable[(dy & 3) * 2 + (dx & 1)]
    }

    /// Sets the dot at (x, y), in dots from the top left; outside the canvas it is ignored.
    public mutating func setDot(x: Int, y: Int, style: Style) {
        plot(x: x, y: y, code: UInt8(truncatingIfNeeded: style.rawValue), rank: style.canvasRank)
    }

    /// `setDot` with the style already reduced to its code and rank, for the line loops.
    @inline(__always)
    mutating func plot(x: Int, y: Int, code: UInt8, rank: UInt8) {
        guard x >= 0, y >= 0, x < width &* 2, y < height &* 4 else { return }
        let cell = (y >> 2) &* width &+ (x >> 1)
        let bit: UInt8 =
            switch (y & 3) &* 2 &+ (x & 1) {
            case 0: 0x01
            case 1: 0x08
            case 2: 0x02
            case 3: 0x10
            case 4: 0x04
            case 5: 0x20
            case 6: 0x40
            default: 0x80
            }
        bits[cell] |= bit
        if rank >= dotRank[cell] {
            dotRank[cell] = rank
            dotStyle[cell] = code
        }
    }

    /// Sets, in `style`, each dot whose count in `counts` (one a dot, row by row, `dotWidth` to a
    /// row) is above zero: dots counted elsewhere (the route's) put on the canvas in one pass.
    public mutating func setDots(countedIn counts: [Int32], style: Style) {
        precondition(counts.count == dotWidth * dotHeight, "one count a dot")
        let code = UInt8(truncatingIfNeeded: style.rawValue), rank = style.canvasRank
        let rowLength = dotWidth
        counts.withUnsafeBufferPointer { counts in
            for y in 0..<dotHeight {
                let row = y &* rowLength
                for x in 0..<rowLength where counts[row &+ x] > 0 { plot(x: x, y: y, code: code, rank: rank) }
            }
        }
    }

    /// Whether the dot at (x, y) is set.
    public func isDotSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return bits[(y >> 2) * width + (x >> 1)] & Self.bit(dx: x, dy: y) != 0
    }

    /// The dot bits of a cell (Braille order; `0x2800 + bits` is its Braille character).
    public func dotBits(row: Int, column: Int) -> UInt8 {
        guard contains(row: row, column: column) else { return 0 }
        return bits[row * width + column]
    }

    /// The style a cell is drawn in: its text's when text covers it, else its dots' (nil when empty).
    public func style(row: Int, column: Int) -> Style? {
        guard contains(row: row, column: column) else { return nil }
        let cell = row * width + column
        if overlayKind[cell] != 0 { return overlayStyle[cell] }
        return bits[cell] == 0 ? nil : Style(rawValue: Int(dotStyle[cell]))
    }

    /// Whether text covers the cell.
    public func hasText(row: Int, column: Int) -> Bool {
        contains(row: row, column: column) && overlayKind[row * width + column] != 0
    }

    /// The glyph text lays over `cell`: nil where the dots show, an empty glyph in the cells a
    /// wide glyph covers after its first.
    public func glyph(atCell cell: Int) -> Glyph? {
        switch overlayKind[cell] {
        case 0: return nil
        case 1:
            let code = overlayCode[cell]
            if code & Self.complexGlyph != 0 { return complexGlyphs[Int(code & ~Self.complexGlyph)] }
            // Printable ASCII from the glyphs made once (`roadtrip map` reads every cell).
            if (0x20...0x7E).contains(code) { return Glyph.ascii(UInt8(code)) }
            return Glyph(scalars: [Unicode.Scalar(code) ?? " "], width: 1)
        default: return Glyph(scalars: [], width: 0)
        }
    }

    /// The columns of the glyph starting in `cell` (one that text laid there).
    private func glyphWidth(at cell: Int) -> Int {
        let code = overlayCode[cell]
        return code & Self.complexGlyph == 0 ? 1 : complexGlyphs[Int(code & ~Self.complexGlyph)].width
    }

    /// Lays `glyph` (of one column or more) over `cell`, where it starts.
    private mutating func setGlyph(_ glyph: Glyph, at cell: Int) {
        if glyph.width == 1, glyph.scalars.count == 1 {
            overlayCode[cell] = glyph.scalars[0].value
        } else {
            overlayCode[cell] = Self.complexGlyph | UInt32(complexGlyphs.count)
            complexGlyphs.append(glyph)
        }
        overlayKind[cell] = 1
    }

    /// Before text lands on `cell`, turns any wide glyph it would cut in half into spaces, so
    /// columns never drift.
    fileprivate mutating func breakWideGlyph(at cell: Int, row: Int) {
        guard overlayKind[cell] == 2 || (overlayKind[cell] == 1 && glyphWidth(at: cell) > 1) else { return }
        let rowStart = row * width
        var start = cell
        while start > rowStart, overlayKind[start] == 2 { start -= 1 }
        guard overlayKind[start] == 1 else { return }
        let headWidth = glyphWidth(at: start)
        guard headWidth > 1 else { return }
        for part in start..<min(start + headWidth, rowStart + width) {
            overlayCode[part] = UInt32(UInt8(ascii: " "))
            overlayKind[part] = 1
        }
    }

    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && column >= 0 && row < height && column < width
    }

    /// Lays `text` over the cells from (row, column), hiding the dots beneath. Glyphs that would
    /// cross the canvas edge are left out rather than cut (callers place text where it fits).
    /// Returns the columns covered.
    @discardableResult
    public mutating func text(_ text: String, row: Int, column: Int, style: Style) -> Int {
        guard row >= 0, row < height else { return 0 }
        var x = column
        TextWidth.forEachGlyph(of: text, utf8: TextWidth.isUTF8) { glyph in
            guard glyph.width > 0 else { return true }
            defer { x += glyph.width }
            guard x >= 0, x + glyph.width <= width else { return true }
            let cell = row * width + x
            for covered in cell..<(cell + glyph.width) { breakWideGlyph(at: covered, row: row) }
            setGlyph(glyph, at: cell)
            overlayStyle[cell] = style
            for extra in 1..<max(1, glyph.width) {
                overlayCode[cell + extra] = 0
                overlayStyle[cell + extra] = style
                overlayKind[cell + extra] = 2
            }
            return true
        }
        return x - column
    }
}

extension DotCanvas {
    /// Lays one printable ASCII character (a pin's digit) over a cell: `text` for one byte,
    /// without making a string. Outside the canvas, or not printable ASCII, it is ignored.
    public mutating func character(_ byte: UInt8, row: Int, column: Int, style: Style) {
        guard contains(row: row, column: column), (0x20...0x7E).contains(byte) else { return }
        let cell = row * width + column
        breakWideGlyph(at: cell, row: row)
        overlayCode[cell] = UInt32(byte)
        overlayStyle[cell] = style
        overlayKind[cell] = 1
    }
}

extension Style {
    /// How important a dot of this style is when several share a cell: the cell takes the style
    /// of its highest-ranked dot. Styles that are not the map's rank lowest.
    public var canvasRank: UInt8 {
        switch self {
        case .mapWater: return 1
        case .mapCoast: return 2
        case .mapBorder: return 3
        case .mapRouteEstimate: return 4
        case .mapRoute: return 4
        case .mapPin: return 5
        case .mapPinSelected: return 6
        default: return 0
        }
    }
}
