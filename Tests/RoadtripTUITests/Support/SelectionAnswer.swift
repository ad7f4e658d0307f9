/// How a presenter spy answers a view's request to select a row, as the real presenter does:
/// the view is shown `viewModel` with that row selected (`display`).
@MainActor
func selectionAnswer<ViewModel>(
    showing viewModel: ViewModel, row selected: WritableKeyPath<ViewModel, Int?>,
    display: @escaping (ViewModel) -> Void
) -> (Int) -> Void {
    { row in
        var shown = viewModel
        shown[keyPath: selected] = row
        display(shown)
    }
}
