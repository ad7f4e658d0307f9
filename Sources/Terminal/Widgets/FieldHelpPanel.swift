import TextCanvas
/// What each field of a form means (`F1` in a `FormDialog`), in a box over the form: the focused
/// field first, highlighted. Longer than the screen, it scrolls as the keys' help does
/// (`HelpOverlay`): ↑/↓ or `k`/`j`, PgUp/PgDn or Space, Home/End or `g`/`G`. Every key is its own
/// while it is open: a scrolling key scrolls, any other closes it and does nothing else (issue 53:
/// the help was cut with "…", and the `j` that meant to scroll it went into the field).
package struct FieldHelpPanel: Equatable, Sendable {
    package struct Line: Equatable, Sendable {
        package let text: String
        /// A line of the focused field's help, drawn as a heading.
        package let isFocused: Bool
    }

    package let title: String
    /// The lines at the width of the last drawing.
    package private(set) var lines: [Line] = []
    /// The first line shown.
    package private(set) var offset = 0
    /// Rows of text the last drawing had room for.
    private var visibleRows = 1

    package init(title: String) {
        self.title = title
    }

    private var maxOffset: Int { max(0, lines.count - visibleRows) }

    package enum Command: Hashable, Sendable { case lineUp, lineDown, pageUp, pageDown, top, bottom, close }

    /// The panel's keys, as less reads them; every other key closes it too.
    package static let keymap = Keymap<Command>([
        KeyBinding(.lineDown, keys: [.down, .character("j")], label: "Scroll", help: "Scroll down a line", statusBar: true, statusKey: "↑↓"),
        KeyBinding(.lineUp, keys: [.up, .character("k")], label: "Up", help: "Scroll up a line"),
        KeyBinding(.pageDown, keys: [.pageDown, .character(" ")], label: "Page down", help: "Scroll down a page"),
        KeyBinding(.pageUp, keys: [.pageUp, .character("b")], label: "Page up", help: "Scroll up a page"),
        KeyBinding(.top, keys: [.home, .character("g")], label: "Top", help: "The first line"),
        KeyBinding(.bottom, keys: [.end, .character("G")], label: "Bottom", help: "The last line"),
        KeyBinding(
            .close, keys: [.escape, .function(1), .character("q"), .enter], label: "Close", help: "Close the help (any other key too)", statusBar: true),
    ])

    /// Returns false when the key closes the panel.
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .resize, .mouse: return true
        default: break
        }
        switch Self.keymap.command(for: key) {
        case .lineUp: offset = max(0, offset - 1)
        case .lineDown: offset = min(maxOffset, offset + 1)
        case .pageUp: offset = max(0, offset - visibleRows)
        case .pageDown: offset = min(maxOffset, offset + visibleRows)
        case .top: offset = 0
        case .bottom: offset = maxOffset
        case .close, nil: return false
        }
        return true
    }

    /// Draws the panel centred in `bounds`, `width` columns at most, its lines made by
    /// `lines(textWidth)`; the rows it has room for show from `offset`, and the footer says
    /// which they are.
    @MainActor
    package mutating func draw(on surface: Surface, in bounds: Rect, width: Int, lines makeLines: (Int) -> [Line]) {
        let boxWidth = min(bounds.width - 2, width)
        lines = makeLines(max(1, boxWidth - 4))
        // Borders, a blank line and the footer: four rows besides the text.
        let box = bounds.centered(width: boxWidth, height: lines.count + 4)
        visibleRows = max(1, box.height - 4)
        offset = min(offset, maxOffset)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" Help — \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        for (index, line) in lines.dropFirst(offset).prefix(visibleRows).enumerated() {
            surface.text(line.text, row: box.row + 1 + index, column: box.column + 2, width: box.width - 4, style: line.isFocused ? .header : .normal)
        }
        surface.text(footer, row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
        surface.cursorPosition = nil
    }

    /// "Esc closes", and how to see the rest when it does not all show, with how far down it is.
    private var footer: String {
        guard lines.count > visibleRows else { return "Esc closes the help" }
        let shown = "lines \(offset + 1)\(TextWidth.isUTF8 ? "–" : "-")\(min(lines.count, offset + visibleRows)) of \(lines.count)"
        return TextWidth.isUTF8 ? "↑/↓ PgUp/PgDn scroll · Esc closes · \(shown)" : "Up/Down PgUp/PgDn scroll, Esc closes, \(shown)"
    }
}
