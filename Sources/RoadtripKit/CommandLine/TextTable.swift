import Terminal

/// Plain-text columns for command output, aligned by display width (so CJK names line up).
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? TextWidth.width($0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let isLast = column == row.count - 1
                if isLast && !rightAligned.contains(column) { return cell }
                return TextWidth.padded(cell, to: widths[column], alignment: rightAligned.contains(column) ? .right : .left)
            }
            .joined(separator: "  ")
            .trimmingCharacters(in: .whitespaces)
        }
        .map { $0 + "\n" }
        .joined()
    }
}
