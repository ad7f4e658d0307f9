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
