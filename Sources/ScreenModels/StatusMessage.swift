/// A message for the status bar: "Saved", or a sentence about what went wrong.
package struct StatusMessage: Equatable, Sendable {
    package let text: String
    package let isError: Bool

    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    package static func error(_ text: String) -> StatusMessage { StatusMessage(text, isError: true) }
}
