@testable import RoadtripCore
import Testing

@Suite struct GazetteerSearchTextTests {
    /// Issue 54: ASCII text is folded byte by byte, as the scalar-by-scalar fold would fold it.
    @Test func asciiIsFoldedAsEveryOtherTextIs() {
        var random = SeededRandom(seed: 54)
        let every = String((0..<128).map { Character(UnicodeScalar(UInt8($0))) })
        let samples =
            ["Canillo 3-4", "O'Fallon", "St. Louis", "  --Mt  Hood--  ", "A`b", "\t\n\u{7F}x", every]
            + (0..<2_000).map { _ in
                String((0..<Int.random(in: 0..<12, using: &random)).map { _ in Character(UnicodeScalar(UInt8.random(in: 0..<128, using: &random))) })
            }
        for text in samples {
            #expect(SearchText.foldASCII(text) == SearchText.foldUnicode(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("Zürich", "zurich"), ("São Paulo", "sao paulo"), ("Łódź", "lodz"), ("Straße", "strasse"),
        ("Ærøskøbing", "aeroskobing"), ("İstanbul", "istanbul"), ("MÜNCHEN", "munchen"),
    ])
    func caseAndMarksFold(_ text: String, _ key: String) {
        #expect(SearchText.key(of: text) == key)
    }

    @Test(arguments: [
        ("Winston-Salem", "winston salem"), ("Winston–Salem", "winston salem"), ("  Salt   Lake  City ", "salt lake city"),
        ("Coeur d'Alene", "coeur dalene"), ("O’Fallon", "ofallon"), ("Washington, D.C.", "washington d c"),
        ("Zürich (Kreis 11)", "zurich kreis 11"), ("!!!", ""), ("", ""),
    ])
    func punctuationSeparatesWordsAndApostrophesVanish(_ text: String, _ key: String) {
        #expect(SearchText.key(of: text) == key)
    }

    @Test(arguments: [
        ("St. Louis", "saint louis"), ("Ste-Foy", "sainte foy"), ("Ft. Worth", "fort worth"),
        ("Mt Shasta", "mount shasta"), ("Stockton", "stockton"), ("Saint Paul", "saint paul"),
    ])
    func abbreviationsAreWrittenOutInKeys(_ text: String, _ key: String) {
        #expect(SearchText.key(of: text) == key)
    }

    @Test(arguments: [("東京", "東京"), ("Москва", "москва"), ("서울", "서울"), ("Αθήνα", "αθηνα")])
    func otherScriptsAreKept(_ text: String, _ key: String) {
        #expect(SearchText.key(of: text) == key)
    }

    @Test func wordsAreNotAbbreviationExpanded() {
        #expect(SearchText.words(of: "St. Louis") == ["st", "louis"])
    }
}

/// Text folded for a list's search (issue 53): found as place names are, and marked where it is.
@Suite struct SearchTextFoldedTests {
    static func pattern(_ text: String) -> [Unicode.Scalar] { SearchText.Folded.pattern(text) }

    @Test(arguments: [
        ("Reykjavík", "reykjav"), ("Vík í Mýrdal", "vik i myrdal"), ("Füssen", "FUSS"), ("Winston-Salem", "winston salem"),
        ("Coeur d'Alene", "d'alene"), ("Coeur d'Alene", "dalene"), ("St. Louis", "st louis"), ("Straße", "strasse"), ("東京都", "東京"),
    ])
    func findsWhatPlaceSearchWouldFind(_ text: String, _ typed: String) {
        #expect(SearchText.Folded(text).contains(Self.pattern(typed)))
    }

    @Test func findsNothingForPunctuationAloneOrWhatIsNotThere() {
        #expect(!SearchText.Folded("Tulsa").contains(Self.pattern("-")))
        #expect(!SearchText.Folded("Tulsa").contains(Self.pattern("tulsas")))
        #expect(!SearchText.Folded("").contains(Self.pattern("a")))
    }

    /// The characters of the text as written each match covers, for the row to mark them.
    @Test func matchesAreTheCharactersOfTheTextAsWritten() {
        #expect(SearchText.Folded("Reykjavík, Reykjahlíð").matches(of: Self.pattern("reykja")) == [0..<6, 11..<17])
        #expect(SearchText.Folded("Vík í Mýrdal").matches(of: Self.pattern("ik i m")) == [1..<7])
        #expect(SearchText.Folded("Straße").matches(of: Self.pattern("ss")) == [4..<5], "ß folds to ss: the match is the ß")
        #expect(SearchText.Folded("Coeur d'Alene").matches(of: Self.pattern("dal")) == [6..<10], "the apostrophe inside the match is marked too")
        #expect(SearchText.Folded("Tulsa").matches(of: Self.pattern("")) == [])
    }

    /// Folded as `SearchText.words` folds: what a filter finds, a row marks.
    @Test(arguments: ["Zürich", "  Salt   Lake  City ", "Washington, D.C.", "İstanbul", "Ærøskøbing", "Hawaiʻi"])
    func foldsAsTheWordsDo(_ text: String) {
        let words = SearchText.words(of: text).joined(separator: " ")
        #expect(SearchText.Folded(text).contains(Self.pattern(words)) || words.isEmpty)
        #expect(SearchText.Folded(text).matches(of: Self.pattern(words)).count == (words.isEmpty ? 0 : 1))
    }
}
