import TextCanvas
/// A single-line text field: the text, a cursor, and the editing keys of SPEC §4
/// (←/→, Home/End or Ctrl-A/Ctrl-E, Backspace, Delete, Ctrl-U clear, Ctrl-W delete word).
package struct TextField: Equatable, Sendable {
    package enum Outcome: Equatable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        case submit
        case cancel
        /// A character was left out: the field already holds `maximumLength` characters.
        case full
        /// Not an editing key: the screen decides (Tab, ↑/↓, other Ctrl keys).
        case ignored
    }

    private var characters: [Character]
    /// The text, kept in step with `characters` edit by edit, so that reading it after every key
    /// costs nothing however long it is (rebuilding it from the characters took a long paste
    /// quadratic time).
    private var storage: String
    /// Cursor position, in characters from the start (0...count).
    package private(set) var cursor: Int
    /// Where the cursor is in `text`, in UTF-8 bytes from its start.
    private var cursorOffset: Int
    /// Typing stops adding characters here (nil: no limit). A longer text given to the field is
    /// kept whole: only typing is bounded.
    package let maximumLength: Int?
    /// The whole text is selected (a field taking the focus starts so, `select()`): a character
    /// typed replaces it, Backspace or Delete clears it, and a key that moves the cursor keeps
    /// the text and drops the selection.
    package private(set) var isSelected: Bool

    package init(text: String = "", maximumLength: Int? = nil, selected: Bool = false) {
        characters = Array(text)
        storage = text
        cursor = characters.count
        cursorOffset = text.utf8.count
        self.maximumLength = maximumLength
        isSelected = selected && !text.isEmpty
    }

    /// Setting it puts the cursor after the text, which is never cut to `maximumLength`.
    package var text: String {
        get { storage }
        set { self = TextField(text: newValue, maximumLength: maximumLength) }
    }

    package enum Command: Hashable, Sendable { case submit, cancel, move, erase, clear, eraseWord }

    /// What the keys of a text field do, for help screens (the field itself reads them in `handle`).
    package static let keymap = Keymap<Command>([
        KeyBinding(.submit, keys: [.enter], label: "OK", help: "Text: use what is typed"),
        KeyBinding(.cancel, keys: [.escape], label: "Cancel", help: "Text: give up the edit"),
        KeyBinding(
            .move, keys: [.left, .right, .home, .end, .control("a"), .control("e")], label: "Move", help: "Text: move the cursor (Ctrl-A, Ctrl-E: start, end)"),
        KeyBinding(.erase, keys: [.backspace, .delete], label: "Erase", help: "Text: erase a character"),
        KeyBinding(.clear, keys: [.control("u")], label: "Clear", help: "Text: clear the field"),
        KeyBinding(.eraseWord, keys: [.control("w")], label: "Erase word", help: "Text: erase the word before the cursor"),
    ])

    /// Selects the whole text, the cursor after it, as a field does when it takes the focus (issue
    /// 53: one rule for every field, so that typing replaces what it offers and an arrow keeps
    /// it). An empty field has nothing to select.
    package mutating func select() {
        _ = moveCursor(to: characters.count)
        isSelected = !characters.isEmpty
    }

    package mutating func handle(_ key: Key) -> Outcome {
        guard isSelected else { return edit(key) }
        switch key {
        case .character:
            text = ""
            return edit(key)
        case .backspace, .delete, .control("d"), .control("u"), .control("w"):
            text = ""
            return .edited
        case .left, .right, .home, .end, .control("a"), .control("b"), .control("e"), .control("f"):
            isSelected = false
            // The selection going is a change to draw, even where the cursor cannot move (→ at the end).
            let outcome = edit(key)
            return outcome == .ignored ? .moved : outcome
        default:
            return edit(key) // Enter, Esc and the keys the screen takes: the selection stays
        }
    }

    private mutating func edit(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            return insert(character)
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
            removeCharacters(cursor - 1..<cursor)
            return .edited
        case .delete, .control("d"):
            guard cursor < characters.count else { return .ignored }
            removeCharacters(cursor..<cursor + 1)
            return .edited
        case .control("u"):
            guard !characters.isEmpty else { return .ignored }
            text = ""
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

    /// Inserts at the cursor: at the end (typing, a paste) in constant time, elsewhere by moving
    /// the bytes after the cursor.
    private mutating func insert(_ character: Character) -> Outcome {
        if let maximumLength, characters.count >= maximumLength { return .full }
        characters.insert(character, at: cursor)
        if cursorOffset == storage.utf8.count {
            storage.append(character)
        } else {
            storage.unicodeScalars.insert(contentsOf: character.unicodeScalars, at: textIndex(cursorOffset))
        }
        cursor += 1
        cursorOffset += character.utf8.count
        return .edited
    }

    /// Removes `range` of the characters; the cursor ends at its start.
    private mutating func removeCharacters(_ range: Range<Int>) {
        let start = cursorOffset - characters[range.lowerBound..<cursor].reduce(0) { $0 + $1.utf8.count }
        let length = characters[range].reduce(0) { $0 + $1.utf8.count }
        storage.unicodeScalars.removeSubrange(textIndex(start)..<textIndex(start + length))
        characters.removeSubrange(range)
        cursor = range.lowerBound
        cursorOffset = start
    }

    /// The index `offset` UTF-8 bytes into the text (always between two characters of the field).
    private func textIndex(_ offset: Int) -> String.Index {
        storage.utf8.index(storage.utf8.startIndex, offsetBy: offset)
    }

    private mutating func moveCursor(to position: Int) -> Outcome {
        let clamped = min(max(0, position), characters.count)
        guard clamped != cursor else { return .ignored }
        if clamped == 0 {
            cursorOffset = 0
        } else if clamped == characters.count {
            cursorOffset = storage.utf8.count
        } else if clamped < cursor {
            cursorOffset -= characters[clamped..<cursor].reduce(0) { $0 + $1.utf8.count }
        } else {
            cursorOffset += characters[cursor..<clamped].reduce(0) { $0 + $1.utf8.count }
        }
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
        removeCharacters(start..<cursor)
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

    /// The cell `draw` puts the cursor in, for the terminal's own cursor to sit on.
    package func cursorCell(row: Int, column: Int, width: Int) -> (row: Int, column: Int) {
        let start = firstVisibleCharacter(width: width)
        let before = characters[start..<cursor].reduce(0) { $0 + TextField.cellWidth($1) }
        return (row, column + min(before, max(0, width - 1)))
    }

    /// The columns `draw` gives a character: at least one, even for a zero-width one.
    private static func cellWidth(_ character: Character) -> Int {
        max(1, TextWidth.width(String(character)))
    }

    /// Draws the field in `width` columns; when focused, the cursor cell is drawn in the `.cursor`
    /// style (the reverse of the field's).
    /// An empty field shows `placeholder` in its own style (`.placeholder`: faint and slanted, so
    /// that it is never taken for a value): what the field means, or the value used when it is
    /// left empty.
    /// `placingCursor`: when focused, the terminal's own cursor goes to the caret too
    /// (`Surface.cursorPosition`), for a field being typed in.
    @MainActor
    package func draw(
        on surface: Surface, row: Int, column: Int, width: Int, focused: Bool = true, placeholder: String = "",
        placingCursor: Bool = false
    ) {
        if focused && placingCursor { surface.cursorPosition = cursorCell(row: row, column: column, width: width) }
        surface.fill(row: row, column: column, width: width, style: .input)
        if characters.isEmpty, let first = placeholder.first {
            // From the field's first column, as a value is (issue 53: "none" sat one column right of
            // the values above it); the cursor cell is its first character.
            surface.text(placeholder, row: row, column: column, width: width, style: .placeholder)
            if focused { surface.text(String(first), row: row, column: column, width: min(width, TextField.cellWidth(first)), style: .cursor) }
            return
        }
        let start = firstVisibleCharacter(width: width)
        var x = column
        for index in start...characters.count {
            let character: String = index < characters.count ? String(characters[index]) : " "
            let cellWidth = max(1, TextWidth.width(character))
            if x + cellWidth > column + width { break }
            let style: Style = focused && (index == cursor || isSelected && index < characters.count) ? .cursor : .input
            surface.text(character, row: row, column: x, width: cellWidth, style: style)
            x += cellWidth
        }
    }
}
