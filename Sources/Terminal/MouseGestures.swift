/// Turns the terminal's mouse reports into the events views act on: a press and its release on
/// the same cell are a click, a second click there soon after is a double click, a move with the
/// button down is a drag. Pure state with the time passed in, so tests need no clock.
///
/// curses could make clicks itself (`mouseinterval`), but then every press waits up to that long
/// for its release before anything happens, and a drag comes as a click; here a press acts at
/// once. (Nor are curses' mouse events used at all: `MouseReport`.)
struct MouseGestures {
    /// The longest gap between two clicks that still makes a double click (GTK's default).
    static let doubleClickInterval: Duration = .milliseconds(400)

    private struct Cell: Equatable {
        let row: Int
        let column: Int
    }

    /// Where button 1 went down, while it is down.
    private var pressedAt: Cell?
    /// Where the pointer was last seen with the button down.
    private var lastAt: Cell?
    private var dragged = false
    /// The last click, for the double click it may start.
    private var lastClick: (cell: Cell, time: ContinuousClock.Instant)?

    mutating func event(for report: MouseReport, at time: ContinuousClock.Instant) -> MouseEvent? {
        let cell = Cell(row: report.row, column: report.column)
        switch report.action {
        case .wheelUp: return MouseEvent(.wheelUp, row: cell.row, column: cell.column)
        case .wheelDown: return MouseEvent(.wheelDown, row: cell.row, column: cell.column)
        case .buttonDown:
            // A second press with no release between: a release was lost; take it as a move.
            return pressedAt == nil ? press(at: cell) : drag(to: cell)
        case .motion:
            // Moves are reported only with a button down: when its press was not seen (it went
            // down before the program started), the move starts the drag.
            return pressedAt == nil ? press(at: cell) : drag(to: cell)
        case .buttonUp:
            return release(at: cell, time: time)
        }
    }

    private mutating func press(at cell: Cell) -> MouseEvent {
        pressedAt = cell
        lastAt = cell
        dragged = false
        return MouseEvent(.press, row: cell.row, column: cell.column)
    }

    private mutating func drag(to cell: Cell) -> MouseEvent? {
        guard cell != lastAt else { return nil }
        lastAt = cell
        dragged = true
        return MouseEvent(.drag, row: cell.row, column: cell.column)
    }

    private mutating func release(at cell: Cell, time: ContinuousClock.Instant) -> MouseEvent? {
        guard let pressed = pressedAt else { return nil } // pressed before the program started
        pressedAt = nil
        lastAt = nil
        guard !dragged, pressed == cell else {
            lastClick = nil
            return MouseEvent(.release, row: cell.row, column: cell.column)
        }
        if let last = lastClick, last.cell == cell, time - last.time <= Self.doubleClickInterval {
            lastClick = nil // a third click starts again
            return MouseEvent(.doubleClick, row: cell.row, column: cell.column)
        }
        lastClick = (cell, time)
        return MouseEvent(.click, row: cell.row, column: cell.column)
    }
}
