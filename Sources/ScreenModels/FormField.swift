/// A field of a form as a presenter asks for it: its label, what it starts with, what an empty
/// field means and what the field means. The terminal's `FormDialog` edits it; the presenter
/// only says what to ask, so it need not know of keys or curses.
package struct FormField: Equatable, Sendable {
    /// What the field holds at first: text to edit, or a yes/no tick box.
    package enum Value: Equatable, Sendable {
        /// `maximumLength` bounds typing (nil: no limit). The text is selected whenever the field
        /// takes the focus, as every field's is: the first character typed replaces it.
        case text(String, maximumLength: Int?)
        case tick(Bool)
    }

    package let label: String
    package let value: Value
    /// Shown in its own style while a text field is empty (never as its value): what an empty
    /// field means ("today").
    package let placeholder: String
    /// What the field means, for the form's help panel (`F1`).
    package let help: String

    package static func text(
        _ label: String, _ text: String, placeholder: String = "", help: String = "",
        maximumLength: Int? = nil
    ) -> FormField {
        FormField(label: label, value: .text(text, maximumLength: maximumLength), placeholder: placeholder, help: help)
    }

    package static func tick(_ label: String, _ isTicked: Bool, help: String = "") -> FormField {
        FormField(label: label, value: .tick(isTicked), placeholder: "", help: help)
    }

    /// The text, or "yes"/"no" for a tick box: what the form would submit untouched.
    package var text: String {
        switch value {
        case .text(let text, _): return text
        case .tick(let isTicked): return isTicked ? "yes" : "no"
        }
    }
}
