import CNCurses
import TextCanvas

/// Where views draw: one curses window, written only with the wide-character calls, every string
/// clipped to the columns it was given. Drawing outside the window is silently dropped.
@MainActor
package final class Surface {
    let window: UnsafeMutablePointer<WINDOW>
    let palette: Palette

    init(window: UnsafeMutablePointer<WINDOW>, palette: Palette) {
        self.window = window
        self.palette = palette
    }

    package var width: Int { Int(rt_getmaxx(window)) }
    package var height: Int { Int(rt_getmaxy(window)) }
    package var bounds: Rect { Rect(row: 0, column: 0, width: width, height: height) }

    /// Where the terminal's own cursor shows after this frame: the caret of the text field being
    /// typed in, so that it is seen (and screen readers and magnifiers follow it); nil hides it.
    /// Cleared with the screen, so a frame without a field to type in hides the cursor again.
    package var cursorPosition: (row: Int, column: Int)?

    /// Lines the terminal itself writes after this frame, from the first column of `row`, each
    /// wrapping at the right edge as printed text does (`Terminal.update`). A link so written is
    /// one line to the terminal: tmux's copy mode and xterm's selection take it whole, where
    /// lines drawn by curses come apart at every row. The view leaves the rows it covers blank.
    package var printedLines: [(row: Int, text: String)] = []

    package func clear() {
        werase(window)
        cursorPosition = nil
        printedLines = []
    }

    /// Draws `text` at (row, column), clipped to `width` columns (the window edge when nil) with an
    /// ellipsis when cut. Returns the number of columns drawn.
    @discardableResult
    package func text(_ text: String, row: Int, column: Int, width: Int? = nil, style: Style = .normal) -> Int {
        let available = min(width ?? Int.max, self.width - column)
        guard row >= 0, row < height, column >= 0, available > 0 else { return 0 }
        if let columns = TextWidth.simpleWidth(text, fittingIn: available) {
            // As many bytes as columns: all of it printable ASCII, read a byte at a time.
            return text.utf8.count == columns
                ? drawSimple(text.utf8.lazy.map(UInt32.init), row: row, column: column, style: style)
                : drawSimple(text.unicodeScalars.lazy.map(\.value), row: row, column: column, style: style)
        }
        return draw(TextWidth.clip(text, to: available), row: row, column: column, style: style)
    }

    /// Text that fits and is a cell per scalar (`TextWidth.simpleWidth`): printable ASCII, and the
    /// one-column letters and signs of most of what a screen shows (numbers, distances with
    /// their "≈", coordinates, most names, rules), drawn with no glyphs made, as one run.
    @discardableResult
    private func drawSimple(_ scalars: some Collection<UInt32>, row: Int, column: Int, style: Style) -> Int {
        let (attrs, pair) = palette.attributes(for: style)
        let count = min(scalars.count, width - column)
        guard count > 0 else { return 0 }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buffer in
            for (index, scalar) in zip(buffer.indices, scalars) { buffer[index] = scalar }
            _ = rt_add_narrow_run(window, Int32(row), Int32(column), buffer.baseAddress, Int32(count), attrs, pair)
        }
        return count
    }

    /// Fills `width` columns with spaces in the given style (a selection bar, a status bar),
    /// clipped to the surface.
    package func fill(row: Int, column: Int, width: Int, style: Style) {
        let start = max(0, column)
        let available = min(width - (start - column), self.width - start)
        guard row >= 0, row < height, available > 0 else { return }
        drawSimple(repeatElement(0x20, count: available), row: row, column: start, style: style)
    }

    package func fill(_ rect: Rect, style: Style) {
        for row in rect.row..<rect.bottom { fill(row: row, column: rect.column, width: rect.width, style: style) }
    }

    /// A box border around `rect` (line-drawing characters, or `+-|` outside UTF-8), with a
    /// blank cell around it: a dialog over the map would otherwise run into the map's dots
    /// ("⠤┌──…"), its border hard to tell from a road.
    package func box(_ rect: Rect, style: Style = .border) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(row: rect.row - 1, column: rect.column - 1, width: rect.width + 2, style: .normal)
        fill(row: rect.bottom, column: rect.column - 1, width: rect.width + 2, style: .normal)
        for row in rect.row..<rect.bottom {
            fill(row: row, column: rect.column - 1, width: 1, style: .normal)
            fill(row: row, column: rect.right, width: 1, style: .normal)
        }
        let utf8 = TextWidth.isUTF8
        let (h, v, tl, tr, bl, br) = utf8 ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        let line = String(repeating: h, count: rect.width - 2)
        text(tl + line + tr, row: rect.row, column: rect.column, width: rect.width, style: style)
        for row in (rect.row + 1)..<(rect.bottom - 1) {
            text(v, row: row, column: rect.column, width: 1, style: style)
            text(v, row: row, column: rect.right - 1, width: 1, style: style)
        }
        text(bl + line + br, row: rect.bottom - 1, column: rect.column, width: rect.width, style: style)
    }

    /// A horizontal rule of `width` columns.
    package func rule(row: Int, column: Int, width: Int, style: Style = .border) {
        text(String(repeating: TextWidth.isUTF8 ? "─" : "-", count: max(0, width)), row: row, column: column, width: width, style: style)
    }

    @discardableResult
    private func draw(_ glyphs: [Glyph], row: Int, column: Int, style: Style) -> Int {
        let (attrs, pair) = palette.attributes(for: style)
        var x = column
        var cell = cchar_t()
        // One buffer for every cell: an array made per cell was most of the cost of a row.
        var text: [wchar_t] = []
        text.reserveCapacity(8)
        for glyph in glyphs where glyph.width > 0 {
            // setcchar keeps only the zero-width scalars after the first, so each spacing scalar
            // starts a cell of its own: a flag's two regional indicators fill two adjacent cells.
            var cellColumn = x
            var start = 0
            while start < glyph.scalars.count {
                var end = start + 1
                while end < glyph.scalars.count, TextWidth.columns(of: glyph.scalars[end]) == 0 { end += 1 }
                text.removeAll(keepingCapacity: true)
                for scalar in glyph.scalars[start..<end] { text.append(wchar_t(bitPattern: scalar.value)) }
                text.append(0)
                rt_set_cell(&cell, text, attrs, pair)
                mvwadd_wch(window, Int32(row), Int32(cellColumn), &cell)
                if end < glyph.scalars.count { cellColumn += max(1, TextWidth.columns(of: glyph.scalars[start])) }
                start = end
            }
            x += glyph.width
        }
        return x - column
    }

    // MARK: Reading back (tests, and views that need to know what is shown)

    /// The text of one row as the terminal would show it; wide characters appear once.
    package func line(_ row: Int) -> String {
        var result = ""
        var column = 0
        while column < width {
            let (text, _, _) = cell(row: row, column: column)
            result += text
            column += max(1, text.isEmpty ? 1 : TextWidth.width(text))
        }
        return result
    }

    /// All rows, with trailing spaces removed.
    package func lines() -> [String] {
        (0..<height).map { line($0).trimmingTrailingSpaces() }
    }

    /// The text, attributes and colour pair of one cell.
    package func cell(row: Int, column: Int) -> (text: String, attributes: attr_t, pair: Int16) {
        var cell = cchar_t()
        guard mvwin_wch(window, Int32(row), Int32(column), &cell) != ERR else { return ("", 0, 0) }
        var buffer = [wchar_t](repeating: 0, count: Int(rt_cell_capacity()))
        var attrs: attr_t = 0
        var pair: Int16 = 0
        rt_cell_text(&cell, &buffer, Int32(buffer.count), &attrs, &pair)
        let scalars = buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return (String(String.UnicodeScalarView(scalars)), attrs, pair)
    }

    /// The style a cell was drawn with, when it matches one of the palette's styles.
    package func style(row: Int, column: Int) -> Style? {
        let (_, attrs, pair) = cell(row: row, column: column)
        return Style.allCases.first { style in
            let expected = palette.attributes(for: style)
            return expected.pair == pair && (attrs & ~rt_a_color_mask()) == expected.attrs
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
