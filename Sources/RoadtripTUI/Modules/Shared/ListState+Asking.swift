import Terminal

/// A view's reports to a presenter that owns the selection of its list: the trip list, a trip's
/// stops, the places along the road.
@MainActor
protocol RowSelectingOutput: AnyObject {
    func didSelect(row: Int)
}

extension ListState {
    /// Asks `presenter` for the row `change` would select, moving nothing: the selection drawn is
    /// only ever the presenter's answer (its `display`).
    @MainActor
    func ask(_ presenter: some RowSelectingOutput, _ change: (inout ListState) -> Void) {
        if let row = selection(after: change) { presenter.didSelect(row: row) }
    }
}
