extension TextWidth {
    /// Breaks `text` into lines of at most `width` columns at spaces. A word longer than a line
    /// is clipped, or with `breakingLongWords` cut into pieces of a line each, so that all of it
    /// shows (a URL to select and copy).
    public static func wrap(_ text: String, width: Int, breakingLongWords: Bool = false) -> [String] {
        let words = breakingLongWords ? piecesOfLongWords(in: text, width: width) : text.split(separator: " ").map(String.init)
        return lines(of: words, firstWidth: width, restWidth: width).map { clipped($0, to: width) }
    }

    /// `wrap`, with every line after the first indented by `indent` spaces (a hanging indent), so
    /// that where one entry ends and the next begins shows at a glance.
    public static func wrapHanging(_ text: String, width: Int, indent: Int) -> [String] {
        guard width > indent + 8 else { return wrap(text, width: width) }
        let pad = String(repeating: " ", count: indent)
        let lines = lines(of: text.split(separator: " ").map(String.init), firstWidth: width, restWidth: width - indent)
        return lines.enumerated().map { index, line in
            index == 0 ? clipped(line, to: width) : pad + clipped(line, to: width - indent)
        }
    }

    /// `words` laid on lines, the first `firstWidth` columns wide and the rest `restWidth`; a
    /// word wider than its line has a line of its own. Always at least one line.
    private static func lines(of words: [String], firstWidth: Int, restWidth: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if self.width(candidate) <= (lines.isEmpty ? firstWidth : restWidth) || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The words of `text`, each wider than `width` columns cut into pieces of `width` columns.
    private static func piecesOfLongWords(in text: String, width: Int) -> [String] {
        text.split(separator: " ").flatMap { word -> [String] in
            guard self.width(String(word)) > width, width > 0 else { return [String(word)] }
            var pieces: [String] = [], piece = ""
            for character in word {
                if !piece.isEmpty, self.width(piece + String(character)) > width {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            return pieces + [piece]
        }
    }
}
