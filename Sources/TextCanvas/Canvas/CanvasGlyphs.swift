/// How a cell's 2×4 dots become a character.
public enum CanvasGlyphs: Sendable, CaseIterable {
    /// One Braille character per cell, every dot shown (UTF-8 terminals).
    case braille
    /// Quadrant block characters: the 2×4 dots merged into 2×2 blocks, for fonts without Braille.
    case blocks
    /// Plain ASCII picked from the dot pattern ('.', '-', '|', '/', '\\', '+', '#'), for
    /// terminals that are not UTF-8.
    case ascii

    /// Braille where the locale is UTF-8, ASCII elsewhere.
    public static var preferred: CanvasGlyphs { TextWidth.isUTF8 ? .braille : .ascii }

    /// The character for a cell's dot bits (Braille order).
    public func character(for bits: UInt8) -> Unicode.Scalar {
        switch self {
        // An empty cell is a space, not the blank Braille pattern: it trims, copies and reads as empty.
        case .braille: return bits == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(bits)) ?? " "
        case .blocks: return CanvasGlyphs.blockTable[Int(bits)]
        case .ascii: return CanvasGlyphs.asciiTable[Int(bits)]
        }
    }

    /// 256 entries, one per dot pattern, worked out once.
    static let blockTable: [Unicode.Scalar] = (0..<256).map { blockCharacter(for: UInt8($0)) }
    static let asciiTable: [Unicode.Scalar] = (0..<256).map { asciiCharacter(for: UInt8($0)) }

    private static func dots(_ bits: UInt8) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<4 {
            for x in 0..<2 where bits & DotCanvas.bit(dx: x, dy: y) != 0 { result.append((x, y)) }
        }
        return result
    }

    private static func blockCharacter(for bits: UInt8) -> Unicode.Scalar {
        // Quadrant index: top-left 1, top-right 2, bottom-left 4, bottom-right 8.
        let quadrants: [Unicode.Scalar] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        var index = 0
        for dot in dots(bits) { index |= 1 << ((dot.y / 2) * 2 + dot.x) }
        return quadrants[index]
    }

    /// The ASCII character whose shape is nearest the dots: a vertical run is '|', a horizontal
    /// one '-', a diagonal '/' or '\\', a crowd '#', a few scattered dots '.' or '+'.
    private static func asciiCharacter(for bits: UInt8) -> Unicode.Scalar {
        let set = dots(bits)
        guard !set.isEmpty else { return " " }
        if set.count >= 6 { return "#" }
        let rows = set.map(\.y), columns = set.map(\.x)
        let rowSpan = rows.max()! - rows.min()!
        let bothColumns = columns.contains(0) && columns.contains(1)
        if set.count == 1 { return "." }
        if !bothColumns { return rowSpan >= 1 ? "|" : "." }
        if rowSpan <= 1 { return "-" }
        // Both columns and several rows: which way does it lean?
        let leftMean = Double(set.filter { $0.x == 0 }.map(\.y).reduce(0, +)) / Double(set.filter { $0.x == 0 }.count)
        let rightMean = Double(set.filter { $0.x == 1 }.map(\.y).reduce(0, +)) / Double(set.filter { $0.x == 1 }.count)
        if rightMean - leftMean >= 1 { return "\\" }
        if leftMean - rightMean >= 1 { return "/" }
        return "+"
    }
}
