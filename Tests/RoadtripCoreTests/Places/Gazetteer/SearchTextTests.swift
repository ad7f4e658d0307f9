@testable import RoadtripCore
import Testing

@Suite struct GazetteerSearchTextTests {
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
