import Foundation

/// What went wrong with the data file, each case a sentence that names the file and the cause.
package enum DataFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String, line: Int, column: Int, reason: String)
    case invalidContent(path: String, line: Int?, column: Int?, field: String, reason: String)
    case unwritable(path: String, reason: String)
    /// The first save, where there was no file, could not create it.
    case cannotCreate(path: String, reason: String)
    case readOnly(path: String, reason: String)

    package var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "Cannot read \(path): \(reason)."
        case .invalidJSON, .invalidContent:
            return "\(path) \(whatIsWrong). The file was left as it is."
        case .unwritable:
            return "\(problem) Your changes are still in memory."
        case let .cannotCreate(path, reason):
            return "Cannot create \(path): \(reason)."
        case let .readOnly(path, reason):
            return "\(path) is open read-only: \(reason). Nothing was changed."
        }
    }

    /// What went wrong, without what it means for changes in memory (for where that is said
    /// otherwise, as after a quit signal).
    package var problem: String {
        if case let .unwritable(path, reason) = self { return "Cannot save \(path): \(reason)." }
        return description
    }

    /// What is wrong with the file, as the end of a sentence about it ("is not valid JSON at
    /// line 1, column 1: the file is empty").
    var whatIsWrong: String {
        switch self {
        case let .unreadable(_, reason):
            return "cannot be read: \(reason)"
        case let .invalidJSON(_, line, column, reason):
            return "is not valid JSON at line \(line), column \(column): \(reason)"
        case let .invalidContent(_, line, column, field, reason):
            let place = [line.map { "line \($0), column \(column ?? 1)" }, field.isEmpty ? nil : "in \(field)"].compactMap { $0 }
            return "is not a roadtrip data file\(place.isEmpty ? "" : " at " + place.joined(separator: ", ")): \(reason)"
        case let .unwritable(_, reason), let .cannotCreate(_, reason), let .readOnly(_, reason):
            return reason
        }
    }

    /// The file the error is about.
    package var path: String {
        switch self {
        case let .unreadable(path, _), let .invalidJSON(path, _, _, _), let .invalidContent(path, _, _, _, _), let .unwritable(path, _),
            let .cannotCreate(path, _), let .readOnly(path, _):
            return path
        }
    }
}

/// The text of the C library's message for an `errno` value ("Permission denied").
func systemErrorMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
