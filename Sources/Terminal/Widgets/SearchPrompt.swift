import ScreenModels
import TextCanvas

/// The `/` line of a list's search (`ListSearch`), drawn over the status line as less and vim draw
/// theirs: a list keeps every row it has, and the status bar's hints mean nothing while a pattern
/// is typed. The pattern takes a text field's editing keys; Backspace on an empty pattern gives the
/// search up, as in less and vim.
package struct SearchPrompt: Equatable, Sendable {
    package enum Outcome: Equatable, Sendable {
        /// The pattern changed: the presenter looks for it.
        case changed(String)
        /// Enter: keep the row found.
        case submit
        /// Esc, or Backspace with nothing left to erase: give the search up.
        case cancel
        /// Only the cursor moved: drawn again.
        case handled
        /// Not a key of the prompt (↑/↓, Tab…): it does nothing while the prompt is open.
        case ignored
    }

    private(set) var field: TextField
    /// No row matches the pattern: the line says so.
    package var isFailing = false

    package init(pattern: String = "", isFailing: Bool = false) {
        field = TextField(text: pattern)
        self.isFailing = isFailing
    }

    package var pattern: String { field.text }

    /// The prompt `search` asks for: none while it is not typing, else `current` (its cursor
    /// where it was) or a new one holding the pattern, saying whether it fails.
    package static func following(_ search: ListSearch, current: SearchPrompt?) -> SearchPrompt? {
        guard search.isTyping else { return nil }
        var prompt = current?.pattern == search.pattern ? current ?? SearchPrompt() : SearchPrompt(pattern: search.pattern)
        prompt.isFailing = search.isFailing
        return prompt
    }

    package mutating func handle(_ key: Key) -> Outcome {
        if key == .backspace, field.text.isEmpty { return .cancel }
        switch field.handle(key) {
        case .edited: return .changed(field.text)
        case .moved: return .handled
        case .submit: return .submit
        case .cancel: return .cancel
        case .full, .ignored: return .ignored
        }
    }

    /// What the line says after the pattern when no row matches it.
    static let failureNote = " not found "
    /// The prompt's keys, at the end of the line when there is room (the status bar's hints are
    /// under the prompt meanwhile).
    static let keysNote = " Enter keeps · Esc goes back"
    /// The narrowest the field is drawn: room to type before it widens with the pattern.
    static let fieldRoom = 24

    /// Draws the prompt across `row`, the terminal's cursor at its caret: `/`, the pattern, and
    /// after it whether it fails and the prompt's keys, as far as they fit.
    @MainActor
    package func draw(on surface: Surface, row: Int) {
        let width = surface.width
        surface.fill(row: row, column: 0, width: width, style: .normal)
        surface.text("/", row: row, column: 0, style: .statusKey)
        let failure = isFailing ? Self.failureNote : ""
        let keys = TextWidth.isUTF8 ? Self.keysNote : " Enter keeps, Esc goes back"
        // The field is as wide as the pattern and some room to type, the rest of the line after it
        // (the failure, then the keys while they fit).
        let available = max(1, width - 1 - TextWidth.width(failure))
        let fieldWidth = min(available, max(Self.fieldRoom, TextWidth.width(pattern) + 2))
        field.draw(on: surface, row: row, column: 1, width: fieldWidth, placingCursor: true)
        var column = 1 + fieldWidth
        if isFailing { column += surface.text(failure, row: row, column: column, width: max(0, width - column), style: .error) }
        if width - column >= TextWidth.width(keys) { surface.text(keys, row: row, column: column, style: .dim) }
    }
}
