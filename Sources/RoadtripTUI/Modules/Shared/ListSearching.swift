import ScreenModels
import Terminal

/// A view's reports to a presenter that searches its list (`RowSearch`): `/`, the pattern as it is
/// typed in the prompt, Enter, Esc, and `n` and `N`.
@MainActor
protocol ListSearchingOutput: AnyObject {
    func didPressSearch()
    func didChangeSearch(_ pattern: String)
    func didSubmitSearch()
    func didCancelSearch()
    func didPressNextMatch()
    func didPressPreviousMatch()
}

extension ListSearchingOutput {
    /// A search key (`ListKeys.searchBindings`), reported.
    func didPress(_ key: ListSearchKey) {
        switch key {
        case .begin: didPressSearch()
        case .next: didPressNextMatch()
        case .previous: didPressPreviousMatch()
        }
    }

    /// What a key did in the prompt, reported; true when only the view changed (the cursor
    /// moved) and draws again by itself.
    func report(_ outcome: SearchPrompt.Outcome) -> Bool {
        switch outcome {
        case .changed(let pattern): didChangeSearch(pattern)
        case .submit: didSubmitSearch()
        case .cancel: didCancelSearch()
        case .handled: return true
        case .ignored: break
        }
        return false
    }
}

/// A presenter whose list is searched with a `RowSearch`: the intents of `ListSearchingOutput`
/// written once for every list. The presenter says what the search looks in, from which row, and
/// how a row found is selected and shown.
@MainActor
protocol RowSearchingPresenter: ListSearchingOutput {
    var rowSearch: RowSearch { get set }
    /// The row searched from: the selected one, or nil where nothing can be found.
    var searchedRow: Int? { get }
    /// What the search looks in: each row's cells as the screen shows them.
    var searchedTexts: [[String]] { get }
    /// What the status bar says, set by a search that has something to say (or nothing: nil).
    var searchMessage: StatusMessage? { get set }
    /// Selects `row` when it is one (nil: the selection stays) and shows the list.
    func showFound(_ row: Int?)
}

extension RowSearchingPresenter {
    func didPressSearch() {
        rowSearch.begin(at: searchedRow)
        showFound(nil)
    }

    func didChangeSearch(_ pattern: String) {
        rowSearch.use(searchedTexts)
        showFound(rowSearch.type(pattern))
    }

    func didSubmitSearch() {
        rowSearch.use(searchedTexts)
        let (row, said) = rowSearch.submit(from: searchedRow)
        searchMessage = said
        showFound(row)
    }

    func didCancelSearch() {
        showFound(rowSearch.cancel())
    }

    func didPressNextMatch() { stepSearch(.forward) }
    func didPressPreviousMatch() { stepSearch(.backward) }

    private func stepSearch(_ direction: ListSearch.Direction) {
        rowSearch.use(searchedTexts)
        let (row, said) = rowSearch.step(direction, from: searchedRow)
        searchMessage = said
        showFound(row)
    }
}
