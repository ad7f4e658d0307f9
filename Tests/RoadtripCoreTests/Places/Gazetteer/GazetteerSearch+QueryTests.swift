@testable import RoadtripCore
import Testing

@Suite struct GazetteerSearchQueryTests {
    @Test func anAbbreviationAlsoStandsForItsWrittenForms() throws {
        let query = try #require(GazetteerSearch.Query("st louis"))
        #expect(query.words.first?.map { String(decoding: $0.text, as: UTF8.self) } == ["st", "saint", "sankt"])
        #expect(query.words.first?.map(\.wholeWord) == [false, true, true])
        #expect(query.phrases.map { String(decoding: $0.text, as: UTF8.self) } == ["st louis", "saint louis", "sankt louis"])
    }

    @Test func qualifiersFollowCommas() throws {
        let query = try #require(GazetteerSearch.Query("Portland, Oregon, USA"))
        #expect(query.words.count == 1)
        #expect(query.qualifiers.map { String(decoding: $0, as: UTF8.self) } == ["oregon", "usa"])
    }

    @Test func tooManySpellingsAreCapped() throws {
        let query = try #require(GazetteerSearch.Query("st st st st"))
        #expect(query.phrases.count == GazetteerSearch.Query.maximumPhrases)
    }

    private func words(_ query: GazetteerSearch.Query) -> [String] {
        query.words.map { String(decoding: $0[0].text, as: UTF8.self) }
    }

    @Test func anElidedArticleIsAlsoReadJoinedToTheNextWord() throws {
        for text in ["Coll d Ordino", "Coll d’ Ordino", "coll D ordino"] {
            let readings = try #require(GazetteerSearch.Query(text)).readings
            #expect(readings.map(words).contains(["coll", "dordino"]), "\(text)")
        }
        #expect(try #require(GazetteerSearch.Query("Castel dell Ovo")).joiningElisions().map(words) == ["castel", "dellovo"])
        #expect(try #require(GazetteerSearch.Query("Coll d")).joiningElisions() == nil, "nothing to join the article to yet")
        #expect(try #require(GazetteerSearch.Query("San Diego")).readings.count == 1, "most queries are read one way")
    }

    @Test func aKindWordIsAlsoReadAsItsKind() throws {
        let castle = try #require(GazetteerSearch.Query("Vaduz Castle")?.readingKindWord())
        #expect(words(castle) == ["vaduz"] && castle.kinds == [.castle, .fort])
        let camp = try #require(GazetteerSearch.Query("camp site Ordino, Andorra")?.readingKindWord())
        #expect(words(camp) == ["ordino"] && camp.kinds.first == .campSite && camp.qualifiers.count == 1)
        let pass = try #require(GazetteerSearch.Query("Tende mountain pass")?.readingKindWord())
        #expect(words(pass) == ["tende"] && pass.kinds == [.mountainPass], "the longest phrase first")
        #expect(try #require(GazetteerSearch.Query("Mt Blanc")?.readingKindWord()).kinds.first == .peak, "an abbreviation written out")
        for name in ["lake", "See", "national park", "Paris"] {
            #expect(try #require(GazetteerSearch.Query(name)).readingKindWord() == nil, "\(name)")
        }
    }

    @Test func aKindReadingAlsoLooksForElidedArticlesBeforeAVowel() throws {
        let lake = try #require(GazetteerSearch.Query("Engolasters lake")?.readingKindWord())
        #expect(lake.words[0].map { String(decoding: $0.text, as: UTF8.self) } == ["engolasters", "dengolasters", "lengolasters", "dellengolasters"])
        let vaduz = try #require(GazetteerSearch.Query("Vaduz Castle")?.readingKindWord())
        #expect(vaduz.words[0].count == 1, "not before a consonant")
        #expect(try #require(GazetteerSearch.Query("Engolasters")).words[0].count == 1, "not in a name alone")
    }
}
