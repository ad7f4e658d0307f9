import TextCanvas
/// A yes/no question in a box over the screen, with lines that show what the answer decides
/// (as many as fit, then how many more). `y` answers yes; `n`, `Esc` and `q` answer no; other
/// keys are swallowed so nothing behind the dialog acts by accident.
package struct ConfirmDialog: Equatable, Sendable {
    package enum Answer: Equatable, Sendable { case yes, no }

    package let question: String
    package let details: [String]

    package init(question: String, details: [String] = []) {
        self.question = question
        self.details = details
    }

    /// Its keys; every other key is swallowed.
    package static let keymap = Keymap<Answer>([
        KeyBinding(.yes, keys: [.character("y"), .character("Y")], label: "Yes", help: "Yes", statusBar: true),
        KeyBinding(.no, keys: [.character("n"), .character("N"), .character("q"), .escape], label: "No", help: "No", statusBar: true),
    ])

    package func answer(for key: Key) -> Answer? {
        Self.keymap.command(for: key)
    }

    /// A click on the `y  Yes` or `n  No` of the dialog drawn in `bounds` answers it; any other
    /// mouse event does nothing.
    package func answer(for event: MouseEvent, in bounds: Rect) -> Answer? {
        guard event.kind == .click else { return nil }
        let (lines, box) = layout(in: bounds)
        let (row, column) = choicesPosition(in: box, lineCount: lines.count)
        guard event.row == row else { return nil }
        if (column..<column + 5).contains(event.column) { return .yes }
        if (column + 11..<column + 15).contains(event.column) { return .no }
        return nil
    }

    private static let choices = "y  Yes     n  No"

    /// The lines shown (the question wrapped, then the details that fit), and their box in `bounds`.
    private func layout(in bounds: Rect) -> (lines: [String], box: Rect) {
        let maxTextWidth = max(10, min(60, bounds.width - 6))
        let question = TextWidth.wrap(self.question, width: maxTextWidth)
        let room = max(0, bounds.height - question.count - 6)
        var details = self.details.map { TextWidth.clipped($0, to: maxTextWidth) }
        if details.count > room {
            details = Array(details.prefix(max(0, room - 1))) + (room > 0 ? ["… and \(details.count - room + 1) more"] : [])
        }
        let lines = question + (details.isEmpty ? [] : [""] + details)
        let textWidth = max(lines.map(TextWidth.width).max() ?? 0, TextWidth.width(Self.choices))
        return (lines, bounds.centered(width: textWidth + 4, height: lines.count + 4))
    }

    /// Where `y  Yes     n  No` starts: under the lines and a blank one, centred.
    private func choicesPosition(in box: Rect, lineCount: Int) -> (row: Int, column: Int) {
        (box.row + lineCount + 2, box.column + (box.width - TextWidth.width(Self.choices)) / 2)
    }

    @MainActor
    package func draw(on surface: Surface) {
        let (lines, box) = layout(in: surface.bounds)
        surface.fill(box, style: .normal)
        surface.box(box)
        for (index, line) in lines.enumerated() {
            surface.text(line, row: box.row + 1 + index, column: box.column + 2, width: box.width - 4)
        }
        let (choicesRow, choicesColumn) = choicesPosition(in: box, lineCount: lines.count)
        surface.text("y", row: choicesRow, column: choicesColumn, width: 1, style: .statusKey)
        surface.text("  Yes     ", row: choicesRow, column: choicesColumn + 1, width: box.right - choicesColumn - 2)
        surface.text("n", row: choicesRow, column: choicesColumn + 11, width: 1, style: .statusKey)
        surface.text("  No", row: choicesRow, column: choicesColumn + 12, width: box.right - choicesColumn - 13)
    }
}
