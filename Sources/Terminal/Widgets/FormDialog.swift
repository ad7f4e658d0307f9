import ScreenModels
import TextCanvas
/// A small form in a box over the screen: labelled one-line fields and tick boxes, `Tab`/`Shift-Tab`
/// or `↑`/`↓` to move between them, `Space` to tick, `Enter` to submit, `Esc` to cancel, `F1` for
/// what each field means, and a line for an error message.
package struct FormDialog: Equatable, Sendable {
    package struct Field: Equatable, Sendable {
        /// What the field holds: text typed, or a yes/no tick box.
        package enum Value: Equatable, Sendable {
            case text(TextField)
            case tick(Bool)
        }

        package let label: String
        package var value: Value
        /// Shown dimmed while a text field is empty: what an empty field means ("today").
        package var placeholder: String
        /// What the field means, for the help panel (`F1`).
        package var help: String

        /// The field a presenter asked for, ready to edit.
        package init(_ field: FormField) {
            switch field.value {
            case .text(let text, let maximumLength, let selected):
                value = .text(TextField(text: text, maximumLength: maximumLength, selected: selected))
            case .tick(let isTicked):
                value = .tick(isTicked)
            }
            label = field.label
            placeholder = field.placeholder
            help = field.help
        }

        package static func text(_ label: String, _ text: String, placeholder: String = "", help: String = "",
                                maximumLength: Int? = nil, selected: Bool = false) -> Field {
            Field(.text(label, text, placeholder: placeholder, help: help, maximumLength: maximumLength, selected: selected))
        }

        package static func tick(_ label: String, _ isTicked: Bool, help: String = "") -> Field {
            Field(.tick(label, isTicked, help: help))
        }

        /// The text, or "yes"/"no" for a tick box: what the form submits.
        package var text: String {
            switch value {
            case .text(let field): return field.text
            case .tick(let isTicked): return isTicked ? "yes" : "no"
            }
        }
    }

    package enum Outcome: Equatable, Sendable {
        case submit([String])
        case cancel
        /// The key changed the text, a tick, the focus or the help panel.
        case handled
        case ignored
    }

    package enum Command: Hashable, Sendable { case submit, next, previous, toggle, help, cancel }

    /// The form's own keys; the rest go to the focused field (`TextField.keymap`).
    package static let keymap = Keymap<Command>([
        KeyBinding(.submit, keys: [.enter], label: "OK", help: "Use the values", statusBar: true),
        KeyBinding(.next, keys: [.tab, .down], label: "Next field", help: "Go to the next field", statusBar: true),
        KeyBinding(.previous, keys: [.backTab, .up], label: "Previous field", help: "Go to the previous field"),
        KeyBinding(.toggle, keys: [.character(" ")], label: "Tick", help: "Tick or untick a yes/no box (y and n set it)"),
        KeyBinding(.help, keys: [.function(1)], label: "Help", help: "What each field means (Esc closes it)", statusBar: true),
        KeyBinding(.cancel, keys: [.escape], label: "Cancel", help: "Close the form, changing nothing", statusBar: true),
    ])

    package let title: String
    package private(set) var fields: [Field]
    package private(set) var focus = 0
    /// Shown under the fields until the next edit.
    package var error: String?
    /// Shown dimmed under the fields (and any error) until changed: what the values will do
    /// ("Writes /home/me/Trips/coast.kml").
    package var note: String?
    /// Whether the help panel (`F1`) is open over the form.
    package private(set) var isShowingHelp = false

    package init(title: String, fields: [Field]) {
        self.title = title
        self.fields = fields
    }

    package init(title: String, fields: [(label: String, value: String)], placeholders: [String] = []) {
        self.init(title: title, fields: fields.enumerated().map { index, field in
            .text(field.label, field.value, placeholder: placeholders.indices.contains(index) ? placeholders[index] : "")
        })
    }

    package var values: [String] { fields.map(\.text) }

    /// The status bar's keys for this form: `F1` only when some field has help.
    package var statusHints: [KeyHint] {
        (hasHelp ? Self.keymap : Self.keymap.keeping { $0 != .help }).statusHints
    }

    /// Whether some field says what it means, so that `F1` has something to show.
    package var hasHelp: Bool { fields.contains { !$0.help.isEmpty } }

    package mutating func handle(_ key: Key) -> Outcome {
        if isShowingHelp {
            // The panel is read, then closed (Esc, F1, any key); the key does nothing else.
            if case .mouse = key { return .ignored }
            if key == .resize { return .ignored }
            isShowingHelp = false
            return .handled
        }
        guard !fields.isEmpty else { return key == .escape ? .cancel : .ignored }
        switch Self.keymap.command(for: key) {
        case .next:
            focus = (focus + 1) % fields.count
            return .handled
        case .previous:
            focus = (focus + fields.count - 1) % fields.count
            return .handled
        case .help where hasHelp:
            isShowingHelp = true
            return .handled
        case .submit, .cancel, .toggle, .help, nil:
            break  // the field answers them: Enter submits it, Esc cancels it, Space is a character of a text
        }
        switch fields[focus].value {
        case .tick(let isTicked):
            return handleTick(key, isTicked: isTicked)
        case .text(var input):
            let outcome = input.handle(key)
            fields[focus].value = .text(input)
            switch outcome {
            case .submit: return .submit(values)
            case .cancel: return .cancel
            case .edited:
                error = nil
                return .handled
            case .moved: return .handled
            case .ignored, .full: return .ignored
            }
        }
    }

    /// A tick box: Space flips it, `y`/`n` (`x` too) set it; Enter and Esc act as for a text field.
    private mutating func handleTick(_ key: Key, isTicked: Bool) -> Outcome {
        let ticked: Bool
        switch key {
        case .enter: return .submit(values)
        case .escape: return .cancel
        case .character(" "): ticked = !isTicked
        case .character("y"), .character("Y"), .character("x"), .character("X"): ticked = true
        case .character("n"), .character("N"): ticked = false
        default: return .ignored
        }
        fields[focus].value = .tick(ticked)
        error = nil
        return .handled
    }

    /// The line of keys under the fields, as long as fits in `width` columns.
    func hint(width: Int) -> String {
        let separator = TextWidth.isUTF8 ? " · " : ", "
        var parts = ["Enter OK", "Tab next field"]
        if fields.contains(where: { if case .tick = $0.value { return true } else { return false } }) { parts.append("Space ticks") }
        if hasHelp { parts.append("F1 help") }
        parts.append("Esc cancel")
        // Dropped from the middle, so that how to leave the form always shows.
        while parts.count > 2, TextWidth.width(parts.joined(separator: separator)) > width { parts.remove(at: parts.count - 2) }
        return parts.joined(separator: separator)
    }

    @MainActor
    package func draw(on surface: Surface) {
        let bounds = surface.bounds
        let labelWidth = fields.map { TextWidth.width($0.label) }.max() ?? 0
        let width = min(bounds.width - 2, max(48, TextWidth.width(title) + 6, labelWidth + 24, TextWidth.width(hint(width: .max)) + 4))
        let errorLines = error.map { TextWidth.wrap($0, width: width - 4) } ?? []
        let noteLines = note.map { TextWidth.wrap($0, width: width - 4, breakingLongWords: true) } ?? []
        let box = bounds.centered(width: width, height: fields.count + errorLines.count + noteLines.count + 5)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        let fieldColumn = box.column + 2 + labelWidth + 2
        let fieldWidth = max(1, box.right - 2 - fieldColumn)
        for (index, field) in fields.enumerated() {
            let row = box.row + 2 + index
            let isFocused = index == focus && !isShowingHelp
            surface.text(field.label, row: row, column: box.column + 2, width: labelWidth, style: index == focus ? .header : .normal)
            switch field.value {
            case .text(let input):
                input.draw(on: surface, row: row, column: fieldColumn, width: fieldWidth, focused: isFocused, placeholder: field.placeholder,
                           placingCursor: true)
            case .tick(let isTicked):
                let mark = isTicked ? "[x]" : "[ ]"
                let used = surface.text(mark, row: row, column: fieldColumn, width: min(3, fieldWidth), style: isFocused ? .input : .normal)
                surface.text(isTicked ? " yes" : " no", row: row, column: fieldColumn + used, width: max(0, fieldWidth - used), style: .dim)
                if isFocused { surface.cursorPosition = (row, fieldColumn + 1) }
            }
        }
        for (index, line) in errorLines.enumerated() {
            surface.text(line, row: box.row + 3 + fields.count + index, column: box.column + 2, width: box.width - 4, style: .error)
        }
        for (index, line) in noteLines.enumerated() {
            surface.text(line, row: box.row + 3 + fields.count + errorLines.count + index, column: box.column + 2, width: box.width - 4, style: .dim)
        }
        surface.text(hint(width: box.width - 4), row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
        if isShowingHelp { drawHelp(on: surface, over: box) }
    }

    /// The lines of the help panel at `width` columns: the focused field first, then the others in
    /// order, each "Label: what it means" wrapped with its continuation lines indented.
    package func helpLines(width: Int) -> [(text: String, isFocused: Bool)] {
        let order = [focus] + fields.indices.filter { $0 != focus }
        return order.flatMap { index -> [(text: String, isFocused: Bool)] in
            let field = fields[index]
            guard !field.help.isEmpty else { return [] }
            return TextWidth.wrapHanging("\(field.label): \(field.help)", width: width, indent: 2).map { ($0, index == focus) }
        }
    }

    @MainActor
    private func drawHelp(on surface: Surface, over form: Rect) {
        let bounds = surface.bounds
        let width = min(bounds.width - 2, max(form.width, 60))
        var lines = helpLines(width: width - 4)
        let room = max(1, bounds.height - 6)
        if lines.count > room { lines = Array(lines.prefix(room - 1)) + [("…", false)] }
        let box = bounds.centered(width: width, height: lines.count + 4)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" Help — \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        for (index, line) in lines.enumerated() {
            surface.text(line.text, row: box.row + 1 + index, column: box.column + 2, width: box.width - 4, style: line.isFocused ? .header : .normal)
        }
        surface.text("Esc closes the help", row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
        surface.cursorPosition = nil
    }
}
