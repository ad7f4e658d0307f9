import Foundation

/// How long a name typed in a text field may be: trip names and stop names alike (notes have no
/// such bound). A pasted page would otherwise become a name wider than any screen, and every key
/// of the paste would be recorded and redrawn one by one. Names already longer (in a file written
/// by hand or by another program) are kept as they are; only typing stops at the bound.
package enum NameLength {
    package static let maximum = 200
}

extension String {
    /// The name with surrounding white space removed, or nil when nothing visible is left (empty,
    /// spaces, line separators, or only invisible characters such as U+200B): such a name looks
    /// empty on screen.
    package var visibleName: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        let isVisible: (Unicode.Scalar) -> Bool = { scalar in
            let properties = scalar.properties
            return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
                && properties.generalCategory != .format && properties.generalCategory != .control
        }
        return trimmed.unicodeScalars.contains(where: isVisible) ? trimmed : nil
    }
}
