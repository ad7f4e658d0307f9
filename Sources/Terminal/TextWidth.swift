import CNCurses

/// What the terminal shows for one `Character` (grapheme cluster): the scalars that go into one
/// curses cell and the columns they take.
///
/// The width must agree with the one ncurses uses to place cells (`wcwidth` of the cell's first
/// scalar), or every column after the character is off. So a cluster is reduced to what a cell
/// can hold: its base scalar plus the zero-width combining marks after it. Extra spacing scalars
/// (skin-tone modifiers, the later people of a ZWJ family) are dropped rather than drawn as extra
/// cells of uncertain width; control and format characters (escape sequences, bidi overrides)
/// never reach the terminal.
public struct Glyph: Equatable, Sendable {
    public let scalars: [Unicode.Scalar]
    public let width: Int

    static let replacement = Glyph(scalars: ["\u{FFFD}"], width: 1)
    static let asciiReplacement = Glyph(scalars: ["?"], width: 1)
    static let maxCombiningMarks = 4

    public init(scalars: [Unicode.Scalar], width: Int) {
        self.scalars = scalars
        self.width = width
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    public init(_ character: Character, utf8: Bool = TextWidth.isUTF8) {
        let scalars = Array(character.unicodeScalars)
        guard let base = scalars.first else { self = .replacement; return }
        if !utf8 {
            self = base.isASCII && TextWidth.columns(of: base) == 1 ? Glyph(scalars: [base], width: 1) : .asciiReplacement
            return
        }
        if base.properties.generalCategory == .format {
            // Zero-width joiners, bidi overrides and the like: invisible, and unsafe on their own.
            self = Glyph(scalars: [], width: 0)
            return
        }
        let width = TextWidth.columns(of: base)
        guard width >= 0 else { self = .replacement; return }
        if Glyph.isRegionalIndicator(base), scalars.count == 2, Glyph.isRegionalIndicator(scalars[1]) {
            // A flag: two one-column indicators that most terminals draw as one two-column picture.
            self = Glyph(scalars: scalars, width: 2)
            return
        }
        var kept = [base]
        for scalar in scalars.dropFirst() where kept.count <= Glyph.maxCombiningMarks {
            let category = scalar.properties.generalCategory
            let isMark = category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            if isMark && TextWidth.columns(of: scalar) == 0 { kept.append(scalar) }
        }
        self = Glyph(scalars: kept, width: width)
    }
}

/// Display width of text in terminal columns, and clipping to a width with an ellipsis.
public enum TextWidth {
    /// Whether the locale encodes characters as UTF-8; otherwise only ASCII is drawn (as htop
    /// does). Read once per locale change, since every string drawn asks.
    public private(set) nonisolated(unsafe) static var isUTF8 = localeIsUTF8()

    /// Adopts the user's locale (`setlocale(LC_ALL, "")`), as curses needs before it starts.
    public static func adoptUserLocale() {
        setlocale(LC_ALL, "")
        isUTF8 = localeIsUTF8()
    }

    /// Adopts the user's locale, and `C.UTF-8` for character types when that is not UTF-8, so
    /// that `wcwidth` knows wide characters. For code that measures text without a terminal
    /// (tests, headless output).
    public static func adoptUTF8Locale() {
        adoptUserLocale()
        if !isUTF8 {
            setlocale(LC_CTYPE, "C.UTF-8")
            isUTF8 = localeIsUTF8()
        }
    }

    private static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased().filter { $0 != "-" }
        return name == "UTF8"
    }

    static func columns(of scalar: Unicode.Scalar) -> Int {
        Int(rt_wcwidth(scalar.value))
    }

    public static func glyphs(_ text: String) -> [Glyph] {
        let utf8 = isUTF8
        return text.map { Glyph($0, utf8: utf8) }
    }

    public static func width(_ text: String) -> Int {
        glyphs(text).reduce(0) { $0 + $1.width }
    }

    public static var ellipsis: Glyph {
        isUTF8 ? Glyph(scalars: ["\u{2026}"], width: 1) : Glyph(scalars: ["~"], width: 1)
    }

    /// The glyphs of `text` that fit in `width` columns; when the text is longer, the last column
    /// that fits holds an ellipsis. A wide character never straddles the edge.
    public static func clip(_ text: String, to width: Int) -> [Glyph] {
        guard width > 0 else { return [] }
        let all = glyphs(text)
        if all.reduce(0, { $0 + $1.width }) <= width { return all }
        var kept: [Glyph] = []
        var used = 0
        for glyph in all {
            if used + glyph.width > width - 1 { break }
            kept.append(glyph)
            used += glyph.width
        }
        kept.append(ellipsis)
        return kept
    }

    /// The visible string `clip` would draw, for measurements and tests.
    public static func clipped(_ text: String, to width: Int) -> String {
        String(String.UnicodeScalarView(clip(text, to: width).flatMap(\.scalars)))
    }

    /// `text` clipped or padded with spaces to exactly `width` columns.
    public static func padded(_ text: String, to width: Int, alignment: Alignment = .left) -> String {
        let clippedText = clipped(text, to: width)
        let gap = max(0, width - self.width(clippedText))
        let padding = String(repeating: " ", count: gap)
        return alignment == .left ? clippedText + padding : padding + clippedText
    }

    public enum Alignment: Sendable { case left, right }
}
