import ScreenModels
import TextCanvas
/// A small form in a box over the screen: labelled one-line fields and tick boxes, `Tab`/`Shift-Tab`
/// or `↑`/`↓` to move between them, `Space` to tick, `Enter` to submit, `Esc` to cancel, `F1` for
/// what each field means, and a line for an error message.
///
/// A text field taking the focus has its text selected (`TextField.select`): typing replaces what
/// it offers, `←`/`→`/`Home`/`End` keep it. A form taller than the screen shows the fields around
/// the focused one and says how many are above and below (issue 53: at 70×20 the settings ran off
/// the screen and the cursor landed on the hint line).
package struct FormDialog: Equatable, Sendable {
    package struct Field: Equatable, Sendable {
        /// What the field holds: text typed, or a yes/no tick box.
        package enum Value: Equatable, Sendable {
            case text(TextField)
            case tick(Bool)
        }

        package let label: String
        package var value: Value
        /// Shown in its own style while a text field is empty (never as its value): what an empty
        /// field means ("today").
        package var placeholder: String
        /// What the field means, for the help panel (`F1`).
        package var help: String

        /// The field a presenter asked for, ready to edit.
        package init(_ field: FormField) {
            switch field.value {
            case .text(let text, let maximumLength):
                value = .text(TextField(text: text, maximumLength: maximumLength))
            case .tick(let isTicked):
                value = .tick(isTicked)
            }
            label = field.label
            placeholder = field.placeholder
            help = field.help
        }

        package static func text(
            _ label: String, _ text: String, placeholder: String = "", help: String = "",
            maximumLength: Int? = nil
        ) -> Field {
            Field(.text(label, text, placeholder: placeholder, help: help, maximumLength: maximumLength))
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

        /// Takes the focus: a text's whole text is selected.
        mutating func takeFocus() {
            guard case .text(var input) = value else { return }
            input.select()
            value = .text(input)
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
    /// The values the form opened with: what it holds is typed since when `values` differ.
    package let openingValues: [String]
    /// The first field shown, when the screen has no room for them all: kept from drawing to
    /// drawing, and moved only as far as the focused field needs to be seen.
    package private(set) var firstShownField = 0
    /// Shown under the fields until the next edit. Setting one closes the help panel, so that it
    /// is seen (a quit refused for it, an Enter refused).
    package var error: String? {
        didSet { if error != nil { help = nil } }
    }
    /// Shown dimmed under the fields (and any error) until changed: what the values will do
    /// ("Writes /home/me/Trips/coast.kml").
    package var note: String?
    /// The help panel (`F1`) while it is open over the form.
    package private(set) var help: FieldHelpPanel?
    package var isShowingHelp: Bool { help != nil }

    package init(title: String, fields: [Field]) {
        self.title = title
        self.fields = fields
        openingValues = fields.map(\.text)
        if !fields.isEmpty { self.fields[0].takeFocus() }
    }

    package init(title: String, fields: [(label: String, value: String)], placeholders: [String] = []) {
        self.init(
            title: title,
            fields: fields.enumerated().map { index, field in
                .text(field.label, field.value, placeholder: placeholders.indices.contains(index) ? placeholders[index] : "")
            })
    }

    package var values: [String] { fields.map(\.text) }

    /// Whether anything was typed or ticked since the form opened (what a quit must not lose).
    package var isEdited: Bool { values != openingValues }

    /// The status bar's keys for this form: `F1` only when some field has help; the help panel's
    /// while it is open.
    package var statusHints: [KeyHint] {
        if isShowingHelp { return FieldHelpPanel.keymap.statusHints }
        return (hasHelp ? Self.keymap : Self.keymap.keeping { $0 != .help }).statusHints
    }

    /// Whether some field says what it means, so that `F1` has something to show.
    package var hasHelp: Bool { fields.contains { !$0.help.isEmpty } }

    package mutating func handle(_ key: Key) -> Outcome {
        if var panel = help {
            // Every key is the panel's while it is open: it scrolls, or closes and does nothing else.
            if case .mouse = key { return .ignored }
            if key == .resize { return .ignored }
            help = panel.handle(key) ? panel : nil
            return .handled
        }
        guard !fields.isEmpty else { return key == .escape ? .cancel : .ignored }
        switch Self.keymap.command(for: key) {
        case .next:
            moveFocus(to: (focus + 1) % fields.count)
            return .handled
        case .previous:
            moveFocus(to: (focus + fields.count - 1) % fields.count)
            return .handled
        case .help where hasHelp:
            help = FieldHelpPanel(title: title)
            return .handled
        case .submit, .cancel, .toggle, .help, nil:
            break // the field answers them: Enter submits it, Esc cancels it, Space is a character of a text
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

    /// Puts the focus on field `index`, its text selected.
    package mutating func moveFocus(to index: Int) {
        guard fields.indices.contains(index) else { return }
        focus = index
        fields[index].takeFocus()
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

    /// Where a drawing puts the form in `bounds`: the box, the fields shown, and the error and
    /// note lines that fit.
    package struct Layout: Equatable {
        package let box: Rect
        /// The fields shown, the focused one among them.
        package let shownFields: Range<Int>
        package let errorLines: [String]
        package let noteLines: [String]
        /// The row of the first field shown.
        package var firstFieldRow: Int { box.row + 2 }
        /// The row of the line of keys, under everything else.
        package var hintRow: Int { box.bottom - 2 }
    }

    /// The layout in `bounds`. Borders, a blank line above and below the fields and the line of
    /// keys take five rows; the fields take what is left after the error and the note, at least
    /// one, shown from `firstShownField` moved just enough for the focused field to be seen.
    package func layout(in bounds: Rect) -> Layout {
        let labelWidth = fields.map { TextWidth.width($0.label) }.max() ?? 0
        let width = min(bounds.width - 2, max(48, TextWidth.width(title) + 6, labelWidth + 24, TextWidth.width(hint(width: .max)) + 4))
        var errorLines = error.map { TextWidth.wrap($0, width: width - 4) } ?? []
        var noteLines = note.map { TextWidth.wrap($0, width: width - 4, breakingLongWords: true) } ?? []
        var room = bounds.height - 5
        let shownCount = max(1, min(fields.count, room - errorLines.count - noteLines.count))
        room -= shownCount
        errorLines = Array(errorLines.prefix(max(0, room)))
        room -= errorLines.count
        noteLines = Array(noteLines.prefix(max(0, room)))
        var first = min(firstShownField, focus)
        if focus >= first + shownCount { first = focus - shownCount + 1 }
        first = max(0, min(first, fields.count - shownCount))
        let box = bounds.centered(width: width, height: shownCount + errorLines.count + noteLines.count + 5)
        return Layout(box: box, shownFields: first..<min(fields.count, first + shownCount), errorLines: errorLines, noteLines: noteLines)
    }

    /// Draws the form in `area` (the whole surface when nil; a screen passes its own, above the
    /// status bar, which would otherwise cover the form's last line), and its help panel over it
    /// when open; keeps the fields' scroll for the next drawing.
    @MainActor
    package mutating func draw(on surface: Surface, in area: Rect? = nil) {
        let area = area ?? surface.bounds
        let layout = layout(in: area)
        firstShownField = layout.shownFields.lowerBound
        let box = layout.box
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" \(title) ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        let labelWidth = fields.map { TextWidth.width($0.label) }.max() ?? 0
        let fieldColumn = box.column + 2 + labelWidth + 2
        let fieldWidth = max(1, box.right - 2 - fieldColumn)
        for (row, index) in zip(layout.firstFieldRow..., layout.shownFields) {
            drawField(index, on: surface, row: row, labelColumn: box.column + 2, labelWidth: labelWidth, column: fieldColumn, width: fieldWidth)
        }
        drawScrollMarks(layout, on: surface)
        let messageRow = layout.firstFieldRow + layout.shownFields.count + 1
        for (index, line) in layout.errorLines.enumerated() {
            surface.text(line, row: messageRow + index, column: box.column + 2, width: box.width - 4, style: .error)
        }
        for (index, line) in layout.noteLines.enumerated() {
            surface.text(line, row: messageRow + layout.errorLines.count + index, column: box.column + 2, width: box.width - 4, style: .dim)
        }
        surface.text(hint(width: box.width - 4), row: layout.hintRow, column: box.column + 2, width: box.width - 4, style: .dim)
        if var panel = help {
            panel.draw(on: surface, in: area, width: max(box.width, 60)) { helpLines(width: $0) }
            help = panel
        }
    }

    @MainActor
    private func drawField(_ index: Int, on surface: Surface, row: Int, labelColumn: Int, labelWidth: Int, column: Int, width: Int) {
        let field = fields[index]
        let isFocused = index == focus && !isShowingHelp
        surface.text(field.label, row: row, column: labelColumn, width: labelWidth, style: index == focus ? .header : .normal)
        switch field.value {
        case .text(let input):
            input.draw(on: surface, row: row, column: column, width: width, focused: isFocused, placeholder: field.placeholder, placingCursor: true)
        case .tick(let isTicked):
            let used = surface.text(isTicked ? "[x]" : "[ ]", row: row, column: column, width: min(3, width), style: isFocused ? .input : .normal)
            surface.text(isTicked ? " yes" : " no", row: row, column: column + used, width: max(0, width - used), style: .dim)
            if isFocused { surface.cursorPosition = (row, column + 1) }
        }
    }

    /// "↑ 3 more" on the blank line above the fields and "↓ 4 more" below them, when some are
    /// out of sight.
    @MainActor
    private func drawScrollMarks(_ layout: Layout, on surface: Surface) {
        let above = layout.shownFields.lowerBound, below = fields.count - layout.shownFields.upperBound
        let column = layout.box.column + 2, width = layout.box.width - 4
        let (up, down) = TextWidth.isUTF8 ? ("↑", "↓") : ("^", "v")
        if above > 0 { surface.text("\(up) \(above) more", row: layout.firstFieldRow - 1, column: column, width: width, style: .dim) }
        if below > 0 {
            surface.text("\(down) \(below) more", row: layout.firstFieldRow + layout.shownFields.count, column: column, width: width, style: .dim)
        }
    }

    /// The lines of the help panel at `width` columns: the focused field first, then the others in
    /// order, each "Label: what it means" wrapped with its continuation lines indented.
    package func helpLines(width: Int) -> [FieldHelpPanel.Line] {
        let order = [focus] + fields.indices.filter { $0 != focus }
        return order.flatMap { index -> [FieldHelpPanel.Line] in
            let field = fields[index]
            guard !field.help.isEmpty else { return [] }
            return TextWidth.wrapHanging("\(field.label): \(field.help)", width: width, indent: 2).map {
                FieldHelpPanel.Line(text: $0, isFocused: index == focus)
            }
        }
    }
}
