import ScreenModels
import Testing

/// A list's search as a presenter holds it: where `/` looks from, what typing finds, Enter, Esc,
/// and `n`/`N` round the ends of the list.
@Suite struct ListSearchTests {
    /// Rows 2, 5 and 7 of ten match.
    static let matching: Set<Int> = [2, 5, 7]
    static func matches(_ row: Int) -> Bool { matching.contains(row) }

    @Test func typingFindsTheFirstMatchAfterWhereTheSearchBegan() {
        var search = ListSearch()
        search.begin(at: 5)
        #expect(search.isTyping && search.pattern.isEmpty && search.highlighted == nil)
        #expect(search.type("a", count: 10, matches: Self.matches) == 7, "the row selected when / was pressed is found last")
        #expect(search.pattern == "a" && search.highlighted == "a" && !search.isFailing)
    }

    @Test func aPatternNothingMatchesFailsAndGoesBackToTheOrigin() {
        var search = ListSearch()
        search.begin(at: 3)
        #expect(search.type("x", count: 10) { _ in false } == 3)
        #expect(search.isFailing)
        #expect(search.type("", count: 10) { _ in false } == 3, "an empty pattern finds nothing and fails nothing")
        #expect(!search.isFailing)
    }

    @Test func enterKeepsThePatternForNextAndPrevious() {
        var search = ListSearch()
        search.begin(at: 0)
        _ = search.type("a", count: 10, matches: Self.matches)
        #expect(search.submit() == "a")
        #expect(!search.isTyping && search.lastPattern == "a" && search.highlighted == "a")
    }

    @Test func escapeGivesTheOriginBackAndKeepsTheLastPattern() {
        var search = ListSearch()
        search.begin(at: 0)
        _ = search.type("a", count: 10, matches: Self.matches)
        search.submit()
        search.begin(at: 4)
        _ = search.type("b", count: 10, matches: Self.matches)
        #expect(search.cancel() == 4)
        #expect(!search.isTyping && search.lastPattern == "a", "as in vim, n still looks for what Enter kept")
    }

    @Test func anEmptyPatternSubmittedKeepsTheLastOne() {
        var search = ListSearch()
        search.begin(at: 0)
        _ = search.type("a", count: 10, matches: Self.matches)
        search.submit()
        search.begin(at: 0)
        #expect(search.submit() == nil)
        #expect(search.lastPattern == "a")
    }

    @Test func forwardGoesRoundTheEnd() {
        #expect(ListSearch.find(.forward, from: 2, count: 10, matches: Self.matches) == .init(row: 5, wrapped: false))
        #expect(ListSearch.find(.forward, from: 7, count: 10, matches: Self.matches) == .init(row: 2, wrapped: true))
        #expect(ListSearch.find(.forward, from: nil, count: 10, matches: Self.matches) == .init(row: 2, wrapped: false))
    }

    @Test func backwardGoesRoundTheStart() {
        #expect(ListSearch.find(.backward, from: 5, count: 10, matches: Self.matches) == .init(row: 2, wrapped: false))
        #expect(ListSearch.find(.backward, from: 2, count: 10, matches: Self.matches) == .init(row: 7, wrapped: true))
        #expect(ListSearch.find(.backward, from: nil, count: 10, matches: Self.matches) == .init(row: 7, wrapped: false))
    }

    @Test func theOnlyMatchIsFoundAgainRoundTheList() {
        #expect(ListSearch.find(.forward, from: 4, count: 10) { $0 == 4 } == .init(row: 4, wrapped: true))
        #expect(ListSearch.find(.forward, from: 4, count: 10) { _ in false } == nil)
        #expect(ListSearch.find(.forward, from: nil, count: 0) { _ in true } == nil)
    }
}
