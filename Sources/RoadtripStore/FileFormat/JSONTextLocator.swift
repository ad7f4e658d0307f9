/// Finds where in a JSON text something is, as a line and column, for error messages: the first
/// fault of the text, or where the value at a path starts. It walks the whole text with
/// `JSONScanner`, the scanner `TripFileReader` reads with, so both find the same faults.
struct JSONTextLocator {
    typealias Position = JSONScanner.Position
    typealias PathComponent = JSONScanner.PathComponent

    struct SyntaxError: Error, Equatable {
        let position: Position
        /// A field name used twice: valid JSON by the letter, but not a file roadtrip can trust.
        var isDuplicateField = false
        /// Where in the document a value valid by the letter but unreadable stands (a number out
        /// of a Double's range), for the message to name the field; nil for a syntax error.
        var field: [PathComponent]? = nil
        let reason: String
    }

    private let bytes: [UInt8]

    init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    /// The first syntax error of the document, or nil when it is valid JSON.
    func syntaxError() -> SyntaxError? {
        bytes.withUnsafeBufferPointer { buffer -> SyntaxError? in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONScanner.Fault) {
                try scanner.document()
                return nil
            } catch {
                return SyntaxError(
                    position: scanner.position(at: error.offset), isDuplicateField: error.isDuplicateField,
                    field: error.field, reason: error.reason)
            }
        }
    }

    /// Where the value at `path` starts; when the path goes on past the document (a missing
    /// field), where the deepest value it reaches starts.
    func position(of path: [PathComponent]) -> Position? {
        bytes.withUnsafeBufferPointer { buffer -> Position? in
            var scanner = JSONScanner(bytes: buffer)
            scanner.target = path
            try? scanner.document()
            return scanner.bestMatch.map { scanner.position(at: $0) }
        }
    }
}
