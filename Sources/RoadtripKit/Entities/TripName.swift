import Foundation

extension String {
    /// The name with surrounding white space removed, or nil when nothing visible is left (empty,
    /// spaces, line separators, or only invisible characters such as U+200B): such a name looks
    /// empty on screen.
    var visibleName: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        let isVisible: (Unicode.Scalar) -> Bool = { scalar in
            let properties = scalar.properties
            return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
                && properties.generalCategory != .format && properties.generalCategory != .control
        }
        return trimmed.unicodeScalars.contains(where: isVisible) ? trimmed : nil
    }
}
