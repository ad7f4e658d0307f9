import TextCanvas
extension Surface {
    /// A screen's first line: the title on the left, a subtitle ("5 trips") on the right when both
    /// fit; the title is clipped with an ellipsis otherwise.
    package func titleLine(_ title: String, subtitle: String, in rect: Rect) {
        text(" \(title)", row: rect.row, column: rect.column, width: rect.width, style: .title)
        let subtitleWidth = TextWidth.width(subtitle)
        if TextWidth.width(title) + subtitleWidth + 3 <= rect.width {
            text(subtitle, row: rect.row, column: rect.right - subtitleWidth - 1, style: .dim)
        }
    }

    /// A message in the middle of `rect`, wrapped to its width ("No trips yet…").
    package func centeredMessage(_ message: String, in rect: Rect, style: Style = .dim) {
        let lines = TextWidth.wrap(message, width: max(1, rect.width - 4))
        let first = rect.row + max(0, (rect.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where first + offset < rect.bottom {
            text(line, row: first + offset, column: rect.column + max(0, (rect.width - TextWidth.width(line)) / 2), style: style)
        }
    }
}
