import Testing
@testable import TextCanvas

/// Measuring depends on the C locale (`wcwidth`), which `Terminal.offscreen` also sets: every
/// suite that measures text runs on the main actor, so none runs while the locale changes.
@MainActor
@Suite struct TextWidthTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    private func scalars(_ glyphs: [Glyph]) -> [Unicode.Scalar] {
        glyphs.flatMap(\.scalars)
    }

    @Test func adoptingTheUTF8LocaleTurnsUTF8On() {
        #expect(TextWidth.isUTF8)
    }

    @Test func asciiTakesOneColumnPerCharacter() {
        #expect(TextWidth.width("") == 0)
        #expect(TextWidth.width("a") == 1)
        #expect(TextWidth.width("Road trip 2024!") == 15)
    }

    @Test func cjkTakesTwoColumnsPerCharacter() {
        #expect(TextWidth.width("東京") == 4)
        #expect(TextWidth.glyphs("東京").map(\.width) == [2, 2])
        #expect(TextWidth.width("a東b") == 4)
    }

    @Test func emojiTakesTwoColumns() {
        #expect(TextWidth.width("😀") == 2)
    }

    @Test func combiningMarkAddsNoWidthAndStaysInItsGlyph() {
        let glyphs = TextWidth.glyphs("e\u{301}")
        #expect(glyphs == [Glyph(scalars: ["e", "\u{301}"], width: 1)])
        #expect(TextWidth.width("cafe\u{301}") == 4)
    }

    @Test func zwjFamilyIsReducedToItsFirstPersonInTwoColumns() {
        let glyphs = TextWidth.glyphs("👨‍👩‍👧")
        #expect(glyphs == [Glyph(scalars: ["👨"], width: 2)])
    }

    @Test func skinToneIsReducedToTheBaseEmojiInTwoColumns() {
        #expect(TextWidth.glyphs("👍🏽") == [Glyph(scalars: ["👍"], width: 2)])
    }

    @Test func flagKeepsBothIndicatorsInTwoColumns() {
        #expect(TextWidth.glyphs("🇫🇷") == [Glyph(scalars: ["\u{1F1EB}", "\u{1F1F7}"], width: 2)])
        #expect(TextWidth.width("🇫🇷🇩🇪") == 4)
    }

    @Test(arguments: ["\u{1B}", "\u{07}", "\u{9B}", "\u{7F}", "\u{08}"])
    func controlCharacterBecomesTheOneColumnReplacement(control: String) {
        #expect(TextWidth.glyphs(control) == [Glyph(scalars: ["\u{FFFD}"], width: 1)])
    }

    @Test func escapeSequenceNeverSurvivesRaw() {
        let text = "a\u{1B}[31mb\u{9B}2Jc\u{07}"
        let kept = scalars(TextWidth.glyphs(text))
        #expect(!kept.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(TextWidth.width(text) == 12)
        #expect(TextWidth.clipped(text, to: 40) == "a\u{FFFD}[31mb\u{FFFD}2Jc\u{FFFD}")
    }

    @Test func bidiOverrideIsDropped() {
        #expect(TextWidth.glyphs("\u{202E}") == [Glyph(scalars: [], width: 0)])
        #expect(TextWidth.width("ab\u{202E}cd") == 4)
        #expect(TextWidth.clipped("ab\u{202E}cd", to: 10) == "abcd")
    }

    @Test func clippingALongerTextEndsWithAnEllipsis() {
        #expect(TextWidth.clipped("abcdef", to: 4) == "abc…")
        #expect(TextWidth.width(TextWidth.clipped("abcdef", to: 4)) == 4)
    }

    @Test func exactFitIsNotClipped() {
        #expect(TextWidth.clipped("abcd", to: 4) == "abcd")
        #expect(TextWidth.clipped("東京", to: 4) == "東京")
        #expect(TextWidth.clipped("abcd", to: 10) == "abcd")
    }

    @Test func wideCharacterNeverStraddlesTheEdge() {
        #expect(TextWidth.clipped("ab東京", to: 4) == "ab…")
        #expect(TextWidth.clipped("東京", to: 3) == "東…")
        #expect(TextWidth.clipped("a東京", to: 3) == "a…")
    }

    @Test func clippingToZeroColumnsGivesNothing() {
        #expect(TextWidth.clip("abc", to: 0).isEmpty)
        #expect(TextWidth.clip("abc", to: -3).isEmpty)
        #expect(TextWidth.clipped("abc", to: 0) == "")
    }

    @Test func clippingToOneColumn() {
        #expect(TextWidth.clipped("abc", to: 1) == "…")
        #expect(TextWidth.clipped("a", to: 1) == "a")
        #expect(TextWidth.clipped("東", to: 1) == "…")
    }

    @Test func clippedTextNeverExceedsTheWidthAndFittingTextIsKept() {
        let texts = ["", "abc", "東京大阪", "a東b京c", "👨‍👩‍👧🇫🇷x", "e\u{301}e\u{301}e\u{301}", "x\u{1B}[0m"]
        for text in texts {
            for width in 0...12 {
                let clipped = TextWidth.clipped(text, to: width)
                #expect(TextWidth.width(clipped) <= width, "\(text) to \(width)")
                if TextWidth.width(text) <= width {
                    #expect(TextWidth.clip(text, to: width) == TextWidth.glyphs(text), "\(text) to \(width)")
                } else if width > 0 {
                    #expect(clipped.hasSuffix("…"), "\(text) to \(width)")
                }
            }
        }
    }

    /// Every scalar the fast path takes as a glyph of its own is one, of one column, between
    /// letters as at either end: measuring, clipping and drawing it without glyphs is the same.
    @Test func simpleTextMeasuresAsItsGlyphsDo() {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x250, 0x2000...0x2060, 0x2190...0x2300, 0x2500...0x2600]
        var taken = 0
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value), TextWidth.isStandaloneNarrow(scalar) else { continue }
            taken += 1
            for text in ["\(scalar)", "a\(scalar)b", "\(scalar)\(scalar)", "é\(scalar)"] {
                let glyphs = TextWidth.glyphs(text)
                #expect(TextWidth.simpleWidth(text) == glyphs.count, "U+\(String(value, radix: 16))")
                #expect(glyphs.allSatisfy { $0.width == 1 && $0.scalars.count == 1 }, "U+\(String(value, radix: 16))")
                #expect(Array(text.unicodeScalars) == glyphs.flatMap(\.scalars), "U+\(String(value, radix: 16))")
            }
        }
        #expect(taken > 900)
    }

    @Test func textWithAMarkAFormatCharacterOrAWideOneIsNotSimple() {
        for text in ["e\u{301}", "a\u{AD}b", "a\u{200B}", "東", "👍", "x\u{1B}", "\u{2028}", "🇫🇷"] {
            #expect(TextWidth.simpleWidth(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(TextWidth.simpleWidth("≈ 12 km") == 7)
        #expect(TextWidth.simpleWidth("≈ 12 km", utf8: false) == nil) // "≈" has an ASCII form there
        #expect(TextWidth.simpleWidth("12 km", utf8: false) == 5)
    }

    @Test func simpleTextFitsOnlyInItsWidth() {
        #expect(TextWidth.simpleWidth("≈ 12 km", fittingIn: 7) == 7)
        #expect(TextWidth.simpleWidth("≈ 12 km", fittingIn: 6) == nil)
        #expect(TextWidth.simpleWidth("───", fittingIn: 3) == 3) // nine bytes, three columns
        #expect(TextWidth.simpleWidth(String(repeating: "a", count: 100), fittingIn: 10) == nil)
        #expect(TextWidth.simpleWidth("", fittingIn: 0) == 0)
    }

    @Test func simpleTextIsPaddedAndClippedByItsScalars() {
        #expect(TextWidth.padded("≈ 12 km", to: 10, alignment: .right) == "   ≈ 12 km")
        #expect(TextWidth.padded("—", to: 3) == "—  ")
        #expect(TextWidth.clipped("São Paulo → Lyon", to: 16) == "São Paulo → Lyon")
        #expect(TextWidth.clipped("São Paulo → Lyon", to: 10) == "São Paulo…")
    }

    @Test func paddedToTheLeftAddsSpacesAfter() {
        #expect(TextWidth.padded("ab", to: 5) == "ab   ")
    }

    @Test func paddedToTheRightAddsSpacesBefore() {
        #expect(TextWidth.padded("ab", to: 5, alignment: .right) == "   ab")
    }

    @Test func paddedTextIsExactlyTheWidthEvenWhenAWideCharacterIsCut() {
        #expect(TextWidth.padded("東京x", to: 4) == "東… ")
        #expect(TextWidth.padded("abcdef", to: 4, alignment: .right) == "abc…")
        #expect(TextWidth.width(TextWidth.padded("東京", to: 7, alignment: .right)) == 7)
    }

    @Test func wrapBreaksAtSpaces() {
        #expect(TextWidth.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    }

    @Test func wrapCollapsesRunsOfSpaces() {
        #expect(TextWidth.wrap("  a   b  ", width: 10) == ["a b"])
    }

    @Test func wrapClipsAWordLongerThanALine() {
        #expect(TextWidth.wrap("abcdefghij xy", width: 5) == ["abcd…", "xy"])
    }

    @Test func wrapCountsColumnsNotCharacters() {
        #expect(TextWidth.wrap("東京 大阪 京都", width: 9) == ["東京 大阪", "京都"])
    }

    /// The shortcut for ASCII bytes among other text must give what a `Character` at a time gives:
    /// an ASCII letter followed by a combining mark, a joiner or a variation selector is one
    /// character with it, and CR LF is one.
    @Test(arguments: [
        "Pacific — Coast", "e\u{301}te\u{301}", "a\u{200D}b", "1\u{FE0F}\u{20E3} x", "\r\n", "a\r\nb", "A\u{1B}[2J\u{9B}B",
        "🇫🇷a🇩🇪", "👩‍👩‍👧 ok", "x\u{0308}\u{0308}\u{0308}\u{0308}\u{0308}\u{0308}", "東京 Tokyo", "end é", "é", "a", "",
        "\u{7F}~ \u{80}", "Zürich 森 Zürich",
    ])
    func theASCIIShortcutGivesTheGlyphsOfEachCharacter(_ text: String) {
        var glyphs: [Glyph] = []
        TextWidth.forEachGlyph(of: text, utf8: true) {
            glyphs.append($0); return true
        }
        #expect(glyphs == text.map { Glyph($0, utf8: true) })
    }

    @Test func wrapCanBreakALongWordInsteadOfClippingIt() {
        let url = "https://www.openstreetmap.org/directions?route=36.6%2C-121.9"
        let lines = TextWidth.wrap("Open \(url) here", width: 20, breakingLongWords: true)
        #expect(lines == ["Open", "https://www.openstre", "etmap.org/directions", "?route=36.6%2C-121.9", "here"])
        #expect(lines.joined().replacingOccurrences(of: "Open", with: "").replacingOccurrences(of: "here", with: "") == url)
        #expect(TextWidth.wrap("東京東京東京", width: 5, breakingLongWords: true) == ["東京", "東京", "東京"])
    }

    @Test func wrapHangingIndentsEveryLineButTheFirst() {
        #expect(
            TextWidth.wrapHanging("d Delete the selected stop after a question", width: 20, indent: 2)
                == ["d Delete the", "  selected stop", "  after a question"])
        // The first line has the whole width, the others two columns less.
        #expect(TextWidth.wrapHanging("aaaa bbbb cccc dddd eeee", width: 14, indent: 2) == ["aaaa bbbb cccc", "  dddd eeee"])
        // Too narrow for an indent: wrapped as `wrap` does.
        #expect(TextWidth.wrapHanging("aaaa bbbb", width: 9, indent: 2) == ["aaaa bbbb"])
    }

    @Test func wrappingNothingGivesOneEmptyLine() {
        #expect(TextWidth.wrap("", width: 10) == [""])
    }
}
