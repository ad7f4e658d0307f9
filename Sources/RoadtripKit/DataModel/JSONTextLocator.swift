/// Finds where in a JSON text something is, as a line and column, for error messages.
///
/// Foundation's decoders on Linux say neither where a syntax error is nor where a value of the
/// wrong type sits, and a user fixing a file by hand needs both. This is a small validating
/// scanner over the UTF-8 bytes that does nothing else.
struct JSONTextLocator {
    struct Position: Equatable, CustomStringConvertible {
        let line: Int
        let column: Int
        var description: String { "line \(line), column \(column)" }
    }

    struct SyntaxError: Error, Equatable {
        let position: Position
        let reason: String
    }

    /// One step of a path into the document: an object field or an array index.
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    // Well below what JSONEncoder will write back (it refuses about 512 levels), so that every
    // file that opens can also be saved.
    private static let maxDepth = 256

    init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    /// The first syntax error of the document, or nil when it is valid JSON.
    func syntaxError() -> SyntaxError? {
        var scanner = Scanner(bytes: bytes, target: nil)
        do {
            try scanner.document()
            return nil
        } catch let error as SyntaxError {
            return error
        } catch {
            return nil
        }
    }

    /// Where the value at `path` starts; when the path goes on past the document (a missing
    /// field), where the deepest value it reaches starts.
    func position(of path: [PathComponent]) -> Position? {
        var scanner = Scanner(bytes: bytes, target: path)
        try? scanner.document()
        return scanner.bestMatch.map { scanner.position(at: $0) }
    }

    private struct Scanner {
        let bytes: [UInt8]
        let target: [PathComponent]?
        var index = 0
        var path: [PathComponent] = []
        /// Offset of the value reached with the longest matching prefix of `target`.
        var bestMatch: Int?
        var bestMatchLength = -1

        init(bytes: [UInt8], target: [PathComponent]?) {
            self.bytes = bytes
            self.target = target
            // A UTF-8 byte order mark is allowed before the document.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file is empty; expected a JSON object") }
            try value()
            skipWhitespace()
            if index < bytes.count { throw error("unexpected text after the end of the JSON document") }
        }

        mutating func value() throws {
            noteValueStart()
            guard path.count < JSONTextLocator.maxDepth else { throw error("values are nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw error("expected a value (object, array, string, number, true, false or null)")
            }
        }

        mutating func noteValueStart() {
            guard let target, path.count > bestMatchLength, target.starts(with: path) else { return }
            bestMatch = index
            bestMatchLength = path.count
        }

        mutating func object() throws {
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { index += 1; return }
            while true {
                skipWhitespace()
                guard peek(UInt8(ascii: "\"")) else { throw error("expected a field name in double quotes") }
                let key = try string()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the field name") }
                index += 1
                skipWhitespace()
                path.append(.key(key))
                try value()
                path.removeLast()
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                if peek(UInt8(ascii: "}")) { index += 1; return }
                throw error("expected ',' or '}' after a field")
            }
        }

        mutating func array() throws {
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { index += 1; return }
            var element = 0
            while true {
                skipWhitespace()
                path.append(.index(element))
                try value()
                path.removeLast()
                element += 1
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                if peek(UInt8(ascii: "]")) { index += 1; return }
                throw error("expected ',' or ']' after an array element")
            }
        }

        @discardableResult
        mutating func string() throws -> String {
            let start = index
            index += 1
            var content: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: content, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { break }
                    let escaped = bytes[index + 1]
                    if escaped == UInt8(ascii: "u") {
                        let hex = bytes[min(bytes.count, index + 2)..<min(bytes.count, index + 6)]
                        guard hex.count == 4, hex.allSatisfy(\.isHexDigit) else { throw error("invalid \\u escape in a string") }
                        index += 6
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(escaped) else { throw error("invalid escape in a string") }
                        content.append(escaped)
                        index += 2
                    }
                    continue
                case 0..<0x20:
                    throw error("control character inside a string")
                case 0x80...:
                    // Foundation rejects invalid UTF-8 without saying where; say where.
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
                    let end = min(bytes.count, index + length)
                    guard length > 0, end == index + length, String(validating: bytes[index..<end], as: UTF8.self) != nil else {
                        throw error("invalid UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true))); the file must be saved as UTF-8")
                    }
                    content.append(contentsOf: bytes[index..<end])
                    index = end
                    continue
                default:
                    content.append(byte)
                    index += 1
                    continue
                }
                break
            }
            index = start
            throw error("a string is not closed")
        }

        mutating func number() throws {
            if peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("invalid number") }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard digits() > 0 else { throw error("invalid number: expected digits after '.'") }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard digits() > 0 else { throw error("invalid number: expected digits in the exponent") }
            }
        }

        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes[index...].starts(with: expected) else { throw error("expected a value; did you mean \(word)?") }
            index += expected.count
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        func error(_ reason: String) -> SyntaxError {
            SyntaxError(position: position(at: index), reason: reason)
        }

        /// Line and column (both from 1) of a byte offset; columns count characters, not bytes.
        func position(at offset: Int) -> Position {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Position(line: line, column: column)
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
