import Terminal

/// Plain-text columns for command output, aligned by display width (so CJK names line up).
/// Each cell is what the screen would show for it (`TextWidth.clipped`: no escape sequences or
/// other controls, ASCII forms outside UTF-8), clipped to `maximumCellWidth` columns with an
/// ellipsis, so that one long name does not pad every row to its width.
enum TextTable {
    /// Room for the longest place names of the gazetteer and for "first → last" routes.
    static let maximumCellWidth = 40

    static func render(_ rows: [[String]], rightAligned: Set<Int> = [], maximumCellWidth: Int = maximumCellWidth) -> String {
        let rows = rows.map { $0.map { TextWidth.clipped($0, to: maximumCellWidth) } }
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? TextWidth.width($0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let isLast = column == row.count - 1
                if isLast && !rightAligned.contains(column) { return cell }
                let padding = String(repeating: " ", count: max(0, widths[column] - TextWidth.width(cell)))
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingWhitespace()
        }
        .map { $0 + "\n" }
        .joined()
    }
}

private extension String {
    func trimmingTrailingWhitespace() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
