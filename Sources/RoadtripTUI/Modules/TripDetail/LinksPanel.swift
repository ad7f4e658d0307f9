import Terminal
import TextCanvas

/// The trip's directions links over the whole screen, each link printed by the terminal itself
/// from the first column and wrapping at its right edge like printed text (`Surface.printedLines`):
/// no box border cuts it, and to the terminal it is one line, so that selecting it with the mouse
/// (Shift-drag while the planner has the mouse; tmux's copy mode) copies it whole. A box drew the
/// link in pieces, and a selection came out in pieces too (issue 25).
struct LinksPanel: Equatable {
    let title: String
    /// Paragraphs: sentences, and the links (which start with a scheme such as https://).
    let paragraphs: [String]

    static let hint = "Shift-drag selects a link whole (one line to the terminal) · c copy · o open"
    static let asciiHint = "Shift-drag selects a link whole (one line to the terminal), c copy, o open"

    enum Line: Equatable {
        /// A line of a sentence, drawn by curses.
        case text(String)
        /// A link printed by the terminal, taking `rows` rows.
        case link(String, rows: Int)
    }

    static func isLink(_ paragraph: String) -> Bool {
        paragraph.hasPrefix("https://") || paragraph.hasPrefix("http://")
    }

    /// The lines at `width` columns, at most `height` rows of them; a link that does not fit
    /// whole is left out with "…" (press c to copy them all).
    func lines(width: Int, height: Int) -> [Line] {
        var lines: [Line] = []
        var used = 0
        for paragraph in paragraphs {
            let next: [Line]
            if Self.isLink(paragraph) {
                let rows = max(1, (TextWidth.width(paragraph) + width - 1) / max(1, width))
                next = [.link(paragraph, rows: rows)]
            } else if paragraph.isEmpty {
                next = [.text("")]
            } else {
                next = TextWidth.wrap(paragraph, width: width - 1).map { .text($0) }
            }
            let rows = next.reduce(0) { $0 + $1.rows }
            guard used + rows <= height - 1 || (used + rows <= height && paragraph == paragraphs.last) else {
                lines.append(.text("… (c copies every link)"))
                break
            }
            lines += next
            used += rows
        }
        return lines
    }

    @MainActor
    func draw(on surface: Surface, in rect: Rect) {
        surface.fill(rect, style: .normal)
        surface.text(" \(title)", row: rect.row, column: rect.column, width: rect.width, style: .title)
        let hint = TextWidth.isUTF8 ? Self.hint : Self.asciiHint
        surface.text(" \(hint)", row: rect.bottom - 1, column: rect.column, width: rect.width, style: .dim)
        var row = rect.row + 2
        for line in lines(width: rect.width, height: max(1, rect.height - 4)) {
            switch line {
            case .text(let text):
                surface.text(" \(text)", row: row, column: rect.column, width: rect.width)
            case .link(let url, let rows):
                surface.printedLines.append((row, url))
                row += rows - 1
            }
            row += 1
        }
    }
}

extension LinksPanel.Line {
    var rows: Int {
        switch self {
        case .text: return 1
        case .link(_, let rows): return rows
        }
    }
}
