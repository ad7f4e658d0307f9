import RoadtripCore
import Terminal
import TextCanvas

extension Surface {
    /// Draws `text` as `text(_:row:column:width:style:)` does, then marks in it what `pattern`
    /// matches (a list's search, folded as `RowSearch` folds: `SearchText.Folded`), as less marks
    /// its matches, so that the eye finds why a row was found. Nothing is marked past where the
    /// text is cut. Returns the columns drawn.
    @discardableResult
    func text(_ text: String, row: Int, column: Int, width: Int, style: Style, marking pattern: String?) -> Int {
        let drawn = self.text(text, row: row, column: column, width: width, style: style)
        guard let pattern, drawn > 0 else { return drawn }
        let wanted = SearchText.Folded.pattern(pattern)
        guard !wanted.isEmpty else { return drawn }
        let matches = SearchText.Folded(text).matches(of: wanted)
        guard !matches.isEmpty else { return drawn }
        let characters = Array(text)
        // A cut text ends in an ellipsis, which stays as it is.
        let shown = TextWidth.width(text) <= drawn ? drawn : drawn - 1
        for match in matches {
            let start = TextWidth.width(String(characters[..<match.lowerBound]))
            guard start < shown else { break }
            let piece = String(characters[match])
            let pieceWidth = min(TextWidth.width(piece), shown - start)
            self.text(piece, row: row, column: column + start, width: pieceWidth, style: .match)
        }
        return drawn
    }
}
