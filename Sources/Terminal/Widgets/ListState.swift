import TextCanvas
/// Selection and scrolling of a list of `count` rows shown `height` rows at a time.
/// Pure state: views draw it, tests check it without a screen.
package struct ListState: Equatable, Sendable {
    package enum Move: Equatable, Sendable {
        case up, down, pageUp, pageDown, first, last
        /// Half a page, as vim's and less's Ctrl-U and Ctrl-D scroll (issue 53).
        case halfPageUp, halfPageDown
    }

    package private(set) var count: Int
    /// The selected row, nil only when the list is empty.
    package private(set) var selection: Int?
    /// The first visible row.
    package private(set) var offset = 0

    package init(count: Int = 0, selection: Int? = nil) {
        self.count = max(0, count)
        self.selection = nil
        select(selection ?? 0)
    }

    package mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        select(selection ?? 0)
    }

    package mutating func select(_ row: Int) {
        selection = count == 0 ? nil : min(max(0, row), count - 1)
        offset = min(offset, max(0, count - 1))
    }

    package mutating func apply(_ move: Move, pageSize: Int) {
        guard let current = selection else { return }
        // A page keeps one row of the last in sight; half a page is half of what shows.
        let page = max(1, pageSize - 1)
        let halfPage = max(1, pageSize / 2)
        switch move {
        case .up: select(current - 1)
        case .down: select(current + 1)
        case .pageUp: select(current - page)
        case .pageDown: select(current + page)
        case .halfPageUp: select(current - halfPage)
        case .halfPageDown: select(current + halfPage)
        case .first: select(0)
        case .last: select(count - 1)
        }
    }

    /// Scrolls just enough that the selection is among the `height` visible rows.
    package mutating func scrollToSelection(height: Int) {
        guard height > 0 else { return }
        let selected = selection ?? 0
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        offset = max(0, min(offset, max(0, count - height)))
    }

    package func visibleRows(height: Int) -> Range<Int> {
        offset..<min(count, offset + max(0, height))
    }

    /// The row `change` would select, tried on a copy: a view asks its presenter for that row,
    /// and only the presenter's answer moves the list drawn.
    package func selection(after change: (inout ListState) -> Void) -> Int? {
        var asked = self
        change(&asked)
        return asked.selection
    }
}

/// The movement keys every list understands (SPEC: ↑/↓ or k/j, PgUp/PgDn, Home/End or g/G), and
/// the pagers' (issue 53: less, vim, tig and mutt page with Ctrl-F/Ctrl-B and Space, and move
/// half a page with Ctrl-D/Ctrl-U). Lists whose keys a text field has (the stop editor's places,
/// the catalogue of extracts) keep the arrows and PgUp/PgDn: there Ctrl-U clears the field.
package enum ListKeys {
    package static func bindings<Command>(_ command: (ListState.Move) -> Command) -> [KeyBinding<Command>] {
        [
            KeyBinding(command(.up), keys: [.up, .character("k")], label: "Up", help: "Select the previous row"),
            KeyBinding(command(.down), keys: [.down, .character("j")], label: "Down", help: "Select the next row"),
            KeyBinding(command(.pageUp), keys: [.pageUp, .control("b")], label: "PgUp", help: "Move up one page"),
            KeyBinding(command(.pageDown), keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn", help: "Move down one page"),
            KeyBinding(command(.halfPageUp), keys: [.control("u")], label: "Half page up", help: "Move up half a page"),
            KeyBinding(command(.halfPageDown), keys: [.control("d")], label: "Half page down", help: "Move down half a page"),
            KeyBinding(command(.first), keys: [.home, .character("g")], label: "First", help: "Select the first row"),
            KeyBinding(command(.last), keys: [.end, .character("G")], label: "Last", help: "Select the last row"),
        ]
    }

    /// A list's search (`ListSearch`), as less and vim search: `/` types a pattern, `n` and `N`
    /// go to the next and the previous row it matches. (`?`, their backward search, is help here.)
    package static func searchBindings<Command>(_ command: (ListSearchKey) -> Command) -> [KeyBinding<Command>] {
        [
            KeyBinding(
                command(.begin), keys: [.character("/")], label: "Search",
                help: "Search the list as you type (case and accents ignored): Enter keeps the row found, Esc goes back"),
            KeyBinding(
                command(.next), keys: [.character("n")], label: "Next match", help: "Select the next row the search matches (on from the top after the last)"),
            KeyBinding(command(.previous), keys: [.character("N")], label: "Previous match", help: "Select the previous row the search matches"),
        ]
    }
}

/// What a search key asks of a list (`ListKeys.searchBindings`).
package enum ListSearchKey: Hashable, Sendable {
    /// `/`: open the prompt.
    case begin
    /// `n`, `N`: the next or previous row the search matches.
    case next, previous
}

extension Surface {
    /// Draws the visible rows of `state` in `rect`, scrolled so the selection shows, with a
    /// scroll indicator in the last column when not everything fits. `drawRow` draws one row.
    package func list(_ state: inout ListState, in rect: Rect, drawRow: (_ index: Int, _ rowRect: Rect, _ isSelected: Bool) -> Void) {
        guard !rect.isEmpty else { return }
        state.scrollToSelection(height: rect.height)
        let overflows = state.count > rect.height
        let rowWidth = overflows ? rect.width - 1 : rect.width
        for (line, index) in state.visibleRows(height: rect.height).enumerated() {
            let rowRect = Rect(row: rect.row + line, column: rect.column, width: rowWidth, height: 1)
            drawRow(index, rowRect, index == state.selection)
        }
        if overflows { scrollIndicator(state, in: Rect(row: rect.row, column: rect.right - 1, width: 1, height: rect.height)) }
    }

    private func scrollIndicator(_ state: ListState, in rect: Rect) {
        let thumbSize = max(1, rect.height * rect.height / max(1, state.count))
        let maxOffset = max(1, state.count - rect.height)
        let thumbStart = (rect.height - thumbSize) * state.offset / maxOffset
        let (track, thumb) = TextWidth.isUTF8 ? ("│", "┃") : ("|", "#")
        for line in 0..<rect.height {
            let isThumb = line >= thumbStart && line < thumbStart + thumbSize
            text(isThumb ? thumb : track, row: rect.row + line, column: rect.column, width: 1, style: isThumb ? .accent : .dim)
        }
    }
}
