/// The one scanner of JSON text: its bytes read as RFC 8259 writes them, with roadtrip's own
/// limits (how deep values nest, a field name used twice, a number a Double cannot hold), and
/// every fault found at its byte with the sentence a user fixing the file by hand reads.
///
/// Two walks use it. `TripFileReader` reads a trips file straight into its entities and gives
/// up at the first fault (or anything unusual): nearly every file is read once, by it alone.
/// `value(depth:)` walks any value; `JSONTextLocator` walks a whole text with it to say where
/// its first fault is, or where the value at a path stands, as a line and column: Foundation's
/// decoders on Linux say neither.
struct JSONScanner {
    /// What is wrong with the text, at which byte.
    struct Fault: Error {
        let offset: Int
        let reason: String
        /// A field name used twice: valid JSON by the letter, but not a file roadtrip can trust.
        var isDuplicateField = false
        /// Where in the document a value valid by the letter but unreadable stands (a number out
        /// of a Double's range), for the message to name the field; nil for a syntax error.
        var field: [PathComponent]? = nil
    }

    /// One step of a path into the document: an object field or an array index.
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    struct Position: Equatable, CustomStringConvertible {
        let line: Int
        let column: Int
        var description: String { "line \(line), column \(column)" }
    }

    // Well below what JSONEncoder will write back (it refuses about 512 levels), so that every
    // file that opens can also be saved.
    static let maxDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The unescaped text of a string with escapes, reused from one string to the next.
    private var scratch: [UInt8] = []
    /// The fields and indexes that lead to the value `value(depth:)` is in.
    private var path: [PathComponent] = []
    /// The path whose value `value(depth:)` looks for, and where the value reached with the
    /// longest prefix of it so far starts.
    var target: [PathComponent]?
    private(set) var bestMatch: Int?
    private var bestMatchLength = -1

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the document.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// A fault at `index`.
    func fault(_ reason: String) -> Fault {
        Fault(offset: index, reason: reason)
    }

    // MARK: Any value

    /// The whole text: one value, with white space around it.
    mutating func document() throws(Fault) {
        skipWhitespace()
        guard index < bytes.count else { throw fault("the file is empty; expected a JSON object") }
        try value(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fault("unexpected text after the end of the JSON document") }
    }

    /// Checks the value at `index`, of any kind, and moves past it. `depth` is how many arrays and
    /// objects hold it.
    mutating func value(depth: Int) throws(Fault) {
        noteValueStart()
        guard depth < Self.maxDepth else { throw fault("values are nested too deeply") }
        guard index < bytes.count else { throw fault("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try withString { _ in }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try checkedNumber()
        default: throw fault("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func noteValueStart() {
        guard let target, path.count > bestMatchLength, target.starts(with: path) else { return }
        bestMatch = index
        bestMatchLength = path.count
    }

    private mutating func object(depth: Int) throws(Fault) {
        let objectStart = index
        // Field names seen so far, with where each stands: a name used twice is refused, since
        // decoders keep one of the values silently and the next save would drop the other.
        var names: [String: Int] = [:]
        var more = try beginObject()
        while more {
            let nameStart = index
            let key = try name()
            if let first = names.updateValue(nameStart, forKey: key) {
                throw Fault(
                    offset: nameStart,
                    reason:
                        "the field \"\(key)\" appears twice in one object (first at \(position(at: first)), in the object opened at \(position(at: objectStart))); roadtrip will not guess which one is meant",
                    isDuplicateField: true)
            }
            try colon()
            path.append(.key(key))
            try value(depth: depth + 1)
            path.removeLast()
            more = try nextField()
        }
    }

    private mutating func array(depth: Int) throws(Fault) {
        var element = 0
        var more = try beginArray()
        while more {
            path.append(.index(element))
            try value(depth: depth + 1)
            path.removeLast()
            element += 1
            more = try nextElement()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Fault) {
        guard skip(word) else { throw fault("expected a value; did you mean \(word)?") }
    }

    // MARK: Objects and arrays, a step at a time

    /// Moves past the `{` at `index`; true when a field follows, false when the object is empty.
    mutating func beginObject() throws(Fault) -> Bool {
        try begin(UInt8(ascii: "{"), until: UInt8(ascii: "}"), "expected an object")
    }

    /// The field name at `index`, moved past; `colon()` then goes on to its value.
    mutating func name() throws(Fault) -> String {
        guard current == UInt8(ascii: "\"") else { throw fault("expected a field name in double quotes") }
        return try string()
    }

    /// The `:` after a field name, and the white space around it.
    mutating func colon() throws(Fault) {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw fault("expected ':' after the field name") }
        index += 1
        skipWhitespace()
    }

    /// After a field's value: true when another field follows, false at the end of the object.
    mutating func nextField() throws(Fault) -> Bool {
        try next(until: UInt8(ascii: "}"), "expected ',' or '}' after a field")
    }

    /// Moves past the `[` at `index`; true when an element follows, false when the array is empty.
    mutating func beginArray() throws(Fault) -> Bool {
        try begin(UInt8(ascii: "["), until: UInt8(ascii: "]"), "expected an array")
    }

    /// After an element: true when another follows, false at the end of the array.
    mutating func nextElement() throws(Fault) -> Bool {
        try next(until: UInt8(ascii: "]"), "expected ',' or ']' after an array element")
    }

    /// Moves past `open` at `index`; true when a member follows, false when `close` ends it at once.
    private mutating func begin(_ open: UInt8, until close: UInt8, _ expected: StaticString) throws(Fault) -> Bool {
        guard current == open else { throw fault("\(expected)") }
        index += 1
        skipWhitespace()
        guard current == close else { return true }
        index += 1
        return false
    }

    /// After a member: true when a `,` says another follows, false when `close` ends them.
    private mutating func next(until close: UInt8, _ expected: StaticString) throws(Fault) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case close:
            index += 1
            return false
        default:
            throw fault("\(expected)")
        }
    }

    // MARK: Strings

    /// The string at `index`, unescaped, moved past.
    mutating func string() throws(Fault) -> String {
        try withString { String(decoding: $0, as: UTF8.self) }
    }

    /// What `body` makes of the string at `index`, unescaped (valid UTF-8), moving past it. A
    /// string without escapes (nearly all) is read in place.
    mutating func withString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(Fault) -> Result {
        guard current == UInt8(ascii: "\"") else { throw fault("expected a string") }
        let start = index
        index += 1
        var segment = index // the first byte not yet in `scratch`, once there are escapes
        var hasEscapes = false
        scan: while index < bytes.count {
            // Most bytes are plain ASCII text: past them with a local cursor, kept in a register.
            var cursor = index
            while cursor < bytes.count, bytes[cursor] >= 0x20, bytes[cursor] < 0x80, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "\\") {
                cursor += 1
            }
            index = cursor
            guard index < bytes.count else { break scan }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = index
                index += 1
                guard hasEscapes else { return body(UnsafeBufferPointer(rebasing: bytes[segment..<end])) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<end]))
                return scratch.withUnsafeBufferPointer(body)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break scan }
                if !hasEscapes {
                    scratch.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<index]))
                try unescape()
                segment = index
            case 0..<0x20:
                throw fault("control character inside a string")
            case 0x80...:
                try skipUTF8Sequence()
            default:
                index += 1
            }
        }
        index = start
        throw fault("a string is not closed")
    }

    /// The escape at `index` (a backslash and what follows), appended to `scratch` as UTF-8.
    private mutating func unescape() throws(Fault) {
        let escaped = bytes[index + 1]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"): return try unicodeEscape()
        default: throw fault("invalid escape in a string")
        }
        index += 2
    }

    /// A `\uXXXX` escape at `index` (two for a character outside the Basic Multilingual Plane,
    /// a surrogate pair); a surrogate without its other half is refused, as Foundation refuses it.
    private mutating func unicodeEscape() throws(Fault) {
        guard let high = hexUnit(at: index) else { throw fault("invalid \\u escape in a string") }
        func halfPair() -> Fault {
            fault("the escape \\u\(String(high, radix: 16, uppercase: true)) is half of a surrogate pair without its other half")
        }
        var value = high
        switch high {
        case 0xD800...0xDBFF:
            guard let low = hexUnit(at: index + 6), (0xDC00...0xDFFF).contains(low) else { throw halfPair() }
            value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            index += 12
        case 0xDC00...0xDFFF:
            throw halfPair()
        default:
            index += 6
        }
        scratch.append(contentsOf: Unicode.Scalar(value)!.utf8)
    }

    /// The code unit of a `\uXXXX` escape starting at `offset`, or nil when it is not one.
    private func hexUnit(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[offset + 2..<offset + 6] {
            let digit = Self.hexValues[Int(byte)]
            guard digit < 16 else { return nil }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    /// The value of each byte as a hexadecimal digit, 0xFF for a byte that is not one.
    static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(byte) - UInt8(ascii: "A") + 10
        default: return 0xFF
        }
    }

    /// Moves past the character at `index`, whose first byte is not ASCII, when it is UTF-8 (not
    /// overlong, no surrogate, at most U+10FFFF). Foundation refuses other text without saying where.
    private mutating func skipUTF8Sequence() throws(Fault) {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        let second: ClosedRange<UInt8> =
            switch lead {
            case 0xE0: 0xA0...0xBF
            case 0xED: 0x80...0x9F
            case 0xF0: 0x90...0xBF
            case 0xF4: 0x80...0x8F
            default: 0x80...0xBF
            }
        guard length > 0, lead <= 0xF4, index + length <= bytes.count, second.contains(bytes[index + 1]),
            (2..<length).allSatisfy({ bytes[index + $0] & 0xC0 == 0x80 })
        else {
            throw fault("invalid UTF-8 text (byte 0x\(String(lead, radix: 16, uppercase: true))); the file must be saved as UTF-8")
        }
        index += length
    }

    // MARK: Numbers

    /// A number as written: where it starts, its sign, its first 19 significant digits and the
    /// power of ten that scales them, and how many digits each part has.
    struct NumberText {
        let start: Int
        var isNegative = false
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var integerDigits = 0
        var fractionDigits = 0
        var exponentDigits = 0
        /// A whole part of more than one digit that starts with 0 ("01"), which RFC 8259 forbids.
        var hasLeadingZero = false
    }

    /// The number at `index`, by RFC 8259's grammar, moved past. (Inlined, as `digits`, so that
    /// the number's parts stay in registers: the reader takes two or three per stop.)
    @inline(__always)
    mutating func numberText() throws(Fault) -> NumberText {
        var number = NumberText(start: index)
        if current == UInt8(ascii: "-") {
            number.isNegative = true
            index += 1
        }
        let startsWithZero = current == UInt8(ascii: "0")
        number.integerDigits = digits(into: &number, inFraction: false)
        guard number.integerDigits > 0 else { throw fault("invalid number") }
        number.hasLeadingZero = startsWithZero && number.integerDigits > 1
        if current == UInt8(ascii: ".") {
            index += 1
            number.fractionDigits = digits(into: &number, inFraction: true)
            guard number.fractionDigits > 0 else { throw fault("invalid number: expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            let isNegativeExponent = current == UInt8(ascii: "-")
            if isNegativeExponent || current == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            var written = 0
            while isDigit(current) {
                if index - exponentStart < 6 { written = written * 10 + Int(current - UInt8(ascii: "0")) } // more is absurd anyway
                index += 1
            }
            number.exponentDigits = index - exponentStart
            guard number.exponentDigits > 0 else { throw fault("invalid number: expected digits in the exponent") }
            number.exponent += isNegativeExponent ? -written : written
        }
        return number
    }

    /// Takes the digits at `index`, how many; in a fraction each significant one moves the
    /// exponent down, in the whole part each one past the 19th moves it up.
    @inline(__always)
    private mutating func digits(into number: inout NumberText, inFraction: Bool) -> Int {
        let start = index
        while isDigit(current) {
            let digit = UInt64(current - UInt8(ascii: "0"))
            index += 1
            if number.significand == 0 && digit == 0 {
                if inFraction { number.exponent -= 1 } // a leading zero is not significant
                continue
            }
            number.significantDigits += 1
            if number.significantDigits <= 19 { // 19 digits always fit in a UInt64
                number.significand = number.significand * 10 + digit
                if inFraction { number.exponent -= 1 }
            } else if !inFraction {
                number.exponent += 1
            }
        }
        return index - start
    }

    /// A number of any value in the text: only a long one, or one with a 3-digit exponent, can be
    /// out of a Double's range, so only those are converted, which keeps the walk fast.
    private mutating func checkedNumber() throws(Fault) {
        let number = try numberText()
        if number.integerDigits > 300 || number.fractionDigits > 300 || number.exponentDigits >= 3 {
            try checkRange(of: number)
        }
    }

    /// Refuses, at its own place and field, the number that Foundation refuses without saying
    /// where: one too large for a Double, or one so close to 0 that it would read as 0 (1e-400).
    private func checkRange(of number: NumberText) throws(Fault) {
        let text = UnsafeBufferPointer(rebasing: bytes[number.start..<index])
        let literal = String(decoding: text, as: UTF8.self)
        guard let value = Double(literal) else { return }
        let mantissa = text.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
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
        throw Fault(offset: number.start, reason: reason, field: path)
    }

    // MARK: Bytes

    /// The byte at `index`, or 0 at the end of the text (0 is valid nowhere a byte is looked at).
    var current: UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Moves past `word` when the bytes at `index` spell it.
    mutating func skip(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
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
