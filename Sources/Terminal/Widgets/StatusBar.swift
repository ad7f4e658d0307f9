/// A message for the status bar: "Saved", or a sentence about what went wrong.
public struct StatusMessage: Equatable, Sendable {
    public let text: String
    public let isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    public static func error(_ text: String) -> StatusMessage { StatusMessage(text, isError: true) }
}

/// The bottom line: a message when there is one, then the main keys of the screen.
public enum StatusBar {
    @MainActor
    public static func draw(on surface: Surface, row: Int, hints: [KeyHint], message: StatusMessage?) {
        let width = surface.width
        surface.fill(row: row, column: 0, width: width, style: .statusBar)
        var x = 0
        if let message {
            x += surface.text(" \(message.text) ", row: row, column: 0, width: width, style: message.isError ? .error : .message)
            x += 1
        }
        for hint in hints {
            let needed = TextWidth.width(hint.key) + TextWidth.width(hint.label) + 3
            if x + needed > width { break }
            x += surface.text(" \(hint.key)", row: row, column: x, style: .statusKey)
            x += surface.text(" \(hint.label) ", row: row, column: x, style: .statusBar)
        }
    }
}
