@testable import RoadtripTUI
import ScreenModels
import Testing

/// The presenter's half of every list's search: rows found as place search finds names, and
/// what the status bar says when nothing is found, an end is passed, or one row alone matches.
@Suite struct RowSearchTests {
    /// The Iceland Ring Road's stops, with their region: Reykjavík twice, Reykjahlíð once.
    static let rows = [
        ["Reykjavík", "IS"], ["Selfoss", "IS"], ["Vík í Mýrdal", "IS"], ["Reykjahlíð", "Northeast, IS"],
        ["Akureyri", "Northeast, IS"], ["Reykjavík", "IS"],
    ]

    static func searching(from row: Int) -> RowSearch {
        var search = RowSearch()
        search.use(rows)
        search.begin(at: row)
        return search
    }

    @Test func typingFindsTheNextRowIgnoringCaseAndAccents() {
        var search = Self.searching(from: 0)
        #expect(search.type("r") == 2, "Selfoss has no r; Mýrdal has")
        #expect(search.type("REYKJAV") == 5)
        #expect(search.type("vik i") == 2)
        #expect(search.type("northeast") == 3, "the region is searched too")
        #expect(!search.state.isFailing)
    }

    @Test func aPatternNothingMatchesGoesBackWhereItBegan() {
        var search = Self.searching(from: 4)
        #expect(search.type("selfoss") == 1)
        #expect(search.type("selfossx") == 4)
        #expect(search.state.isFailing)
        let (row, said) = search.submit(from: 4)
        #expect(row == 4)
        #expect(said?.text == "Nothing here matches “selfossx”.")
    }

    @Test func escapeGoesBackWhereItBegan() {
        var search = Self.searching(from: 1)
        #expect(search.type("akur") == 4)
        #expect(search.cancel() == 1)
        #expect(search.state.highlighted == nil)
    }

    @Test func nAndShiftNGoFromMatchToMatchAndSayWhenTheyGoRound() {
        var search = Self.searching(from: 0)
        _ = search.type("reykja")
        let kept = search.submit(from: 3)
        #expect(kept.row == 3 && kept.message == nil)
        #expect(search.step(.forward, from: 3).row == 5)
        let round = search.step(.forward, from: 5)
        #expect(round.row == 0 && round.message?.text == "Past the last match: on from the top.")
        let back = search.step(.backward, from: 0)
        #expect(back.row == 5 && back.message?.text == "Past the first match: on from the bottom.")
    }

    @Test func theOnlyMatchSaysSo() {
        var search = Self.searching(from: 0)
        _ = search.type("akureyri")
        _ = search.submit(from: 4)
        let step = search.step(.forward, from: 4)
        #expect(step.row == 4 && step.message?.text == "Only this row matches “akureyri”.")
    }

    @Test func nBeforeAnySearchSaysHowToSearch() {
        var search = RowSearch()
        search.use(Self.rows)
        let step = search.step(.forward, from: 2)
        #expect(step.row == 2 && step.message == RowSearch.noSearch)
    }

    /// As less and vim: `/` then Enter looks for the last pattern again.
    @Test func enterOnAnEmptyPatternLooksForTheLastOneAgain() {
        var search = Self.searching(from: 0)
        _ = search.type("reykja")
        _ = search.submit(from: 3)
        search.begin(at: 3)
        #expect(search.submit(from: 3).row == 5)
    }

    /// Rows that change (a stop renamed) are folded again.
    @Test func newRowsAreSearched() {
        var search = Self.searching(from: 0)
        search.use([["Tulsa"], ["Amarillo"]])
        #expect(search.type("amar") == 1)
    }
}
