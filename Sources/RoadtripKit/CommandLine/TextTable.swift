import Terminal

/// Plain-text columns for command output, aligned by display width (so CJK names line up).
/// Cells are padded, never clipped or altered: this is output for scripts and pipes.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        TextWidth.adoptUTF8Locale()
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
