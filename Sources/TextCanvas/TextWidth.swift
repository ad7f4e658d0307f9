import CLocale
import Foundation
import Synchronization

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

    /// The glyphs of printable ASCII, made once: a glyph holds an array, and making one per
    /// character of every pin number and label was a fifth of a crowded map's frame.
    private static let printableASCII: [Glyph] = (0x20...0x7E).map { Glyph(scalars: [Unicode.Scalar(UInt8($0))], width: 1) }

    /// The glyph of a printable ASCII byte (space to `~`).
    static func ascii(_ byte: UInt8) -> Glyph {
        printableASCII[Int(byte) - 0x20]
    }

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
    /// does), with the ASCII forms of `ASCIIFallback`. Set when a locale is adopted and read by
    /// every string drawn, on any thread (tests run side by side): an atomic, so that a read is
    /// one load and never sees it half-set. A `let` fixed at first use would not do: read before
    /// the first `adoptUTF8Locale()` of a test run (by a test measuring ASCII text), it kept the
    /// answer of the C locale for every test after it.
    public static var isUTF8: Bool { utf8.load(ordering: .acquiring) }

    private static let utf8 = Atomic<Bool>(localeIsUTF8())
    /// Adopting a locale is one at a time: `setlocale` and the answer for it go together.
    private static let adopting = Mutex(())

    /// Adopts the user's locale (`setlocale(LC_ALL, "")`), as curses needs before it starts.
    public static func adoptUserLocale() {
        adopt {
            setlocale(LC_ALL, "")
        }
    }

    /// Adopts the user's locale, and `C.UTF-8` for character types when that is not UTF-8, so
    /// that `wcwidth` knows wide characters. For code that measures text without a terminal
    /// (tests, headless output).
    public static func adoptUTF8Locale() {
        adopt {
            setlocale(LC_ALL, "")
            if !localeIsUTF8() { setlocale(LC_CTYPE, "C.UTF-8") }
        }
    }

    private static func adopt(_ setLocale: () -> Void) {
        adopting.withLock { _ in
            setLocale()
            utf8.store(localeIsUTF8(), ordering: .releasing)
        }
    }

    fileprivate static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased().filter { $0 != "-" }
        return name == "UTF8"
    }

    public static func columns(of scalar: Unicode.Scalar) -> Int {
        Int(rt_locale_wcwidth(scalar.value))
    }

    /// The glyphs the terminal shows for `text`. Outside UTF-8, characters with an ASCII form
    /// (`→`, `≈`, `ü`…) become it (`ASCIIFallback`), one glyph per ASCII character.
    public static func glyphs(_ text: String, utf8: Bool = isUTF8) -> [Glyph] {
        if isPrintableASCII(text) { return text.utf8.map { Glyph.ascii($0) } }
        if utf8 { return text.map { Glyph($0, utf8: true) } }
        var result: [Glyph] = []
        forEachGlyph(of: text, utf8: false) {
            result.append($0); return true
        }
        return result
    }

    /// Calls `body` with each glyph of `text` in turn, until it returns false: clipping a long
    /// text stops once the width is used up instead of working through all of it.
    static func forEachGlyph(of text: String, utf8: Bool, _ body: (Glyph) -> Bool) {
        if isPrintableASCII(text) {
            // Each byte a character of one column, in every locale: no grapheme breaking needed.
            for byte in text.utf8 {
                guard body(Glyph.ascii(byte)) else { return }
            }
            return
        }
        if utf8 {
            forEachUTF8Glyph(of: text, body)
            return
        }
        for character in text {
            if let ascii = ASCIIFallback.text(for: character) {
                for scalar in ascii.unicodeScalars {
                    guard body(Glyph(scalars: [scalar], width: 1)) else { return }
                }
            } else if !body(Glyph(character, utf8: false)) {
                return
            }
        }
    }

    /// `forEachGlyph` in a UTF-8 locale. A printable ASCII byte followed by another ASCII byte
    /// (or the end) is a character of its own, whatever comes before it (only CR LF, two
    /// controls, joins ASCII to ASCII): its glyph is taken as is, without making a `Character`
    /// and an array of its scalars. Names are mostly such bytes, even those with an accent or a
    /// dash somewhere, and a 1 MB one is drawn and printed several times faster so.
    private static func forEachUTF8Glyph(of text: String, _ body: (Glyph) -> Bool) {
        let bytes = text.utf8
        var index = text.startIndex
        while index < text.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if (0x20...0x7E).contains(byte), next == bytes.endIndex || bytes[next] < 0x80 {
                guard body(Glyph.ascii(byte)) else { return }
                index = next
            } else {
                guard body(Glyph(text[index], utf8: true)) else { return }
                index = text.index(after: index)
            }
        }
    }

    /// Whether every character of `text` is printable ASCII (space to `~`): one column each,
    /// the same in every locale. Most names and all of the program's numbers are.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The columns of `text` when each of its scalars is a character of one column on its own:
    /// printable ASCII, and in a UTF-8 locale the letters, punctuation, arrows, operators and
    /// box-drawing of a few blocks that are never a mark, a format character or part of a
    /// cluster (a leg's "≈ 12 km", "—", a rule's "────", "São Paulo"); nil for any other text,
    /// which goes through glyphs. Such text draws and measures a scalar a cell, as its glyphs
    /// would, without making them: most of a row of the stop table is such text.
    public static func simpleWidth(_ text: String, utf8: Bool = isUTF8) -> Int? {
        if isPrintableASCII(text) { return text.utf8.count }
        guard utf8 else { return nil }
        var columns = 0
        for scalar in text.unicodeScalars {
            guard isStandaloneNarrow(scalar) else { return nil }
            columns += 1
        }
        return columns
    }

    /// `simpleWidth` when the text fits in `width` columns, else nil. A text of more than three
    /// bytes a column cannot (no such scalar takes more), and is not read: a name of megabytes
    /// drawn in a cell is not scanned whole to find that out.
    public static func simpleWidth(_ text: String, fittingIn width: Int, utf8: Bool = isUTF8) -> Int? {
        guard text.utf8.count <= 3 * max(0, width), let columns = simpleWidth(text, utf8: utf8), columns <= width else { return nil }
        return columns
    }

    /// Whether `scalar` is a glyph of its own, one column wide (`simpleWidth`): printable ASCII,
    /// or in Latin-1 and Latin Extended-A/B (but the soft hyphen, a format character), the
    /// dashes, quotes and marks of General Punctuation, arrows and mathematical operators, box
    /// drawing and geometric shapes, when the locale gives it one column. None of these scalars
    /// joins the one before or after it into a cluster.
    static func isStandaloneNarrow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return true
        case 0xA1...0x24F where scalar.value != 0xAD, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x22FF, 0x2500...0x25FF:
            return columns(of: scalar) == 1
        default: return false
        }
    }

    /// Columns `text` takes. (Two functions rather than a default argument, so that
    /// `TextWidth.width` still reads as a `(String) -> Int`.)
    public static func width(_ text: String) -> Int {
        width(text, utf8: isUTF8)
    }

    public static func width(_ text: String, utf8: Bool) -> Int {
        if let columns = simpleWidth(text, utf8: utf8) { return columns }
        var total = 0
        forEachGlyph(of: text, utf8: utf8) {
            total += $0.width; return true
        }
        return total
    }

    /// The text the terminal may show for `text`: the scalars of the glyphs `Surface.text` draws
    /// for it (those that take columns). Escape sequences and other control or format characters
    /// never pass (a control character shows as U+FFFD, or `?` outside UTF-8); outside UTF-8
    /// every character is ASCII. For text printed without curses (the command line), so that the
    /// screen and the command line can never disagree.
    public static func printable(_ text: String, utf8: Bool = isUTF8) -> String {
        // Most text is printable ASCII, which every rule leaves alone.
        if isPrintableASCII(text) { return text }
        var scalars = String.UnicodeScalarView()
        forEachGlyph(of: text, utf8: utf8) { glyph in
            // One scalar at a time: `append(contentsOf:)` copies the whole view on every call
            // (Swift 6.3 on Linux), which made printing a 1 MB name take 16 s (docs/PITFALLS.md).
            if glyph.width > 0 { for scalar in glyph.scalars { scalars.append(scalar) } }
            return true
        }
        return String(scalars)
    }

    public static var ellipsis: Glyph { ellipsis(utf8: isUTF8) }

    static func ellipsis(utf8: Bool) -> Glyph {
        utf8 ? Glyph(scalars: ["\u{2026}"], width: 1) : Glyph(scalars: ["~"], width: 1)
    }

    /// The glyphs of `text` that fit in `width` columns; when the text is longer, the last column
    /// that fits holds an ellipsis. A wide character never straddles the edge.
    public static func clip(_ text: String, to width: Int, utf8: Bool = isUTF8) -> [Glyph] {
        guard width > 0 else { return [] }
        var kept: [Glyph] = []
        var used = 0
        // Where the glyphs stop if an ellipsis must follow them: the first that does not fit in
        // `width - 1` columns. Known only once the text turns out to be too long.
        var cut: Int?
        var tooLong = false
        forEachGlyph(of: text, utf8: utf8) { glyph in
            if used + glyph.width > width {
                tooLong = true
                return false
            }
            if cut == nil, used + glyph.width > width - 1 { cut = kept.count }
            kept.append(glyph)
            used += glyph.width
            return true
        }
        guard tooLong else { return kept }
        kept.removeSubrange((cut ?? kept.count)...)
        kept.append(ellipsis(utf8: utf8))
        return kept
    }

    /// The visible string `clip` would draw, for measurements and tests.
    public static func clipped(_ text: String, to width: Int, utf8: Bool = isUTF8) -> String {
        // The common case, a table cell that fits: a column a scalar, printable ASCII and more.
        if simpleWidth(text, fittingIn: width, utf8: utf8) != nil { return text }
        return String(String.UnicodeScalarView(clip(text, to: width, utf8: utf8).flatMap(\.scalars)))
    }

    /// `text` clipped or padded with spaces to exactly `width` columns.
    public static func padded(_ text: String, to width: Int, alignment: Alignment = .left, utf8: Bool = isUTF8) -> String {
        let fits = simpleWidth(text, fittingIn: width, utf8: utf8)
        let clippedText = fits == nil ? clipped(text, to: width, utf8: utf8) : text
        let gap = max(0, width - (fits ?? self.width(clippedText, utf8: utf8)))
        let padding = String(repeating: " ", count: gap)
        return alignment == .left ? clippedText + padding : padding + clippedText
    }

    public enum Alignment: Sendable { case left, right }
}
