import Testing
@testable import TextCanvas

/// `TextWidth.printable` (what command-line output may contain) and the ASCII forms used where
/// the locale is not UTF-8. Runs on the main actor like every suite that measures text.
@MainActor
@Suite struct PrintableTextTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    /// Every kind of character a terminal acts on instead of showing.
    static let hostile = "A\u{1B}[2J\u{1B}]0;owned\u{07}B\u{9B}31mC\u{85}D\rE\u{08}F\u{7F}G\u{202E}H\u{200B}I\nJ\tK"

    private func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
    }

    @Test func plainASCIIIsLeftAsItIs() {
        #expect(TextWidth.printable("Pacific Coast Drive (7 stops)", utf8: true) == "Pacific Coast Drive (7 stops)")
        #expect(TextWidth.printable("Pacific Coast Drive (7 stops)", utf8: false) == "Pacific Coast Drive (7 stops)")
    }

    @Test func noControlOrFormatCharacterGetsThroughInUTF8() {
        let shown = TextWidth.printable(Self.hostile, utf8: true)
        #expect(!shown.unicodeScalars.contains(where: isTerminalControl), "\(shown.debugDescription)")
        // Each control shows as one replacement character, as on the screen; format characters vanish.
        #expect(shown == "A\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}B\u{FFFD}31mC\u{FFFD}D\u{FFFD}E\u{FFFD}F\u{FFFD}GHI\u{FFFD}J\u{FFFD}K")
    }

    @Test func noControlOrNonASCIICharacterGetsThroughOutsideUTF8() {
        let shown = TextWidth.printable(Self.hostile + " Zürich → 東京", utf8: false)
        #expect(shown.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(shown.debugDescription)")
        #expect(shown.hasSuffix(" Zurich -> ??"))
    }

    @Test func printableIsWhatTheGlyphsAre() {
        for text in [Self.hostile, "Zürich → Tōkyō 東京 👨‍👩‍👧 🇫🇷", "e\u{301}\u{302}"] {
            for utf8 in [true, false] {
                let drawn = TextWidth.glyphs(text, utf8: utf8).filter { $0.width > 0 }
                let fromGlyphs = String(String.UnicodeScalarView(drawn.flatMap(\.scalars)))
                #expect(TextWidth.printable(text, utf8: utf8) == fromGlyphs)
            }
        }
    }

    @Test func theProgramsOwnGlyphsHaveASCIIForms() {
        let cases: [(String, String)] = [
            ("Monterey → Morro Bay", "Monterey -> Morro Bay"),
            ("Esc q ← h", "Esc q <- h"),
            ("Shift-↓ Shift-↑", "Shift-Down Shift-Up"),
            ("≈ 216 km by road · ≈ 2 h 42 min driving (×1.25 at 80 km/h)", "~ 216 km by road - ~ 2 h 42 min driving (x1.25 at 80 km/h)"),
            ("36.6002° N, 121.8947° W", "36.6002d N, 121.8947d W"),
            ("36°36′1″N", "36d36'1\"N"),
            ("Pacific Drive — 3 stops", "Pacific Drive -- 3 stops"),
            ("Deleted “Big Sur”", "Deleted \"Big Sur\""),
            ("it’s 12–1000", "it's 12-1000"),
            ("Loading…", "Loading..."),
            ("├──┤ │ ┌┐└┘", "|--| | ++++"),
        ]
        for (text, ascii) in cases {
            #expect(TextWidth.printable(text, utf8: false) == ascii)
        }
    }

    @Test func accentedLatinLettersLoseTheirAccents() {
        #expect(
            TextWidth.printable("Reykjavík Würzburg Füssen São Kraków Ørsted Straße ÉCOLE", utf8: false)
                == "Reykjavik Wurzburg Fussen Sao Krakow Orsted Strasse ECOLE")
        // Decomposed: a base letter and combining marks.
        #expect(TextWidth.printable("Zu\u{308}rich", utf8: false) == "Zurich")
        // No ASCII form: one question mark per character, as before.
        #expect(TextWidth.printable("東京 Κέρκυρα", utf8: false) == "?? ???????")
    }

    @Test func measuringAndClippingAgreeWithTheASCIIForms() {
        #expect(TextWidth.width("A → B", utf8: false) == 6)
        #expect(TextWidth.width("A → B", utf8: true) == 5)
        #expect(TextWidth.glyphs("≈ 5 min", utf8: false).count == 7)
        // Clipped in the middle of an ASCII form, with the ASCII ellipsis.
        #expect(TextWidth.clipped("Monterey → Morro Bay", to: 10, utf8: false) == "Monterey ~")
        #expect(TextWidth.clipped("Monterey → Morro Bay", to: 11, utf8: false) == "Monterey -~")
        #expect(TextWidth.padded("≈ 5 min", to: 9, alignment: .right, utf8: false) == "  ~ 5 min")
        // Character by character (a text field) measures what the whole text draws.
        let text = "36°36′1″N → ≈ Zürich"
        #expect(text.map { TextWidth.width(String($0), utf8: false) }.reduce(0, +) == TextWidth.width(text, utf8: false))
    }

    @Test func clippingALongTextStopsEarlyAndStaysCorrect() {
        let long = String(repeating: "ab", count: 500_000)
        #expect(TextWidth.clipped(long, to: 5) == "abab\u{2026}")
        #expect(TextWidth.clipped("abcde", to: 5) == "abcde")
        #expect(TextWidth.clipped("abcdef", to: 5) == "abcd\u{2026}")
        // A wide character that would straddle the ellipsis column is left out.
        #expect(TextWidth.clipped("abc東京", to: 5) == "abc\u{2026}")
        // Zero-width characters after the last kept one do not count.
        #expect(TextWidth.clipped("abcde\u{200B}", to: 5) == "abcde")
    }
}
