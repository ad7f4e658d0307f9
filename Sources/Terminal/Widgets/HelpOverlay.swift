import TextCanvas
/// A box over the screen listing every key of the current screen (from its keymap).
/// ↑/↓, the pages of every list (PgUp/PgDn, Ctrl-B/Ctrl-F and Space, Ctrl-U/Ctrl-D half a page)
/// and the wheel scroll; any other key, or a click, closes it.
package struct HelpOverlay: Equatable, Sendable {
    package let title: String
    package let entries: [HelpEntry]
    private var offset = 0
    private var visibleRows = 1
    /// The lines the entries took at the last drawing (more than the entries when some wrap).
    private var lineCount = 0

    package init(title: String, entries: [HelpEntry]) {
        self.title = title
        self.entries = entries
        lineCount = entries.count
    }

    /// Returns false when the key closes the overlay.
    package mutating func handle(_ key: Key) -> Bool {
        let maxOffset = max(0, lineCount - visibleRows)
        switch key {
        case .up, .character("k"): offset = max(0, offset - 1)
        case .down, .character("j"): offset = min(maxOffset, offset + 1)
        case .pageUp, .control("b"): offset = max(0, offset - visibleRows)
        case .pageDown, .control("f"), .character(" "): offset = min(maxOffset, offset + visibleRows)
        case .control("u"): offset = max(0, offset - max(1, visibleRows / 2))
        case .control("d"): offset = min(maxOffset, offset + max(1, visibleRows / 2))
        case .resize: break
        case .mouse(let event): return handle(event)
        default: return false
        }
        return true
    }

    /// The wheel scrolls; a click closes, as a key does. A press, its release or a drag does
    /// nothing, so that the click that follows a press is not taken by the screen behind.
    private mutating func handle(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .wheelUp: return handle(.up)
        case .wheelDown: return handle(.down)
        case .click, .doubleClick: return false
        case .press, .release, .drag: return true
        }
    }

    /// One line of the overlay: the keys on an entry's first line, "" on the lines its text wraps to.
    package struct Line: Equatable, Sendable {
        package let keys: String
        package let text: String
    }

    /// The entries at `width` columns of text: a description too long for a line wraps at word
    /// boundaries, its further lines indented (issue 25: they were cut, "…the file's extension say").
    package func lines(textWidth: Int) -> [Line] {
        entries.flatMap { entry in
            TextWidth.wrapHanging(entry.text, width: textWidth, indent: 2).enumerated().map { index, text in
                Line(keys: index == 0 ? entry.keys : "", text: text)
            }
        }
    }

    @MainActor
    package mutating func draw(on surface: Surface) {
        let bounds = surface.bounds
        let keysWidth = min(24, entries.map { TextWidth.width($0.keys) }.max() ?? 0)
        let footer = "↑/↓ PgUp/PgDn Space scroll · any other key closes"
        let longest = entries.map { TextWidth.width($0.text) }.max() ?? 0
        // The text takes what the screen leaves beside the keys (borders and gaps: 6 columns).
        let textWidth = max(10, min(longest, bounds.width - keysWidth - 6))
        let lines = lines(textWidth: textWidth)
        lineCount = lines.count
        let contentWidth = max(keysWidth + 2 + textWidth, TextWidth.width(footer), TextWidth.width(title))
        let box = bounds.centered(width: contentWidth + 4, height: lines.count + 4)
        visibleRows = max(1, box.height - 4)
        offset = min(offset, max(0, lines.count - visibleRows))
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        for (index, line) in lines.dropFirst(offset).prefix(visibleRows).enumerated() {
            let row = box.row + 1 + index
            surface.text(line.keys, row: row, column: box.column + 2, width: keysWidth, style: .header)
            surface.text(line.text, row: row, column: box.column + 4 + keysWidth, width: box.width - keysWidth - 6)
        }
        surface.text(
            TextWidth.isUTF8 ? footer : "Up/Down PgUp/PgDn Space scroll, any other key closes", row: box.bottom - 2, column: box.column + 2,
            width: box.width - 4, style: .dim)
    }
}
