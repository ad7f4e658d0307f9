/// A small form in a box over the screen: labelled one-line fields, `Tab`/`Shift-Tab` or `↑`/`↓`
/// to move between them, `Enter` to submit, `Esc` to cancel, and a line for an error message.
public struct FormDialog: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public let label: String
        public var input: TextField
        /// Shown dimmed while the field is empty: what an empty field means ("today").
        public var placeholder = ""
    }

    public enum Outcome: Equatable, Sendable {
        case submit([String])
        case cancel
        /// The key changed the text or the focus.
        case handled
        case ignored
    }

    public enum Command: Hashable, Sendable { case submit, next, previous, cancel }

    /// The form's own keys; the rest go to the focused field (`TextField.keymap`).
    public static let keymap = Keymap<Command>([
        KeyBinding(.submit, keys: [.enter], label: "OK", help: "Use the values", statusBar: true),
        KeyBinding(.next, keys: [.tab, .down], label: "Next field", help: "Go to the next field", statusBar: true),
        KeyBinding(.previous, keys: [.backTab, .up], label: "Previous field", help: "Go to the previous field"),
        KeyBinding(.cancel, keys: [.escape], label: "Cancel", help: "Close the form, changing nothing", statusBar: true),
    ])

    public let title: String
    public private(set) var fields: [Field]
    public private(set) var focus = 0
    /// Shown under the fields until the next edit.
    public var error: String?

    public init(title: String, fields: [(label: String, value: String)], placeholders: [String] = []) {
        self.title = title
        self.fields = fields.enumerated().map { index, field in
            Field(label: field.label, input: TextField(text: field.value), placeholder: placeholders.indices.contains(index) ? placeholders[index] : "")
        }
    }

    public var values: [String] { fields.map(\.input.text) }

    public mutating func handle(_ key: Key) -> Outcome {
        guard !fields.isEmpty else { return key == .escape ? .cancel : .ignored }
        switch Self.keymap.command(for: key) {
        case .next:
            focus = (focus + 1) % fields.count
            return .handled
        case .previous:
            focus = (focus + fields.count - 1) % fields.count
            return .handled
        case .submit, .cancel, nil:
            break  // the field answers them: Enter submits it, Esc cancels it
        }
        switch fields[focus].input.handle(key) {
        case .submit: return .submit(values)
        case .cancel: return .cancel
        case .edited:
            error = nil
            return .handled
        case .moved: return .handled
        case .ignored, .full: return .ignored
        }
    }

    @MainActor
    public func draw(on surface: Surface) {
        let bounds = surface.bounds
        let labelWidth = fields.map { TextWidth.width($0.label) }.max() ?? 0
        let width = min(bounds.width - 2, max(48, TextWidth.width(title) + 6))
        let errorLines = error.map { TextWidth.wrap($0, width: width - 4) } ?? []
        let box = bounds.centered(width: width, height: fields.count + errorLines.count + 5)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        let fieldColumn = box.column + 2 + labelWidth + 2
        for (index, field) in fields.enumerated() {
            let row = box.row + 2 + index
            surface.text(field.label, row: row, column: box.column + 2, width: labelWidth, style: index == focus ? .header : .normal)
            field.input.draw(on: surface, row: row, column: fieldColumn, width: max(1, box.right - 2 - fieldColumn), focused: index == focus,
                             placeholder: field.placeholder)
        }
        for (index, line) in errorLines.enumerated() {
            surface.text(line, row: box.row + 3 + fields.count + index, column: box.column + 2, width: box.width - 4, style: .error)
        }
        let hint = TextWidth.isUTF8 ? "Enter OK · Tab next field · Esc cancel" : "Enter OK, Tab next field, Esc cancel"
        surface.text(hint, row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
    }
}
