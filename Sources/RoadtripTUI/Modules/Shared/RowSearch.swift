import RoadtripCore
import ScreenModels

/// The presenter's half of a list's search (`ListSearch`), the same in every list: the rows'
/// texts folded once as place search folds names (case, accents and punctuation: "zurich" finds
/// "Zürich"), the row each key finds, and what the status bar says of it. The presenter keeps
/// the selection: each call returns the row to select.
struct RowSearch: Equatable {
    private(set) var state = ListSearch()
    private var texts: [[String]] = []
    private var folded: [[SearchText.Folded]] = []

    /// The texts the search looks in, as the list shows them: a row's cells (a stop's name, its
    /// region), each searched alone, so that a match is one the row can mark. Folded again only
    /// when they changed.
    mutating func use(_ rows: [[String]]) {
        guard rows != texts else { return }
        texts = rows
        folded = rows.map { $0.map(SearchText.Folded.init) }
    }

    /// Whether a row's cells hold `pattern`, folded (`SearchText.Folded.pattern`).
    private static func cells(_ cells: [SearchText.Folded], hold pattern: [Unicode.Scalar]) -> Bool {
        !pattern.isEmpty && cells.contains { $0.contains(pattern) }
    }

    /// `/` with `selection` selected.
    mutating func begin(at selection: Int?) {
        state.begin(at: selection)
    }

    /// The prompt holds `pattern`: the row to select (the first after where the search began that
    /// holds it, else where it began).
    mutating func type(_ pattern: String) -> Int? {
        let wanted = SearchText.Folded.pattern(pattern), folded = folded
        return state.type(pattern, count: folded.count) { Self.cells(folded[$0], hold: wanted) }
    }

    /// Enter, `selection` selected: the row to select and what to say. An empty pattern looks for
    /// the last one again, as less and vim do.
    mutating func submit(from selection: Int?) -> (row: Int?, message: StatusMessage?) {
        let failed = state.isFailing
        guard let pattern = state.submit() else { return step(.forward, from: selection) }
        return (selection, failed ? Self.nothingMatches(pattern) : nil)
    }

    /// Esc: the row to go back to.
    mutating func cancel() -> Int? {
        state.cancel()
    }

    /// `n` (forward) or `N` (backward) from `selection`: the row to select and what to say (nothing
    /// searched yet, nothing matching, the end passed, the one match).
    func step(_ direction: ListSearch.Direction, from selection: Int?) -> (row: Int?, message: StatusMessage?) {
        guard let pattern = state.lastPattern else { return (selection, Self.noSearch) }
        let wanted = SearchText.Folded.pattern(pattern)
        guard let found = ListSearch.find(direction, from: selection, count: folded.count, matches: { Self.cells(folded[$0], hold: wanted) }) else {
            return (selection, Self.nothingMatches(pattern))
        }
        if found.row == selection { return (found.row, StatusMessage("Only this row matches “\(pattern)”.")) }
        guard found.wrapped else { return (found.row, nil) }
        return (found.row, StatusMessage(direction == .forward ? "Past the last match: on from the top." : "Past the first match: on from the bottom."))
    }

    static let noSearch = StatusMessage("No search yet: / searches the list, n and N then go from match to match.")

    static func nothingMatches(_ pattern: String) -> StatusMessage {
        StatusMessage("Nothing here matches “\(pattern)”.")
    }
}
