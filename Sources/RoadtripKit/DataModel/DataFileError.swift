import Foundation

/// What went wrong with the data file, each case a sentence that names the file and the cause.
public enum DataFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String, line: Int, column: Int, reason: String)
    case invalidContent(path: String, line: Int?, column: Int?, field: String, reason: String)
    case unwritable(path: String, reason: String)
    case readOnly(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "Cannot read \(path): \(reason)."
        case let .invalidJSON(path, line, column, reason):
            return "\(path) is not valid JSON at line \(line), column \(column): \(reason). The file was left as it is."
        case let .invalidContent(path, line, column, field, reason):
            let place = line.map { "line \($0), column \(column ?? 1)" }
            let location = [place, field.isEmpty ? nil : "in \(field)"].compactMap { $0 }.joined(separator: ", ")
            return "\(path) is not a roadtrip data file at \(location): \(reason). The file was left as it is."
        case let .unwritable(path, reason):
            return "Cannot save \(path): \(reason). Your changes are still in memory."
        case let .readOnly(path, reason):
            return "\(path) is open read-only: \(reason). Nothing was changed."
        }
    }

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .invalidJSON(path, _, _, _), let .invalidContent(path, _, _, _, _), let .unwritable(path, _),
             let .readOnly(path, _):
            return path
        }
    }
}

/// The text of the C library's message for an `errno` value ("Permission denied").
func systemErrorMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
