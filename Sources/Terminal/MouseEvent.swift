import TextCanvas

/// What the mouse did, at which cell: decoded once from curses (`MouseReport`, `MouseGestures`),
/// so that views see clicks and wheel turns, never button masks.
package struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// Button 1 went down (a drag may follow).
        case press
        /// Button 1 came up somewhere else than it went down, or after a drag.
        case release
        /// Button 1 went down and up on the same cell.
        case click
        /// A second click on the same cell soon after the first (which came as `.click`).
        case doubleClick
        /// The pointer moved with button 1 held down.
        case drag
        case wheelUp, wheelDown
    }

    package let kind: Kind
    /// Screen row and column, from 0 at the top left.
    package let row: Int
    package let column: Int

    package init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }

    package func isInside(_ rect: Rect) -> Bool {
        rect.contains(row: row, column: column)
    }

    package var description: String { "Mouse \(kind) at \(row),\(column)" }
}
