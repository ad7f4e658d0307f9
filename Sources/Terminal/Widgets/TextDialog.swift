import TextCanvas
/// Text to read in a box over the screen — a link to copy, a report — with a line of keys under
/// it. Words too long for a line (a URL) are broken at the box's edge, not clipped, so that all
/// of the text is there to select and copy.
package struct TextDialog: Equatable, Sendable {
    package let title: String
    /// Paragraphs; an empty one is a blank line.
    package let paragraphs: [String]
    package let hint: String

    package init(title: String, paragraphs: [String], hint: String) {
        self.title = title
        self.paragraphs = paragraphs
        self.hint = hint
    }

    /// The lines of the text at `width` columns.
    package func lines(width: Int) -> [String] {
        paragraphs.flatMap { paragraph -> [String] in
            paragraph.isEmpty ? [""] : TextWidth.wrap(Self.breakingLongWords(paragraph, width: width), width: width)
        }
    }

    /// Long words cut into pieces of `width` columns, so that `wrap` puts each on a line of its own.
    static func breakingLongWords(_ text: String, width: Int) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard TextWidth.width(String(word)) > width else { return String(word) }
            var pieces: [String] = [], piece = ""
            for character in word {
                if TextWidth.width(piece + String(character)) > width {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            return (pieces + [piece]).joined(separator: " ")
        }.joined(separator: " ")
    }

    @MainActor
    package func draw(on surface: Surface) {
        let bounds = surface.bounds
        let width = max(20, bounds.width - 4)
        var lines = lines(width: width - 4)
        let room = max(1, bounds.height - 6)
        if lines.count > room { lines = Array(lines.prefix(room - 1)) + ["…"] }
        let box = bounds.centered(width: width, height: lines.count + 5)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        for (index, line) in lines.enumerated() {
            surface.text(line, row: box.row + 2 + index, column: box.column + 2, width: box.width - 4)
        }
        surface.text(hint, row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
    }
}
