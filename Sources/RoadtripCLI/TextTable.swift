import TextCanvas

/// Plain-text columns for command output, aligned by display width (so CJK names line up).
/// Each cell is what the screen would show for it (`TextWidth.clipped`: no escape sequences or
/// other controls, ASCII forms outside UTF-8), clipped to `maximumCellWidth` columns with an
/// ellipsis, so that one long name does not pad every row to its width.
enum TextTable {
    /// Room for the longest place names of the gazetteer and for "first → last" routes.
    static let maximumCellWidth = 40

    static func render(_ rows: [[String]], rightAligned: Set<Int> = [], maximumCellWidth: Int = maximumCellWidth) -> String {
        let rows = rows.map { $0.map { TextWidth.clipped($0, to: maximumCellWidth) } }
        // Each cell measured once; the text is written into one string as it goes (a table of
        // a million rows is the plan of a million stops).
        let cellWidths = rows.map { $0.map { TextWidth.width($0) } }
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            cellWidths.map { column < $0.count ? $0[column] : 0 }.max() ?? 0
        }
        var text = ""
        for (row, rowWidths) in zip(rows, cellWidths) {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let isLast = column == row.count - 1
                let padding = isLast && !rightAligned.contains(column) ? "" : String(repeating: " ", count: max(0, widths[column] - rowWidths[column]))
                line += rightAligned.contains(column) ? padding + cell : cell + padding
            }
            text += line.trimmingTrailingSpaces() + "\n"
        }
        return text
    }
}

private extension String {
    /// The text without the spaces at its end, found from the end's bytes (a space is one byte,
    /// and never part of a larger character).
    func trimmingTrailingSpaces() -> String {
        let spaces = utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        return spaces == 0 ? self : String(decoding: utf8.dropLast(spaces), as: UTF8.self)
    }
}
