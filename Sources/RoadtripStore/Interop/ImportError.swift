/// Why a file could not be imported: the file, where in it (when the cause has a place), and
/// the cause. Nothing was imported from it.
package struct ImportError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var column: Int?
    /// The cause, without a final full stop ("<rtept> has no lat attribute").
    package var reason: String

    package init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// One sentence: "Cannot import /tmp/a.gpx: line 12, column 5: <rtept> has no lat attribute."
    package var description: String {
        var place = ""
        if let line {
            place = column.map { "line \(line), column \($0): " } ?? "line \(line): "
        }
        let ending = reason.hasSuffix(".") ? "" : "."
        return "Cannot import \(path): \(place)\(reason)\(ending)"
    }
}

/// An `ImportError` before the file's path is known to it: the readers of each format throw
/// this, and `TripImport` adds the path.
struct ImportProblem: Error, Equatable {
    var line: Int?
    var column: Int?
    var reason: String

    init(line: Int? = nil, column: Int? = nil, _ reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    func error(path: String) -> ImportError {
        ImportError(path: path, line: line, column: column, reason: reason)
    }
}
