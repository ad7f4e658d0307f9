import TextCanvas

/// What the mouse does to a list drawn in a rect: the same moves its keys make, found from the
/// row under the pointer and the list's scroll offset (which only drawing changes, so it is the
/// one on the screen).
package enum ListMouseAction: Equatable, Sendable {
    /// A click on a row: select it.
    case select(Int)
    /// A double click on a row: select it and do what Enter does.
    case activate(Int)
    /// The wheel: move the selection by this many rows.
    case scroll(Int)
}

extension ListState {
    /// Rows the selection moves per turn of the wheel.
    package static let wheelStep = 3

    /// The row drawn at screen `row` when the list was drawn in `rect`, if any (the scroll
    /// indicator's column counts as its row).
    package func row(atScreenRow row: Int, column: Int, in rect: Rect) -> Int? {
        guard rect.contains(row: row, column: column) else { return nil }
        let index = offset + row - rect.row
        return index < count ? index : nil
    }

    /// What `event` does to the list drawn in `rect`, if anything: clicks act on the row under
    /// them, the wheel anywhere in `rect`.
    package func action(for event: MouseEvent, in rect: Rect) -> ListMouseAction? {
        guard event.isInside(rect) else { return nil }
        switch event.kind {
        case .wheelUp: return .scroll(-Self.wheelStep)
        case .wheelDown: return .scroll(Self.wheelStep)
        case .click: return row(atScreenRow: event.row, column: event.column, in: rect).map { .select($0) }
        case .doubleClick: return row(atScreenRow: event.row, column: event.column, in: rect).map { .activate($0) }
        case .press, .release, .drag: return nil
        }
    }

    /// Moves the selection `rows` rows (the wheel), within the list.
    package mutating func moveSelection(by rows: Int) {
        guard let selection else { return }
        select(selection + rows)
    }
}
