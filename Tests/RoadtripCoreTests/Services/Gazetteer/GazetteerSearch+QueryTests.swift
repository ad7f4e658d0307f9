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
}
