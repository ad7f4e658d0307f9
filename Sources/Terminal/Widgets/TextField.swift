/// A single-line text field: the text, a cursor, and the editing keys of SPEC §4
/// (←/→, Home/End or Ctrl-A/Ctrl-E, Backspace, Delete, Ctrl-U clear, Ctrl-W delete word).
public struct TextField: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        case submit
        case cancel
        /// Not an editing key: the screen decides (Tab, ↑/↓, other Ctrl keys).
        case ignored
    }

    private var characters: [Character]
    /// Cursor position, in characters from the start (0...count).
    public private(set) var cursor: Int

    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
        }
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        case .left, .control("b"):
            return moveCursor(to: cursor - 1)
        case .right, .control("f"):
            return moveCursor(to: cursor + 1)
        case .home, .control("a"):
            return moveCursor(to: 0)
        case .end, .control("e"):
            return moveCursor(to: characters.count)
        case .backspace:
            guard cursor > 0 else { return .ignored }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return .edited
        case .delete, .control("d"):
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
            return .edited
        case .control("u"):
            guard !characters.isEmpty else { return .ignored }
            characters.removeAll()
            cursor = 0
            return .edited
        case .control("w"):
            return deleteWordBeforeCursor()
        case .enter:
            return .submit
        case .escape:
            return .cancel
        default:
            return .ignored
        }
    }

    private mutating func moveCursor(to position: Int) -> Outcome {
        let clamped = min(max(0, position), characters.count)
        guard clamped != cursor else { return .ignored }
        cursor = clamped
        return .moved
    }

    /// Deletes back to the start of the word before the cursor, spaces before it included (as a
    /// shell's Ctrl-W).
    private mutating func deleteWordBeforeCursor() -> Outcome {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        guard start < cursor else { return .ignored }
        characters.removeSubrange(start..<cursor)
        cursor = start
        return .edited
    }

    /// The first character shown when the field is `width` columns wide: the text scrolls
    /// horizontally so the cursor (and the cell after the text, where it can sit) stays visible.
    func firstVisibleCharacter(width: Int) -> Int {
        guard width > 1 else { return cursor }
        var start = cursor
        // The cursor cell: the character under the cursor (two columns when wide), or the blank after the text.
        var used = cursor < characters.count ? TextField.cellWidth(characters[cursor]) : 1
        while start > 0 {
            let previous = TextField.cellWidth(characters[start - 1])
            if used + previous > width { break }
            used += previous
            start -= 1
        }
        return start
    }

    /// The columns `draw` gives a character: at least one, even for a zero-width one.
    private static func cellWidth(_ character: Character) -> Int {
        max(1, TextWidth.width(String(character)))
    }

    /// Draws the field in `width` columns; when focused, the cursor cell is drawn in the `.cursor`
    /// style (the reverse of the field's).
    /// An empty field shows `placeholder` faintly after the cursor: what the field means, or the
    /// value used when it is left empty.
    @MainActor
    public func draw(on surface: Surface, row: Int, column: Int, width: Int, focused: Bool = true, placeholder: String = "") {
        surface.fill(row: row, column: column, width: width, style: .input)
        if characters.isEmpty && !placeholder.isEmpty && width > 2 {
            surface.text(placeholder, row: row, column: column + 1, width: width - 1, style: .placeholder)
        }
        let start = firstVisibleCharacter(width: width)
        var x = column
        for index in start...characters.count {
            let character: String = index < characters.count ? String(characters[index]) : " "
            let cellWidth = max(1, TextWidth.width(character))
            if x + cellWidth > column + width { break }
            let style: Style = focused && index == cursor ? .cursor : .input
            surface.text(character, row: row, column: x, width: cellWidth, style: style)
            x += cellWidth
        }
    }
}
