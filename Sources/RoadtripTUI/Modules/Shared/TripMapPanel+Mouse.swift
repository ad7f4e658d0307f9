import Terminal
import TextCanvas

/// The map's mouse, made of its key commands so that both do the same: the wheel zooms about the
/// pointer, a drag pans (the map follows the pointer), a click gives the map the keys.
extension TripMapPanel {
    /// Handles `event` when it is the map's, drawn in `rect`: on it, or any step of a drag that
    /// started on it. `width` is the trip detail screen's (for `open`). Returns whether it was the map's.
    mutating func handle(_ event: MouseEvent, in rect: Rect, width: Int) -> Bool {
        guard event.isInside(rect) || dragAnchor != nil else { return false }
        switch event.kind {
        case .wheelUp: zoom(.zoomIn, about: event, in: rect)
        case .wheelDown: zoom(.zoomOut, about: event, in: rect)
        case .press: dragAnchor = (event.row, event.column)
        case .drag:
            guard let anchor = dragAnchor else { return true }
            perform(.pan(columns: anchor.column - event.column, rows: anchor.row - event.row))
            dragAnchor = (event.row, event.column)
        case .release: dragAnchor = nil
        case .click, .doubleClick:
            dragAnchor = nil
            open(width: width)
        }
        return true
    }

    /// Zooms so that the place under the pointer stays under it: the pointer's cell is brought
    /// to the middle, the map zoomed about the middle, and the cell moved back.
    private mutating func zoom(_ command: Command, about event: MouseEvent, in rect: Rect) {
        let columns = event.column - (rect.column + rect.width / 2)
        let rows = event.row - (rect.row + rect.height / 2)
        perform(.pan(columns: columns, rows: rows))
        perform(command)
        perform(.pan(columns: -columns, rows: -rows))
    }
}
