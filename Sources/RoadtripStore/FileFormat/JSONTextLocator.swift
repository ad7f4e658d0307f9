
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
        /// A field name used twice: valid JSON by the letter, but not a file roadtrip can trust.
        var isDuplicateField = false
        /// Where in the document a value valid by the letter but unreadable stands (a number out
        /// of a Double's range), for the message to name the field; nil for a syntax error.
        var field: [PathComponent]? = nil
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
            let objectStart = index
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { index += 1; return }
            // Field names seen so far, with where each stands: a name used twice is refused, since
            // decoders keep one of the values silently and the next save would drop the other.
            var names: [String: Int] = [:]
            while true {
                skipWhitespace()
                guard peek(UInt8(ascii: "\"")) else { throw error("expected a field name in double quotes") }
                let nameStart = index
                let key = try string(keepingContent: true)
                if let first = names.updateValue(nameStart, forKey: key) {
                    throw SyntaxError(position: position(at: nameStart), isDuplicateField: true,
                                      reason: "the field \"\(key)\" appears twice in one object (first at \(position(at: first)), in the object opened at \(position(at: objectStart))); roadtrip will not guess which one is meant")
                }
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

        /// Scans a string; returns its decoded text when `keepingContent` (field names), else "".
        @discardableResult
        mutating func string(keepingContent: Bool = false) throws -> String {
            let start = index
            index += 1
            var content: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return keepingContent ? String(decoding: content, as: UTF8.self) : ""
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { break }
                    let escaped = bytes[index + 1]
                    if escaped == UInt8(ascii: "u") {
                        let scalar = try unicodeEscape()
                        if keepingContent { content.append(contentsOf: String(Character(scalar)).utf8) }
                    } else {
                        guard let decoded = Self.escapes[escaped] else { throw error("invalid escape in a string") }
                        if keepingContent { content.append(decoded) }
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
                    if keepingContent { content.append(contentsOf: bytes[index..<end]) }
                    index = end
                    continue
                default:
                    if keepingContent { content.append(byte) }
                    index += 1
                    continue
                }
                break
            }
            index = start
            throw error("a string is not closed")
        }

        static let escapes: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]

        /// A `\uXXXX` escape at `index` (two for a character outside the Basic Multilingual Plane,
        /// a surrogate pair); a surrogate without its other half is refused, as Foundation refuses it.
        mutating func unicodeEscape() throws -> Unicode.Scalar {
            guard let high = hexUnit(at: index) else { throw error("invalid \\u escape in a string") }
            switch high {
            case 0xD800...0xDBFF:
                guard let low = hexUnit(at: index + 6), (0xDC00...0xDFFF).contains(low) else {
                    throw error("the escape \\u\(String(high, radix: 16, uppercase: true)) is half of a surrogate pair without its other half")
                }
                index += 12
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw error("the escape \\u\(String(high, radix: 16, uppercase: true)) is half of a surrogate pair without its other half")
            default:
                index += 6
                return Unicode.Scalar(high)!
            }
        }

        /// The code unit of a `\uXXXX` escape starting at `offset`, or nil when it is not one.
        func hexUnit(at offset: Int) -> UInt32? {
            guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
            var unit: UInt32 = 0
            for byte in bytes[offset + 2..<offset + 6] {
                guard let digit = byte.hexValue else { return nil }
                unit = unit << 4 | digit
            }
            return unit
        }

        mutating func number() throws {
            let start = index
            if peek(UInt8(ascii: "-")) { index += 1 }
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("invalid number") }
            var fractionDigits = 0
            if peek(UInt8(ascii: ".")) {
                index += 1
                fractionDigits = digits()
                guard fractionDigits > 0 else { throw error("invalid number: expected digits after '.'") }
            }
            var exponentDigits = 0
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                exponentDigits = digits()
                guard exponentDigits > 0 else { throw error("invalid number: expected digits in the exponent") }
            }
            // Only a long number or one with a 3-digit exponent can be out of a Double's range;
            // the others are not converted, which keeps this pass fast.
            if integerDigits > 300 || fractionDigits > 300 || exponentDigits >= 3 {
                try checkRange(ofNumberAt: start)
            }
        }

        /// Refuses, at its own place and field, the number from `start` to `index` that Foundation
        /// refuses without saying where: one too large for a Double, or one so close to 0 that it
        /// would read as 0 (1e-400).
        mutating func checkRange(ofNumberAt start: Int) throws {
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(literal) else { return }
            let mantissa = bytes[start..<index].prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            let isZero = !mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
            let shown = literal.count > 40 ? literal.prefix(40) + "…" : literal
            let reason: String
            if !value.isFinite {
                reason = "the number \(shown) is too large to be read"
            } else if value == 0 && !isZero {
                reason = "the number \(shown) is too close to 0 to be read (write 0 if that is what is meant)"
            } else {
                return
            }
            throw SyntaxError(position: position(at: start), field: path, reason: reason)
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
    var hexValue: UInt32? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(self - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(self - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
