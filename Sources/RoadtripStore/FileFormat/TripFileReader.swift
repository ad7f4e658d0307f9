import Foundation
import RoadtripCore

/// Reads the data file's bytes straight into a `TripFile`, in one pass over them.
///
/// Foundation's `JSONDecoder`, and the `JSONTextLocator` pass that has to run before it to say
/// where a syntax error is, made loading 1,000 trips of 100 stops take over a second. This reader
/// does both jobs at once for the files that are right, which is nearly all of them.
///
/// It is sure or it is silent: it gives exactly the `TripFile` that `JSONDecoder` gives for the
/// same bytes (the same strings, the same bits in every `Double`), or nil whenever anything is off
/// or merely unusual — a syntax error, a value of the wrong type, a field named twice, invalid
/// UTF-8, a number it cannot convert exactly. `TripFileStore.decode` then reads the file the old
/// way, which finds the problem and says where it is, so this reader never explains anything.
struct TripFileReader {
    /// The file `data` holds, or nil when the reader is not sure (see above).
    static func read(_ data: Data) -> TripFile? {
        data.withUnsafeBytes { raw in
            var reader = TripFileReader(bytes: raw.assumingMemoryBound(to: UInt8.self))
            return try? reader.document()
        }
    }

    /// Why the reader gave up: never shown, the old path says it better.
    private struct Refusal: Error {}

    // The JSONTextLocator's limit, so that no file the old path refuses is read here.
    private static let maxDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The unescaped text of a string with escapes, reused from one string to the next.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: The file's structure

    private enum FileField: String, CaseIterable { case version, trips }
    private enum TripField: String, CaseIterable { case id, name, stops = "waypoints", settings, roadFactor, averageSpeedKmh }
    private enum StopField: String, CaseIterable { case id, name, location, region, country, notes, stayHours, stayNights, overnight }
    private enum LocationField: String, CaseIterable { case latitude, longitude }

    /// `{"version": 1, "trips": [...]}`, with `TripFile.init(from:)`'s rules.
    private mutating func document() throws(Refusal) -> TripFile {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
        skipWhitespace()
        var version: Double?
        var trips: [Trip]?
        var fields = ObjectFields<FileField>()
        var more = try beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.version): version = try isNull() ? nil : number()
            case .known(.trips): trips = try array { reader throws(Refusal) in try reader.trip() }
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 1))
            }
            more = try nextField()
        }
        skipWhitespace()
        let whole = version ?? Double(TripFile.currentVersion)
        guard index == bytes.count, let trips, whole.rounded() == whole, whole >= 0, whole <= Double(Int32.max) else {
            throw Refusal()
        }
        var file = TripFile(version: Int(whole), trips: trips)
        file.unknownFields = try unknownFields(fields.unknown)
        guard !Self.hasDuplicateIDs(file) else { throw Refusal() }
        return file
    }

    /// Whether two trips, or two stops anywhere in the file, have the same id: such a file is
    /// refused, and `TripFileStore.firstDuplicateID` says where. Sorted ids tell it about three
    /// times faster than that function's hashed ones (~10 against ~28 ms for 100,000 stops).
    private static func hasDuplicateIDs(_ file: TripFile) -> Bool {
        func repeats(_ ids: some Sequence<UUID>) -> Bool {
            let sorted = ids.map { id in
                withUnsafeBytes(of: id.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            }.sorted { $0 < $1 }
            return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
        }
        return repeats(file.trips.lazy.map(\.id)) || repeats(file.trips.lazy.flatMap(\.stops).map(\.id))
    }

    /// One trip (an object three levels down), with `Trip.init(from:)`'s rules.
    private mutating func trip() throws(Refusal) -> Trip {
        var (id, name, stops): (UUID?, String?, [Stop]) = (nil, nil, [])
        var (roadFactor, averageSpeedKmh): (Double?, Double?) = (nil, nil)
        var settings = TripSettings()
        var fields = ObjectFields<TripField>()
        var more = try beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.id): id = try uuid()
            case .known(.name): name = try string()
            case .known(.stops): stops = try isNull() ? [] : array { reader throws(Refusal) in try reader.stop() }
            case .known(.settings): settings = try isNull() ? TripSettings() : self.settings(at: try skipValue(depth: 3))
            case .known(.roadFactor): roadFactor = try isNull() ? nil : number()
            case .known(.averageSpeedKmh): averageSpeedKmh = try isNull() ? nil : number()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 3))
            }
            more = try nextField()
        }
        guard let id, let name else { throw Refusal() }
        var trip = Trip(id: id, name: name, stops: stops)
        settings.adoptEarlierFields(roadFactor: roadFactor, averageSpeedKmh: averageSpeedKmh)
        trip.settings = settings
        trip.unknownFields = try unknownFields(fields.unknown)
        return trip
    }

    /// One stop, with `Stop.init(from:)`'s rules, and its location's.
    private mutating func stop() throws(Refusal) -> Stop {
        var (id, name, location): (UUID?, String?, (Coordinate, [KeptField])?) = (nil, nil, nil)
        var (region, country, notes): (String?, String?, String?) = (nil, nil, nil)
        var (stayHours, stayNights, overnight): (Double?, Double?, Bool?) = (nil, nil, nil)
        var fields = ObjectFields<StopField>()
        var more = try beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.id): id = try uuid()
            case .known(.name): name = try string()
            case .known(.location): location = try coordinate()
            case .known(.region): region = try isNull() ? nil : string()
            case .known(.country): country = try isNull() ? nil : string()
            case .known(.notes): notes = try isNull() ? nil : string()
            case .known(.stayHours): stayHours = try isNull() ? nil : number()
            case .known(.stayNights): stayNights = try isNull() ? nil : number()
            case .known(.overnight): overnight = try isNull() ? nil : bool()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 5))
            }
            more = try nextField()
        }
        guard let id, let name, let location else { throw Refusal() }
        var stop = Stop(id: id, name: name, location: location.0, region: region, country: country, notes: notes)
        // JSONDecoder reads stayNights as a Double too, and the same rules then apply.
        do {
            stop.stay = try Stay.decode(hours: stayHours, nights: stayNights) { DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: $1)) }
        } catch {
            throw Refusal()
        }
        stop.overnight = overnight ?? false
        stop.locationUnknownFields = try unknownFields(location.1)
        stop.unknownFields = try unknownFields(fields.unknown)
        return stop
    }

    /// A stop's `location`, with `Coordinate`'s rules (ranges included), and the fields kept
    /// beside it, still undecoded.
    private mutating func coordinate() throws(Refusal) -> (Coordinate, [KeptField]) {
        var (latitude, longitude): (Double?, Double?) = (nil, nil)
        var fields = ObjectFields<LocationField>()
        var more = try beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.latitude): latitude = try number()
            case .known(.longitude): longitude = try number()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 6))
            }
            more = try nextField()
        }
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) else { throw Refusal() }
        return (Coordinate(latitude: latitude, longitude: longitude), fields.unknown)
    }

    /// A trip's settings, decoded by `JSONDecoder` from their bytes: a few short fields, in few
    /// trips, whose rules (dates, ranges) are `TripSettings`'.
    private func settings(at range: Range<Int>) throws(Refusal) -> TripSettings {
        guard let settings = try? JSONDecoder().decode(TripSettings.self, from: Data(UnsafeBufferPointer(rebasing: bytes[range]))) else {
            throw Refusal()
        }
        return settings
    }

    /// An array whose elements `element` reads.
    private mutating func array<Element>(_ element: (inout TripFileReader) throws(Refusal) -> Element) throws(Refusal) -> [Element] {
        guard current == UInt8(ascii: "[") else { throw Refusal() }
        index += 1
        skipWhitespace()
        var elements: [Element] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return elements
            default: throw Refusal()
            }
            skipWhitespace()
        }
    }

    // MARK: Objects and their field names

    /// A field of an object `Field` models, or one it does not (with its name).
    private enum FieldName<Field> {
        case known(Field)
        case unknown(String)
    }

    /// The value of a field no type models, still as bytes of the file.
    private typealias KeptField = (name: String, value: Range<Int>)

    /// The names one object has used so far, to refuse a name used twice as the old path does
    /// (as Swift `String`s: "\u0074rips" is "trips"), and its fields no type models.
    private struct ObjectFields<Field: RawRepresentable<String> & CaseIterable> where Field.AllCases == [Field] {
        /// Bit n: `Field.allCases[n]` was seen.
        var known: UInt32 = 0
        var unknown: [KeptField] = []
        var unknownNames = Set<String>()

        mutating func keepUnknown(_ name: String, at value: Range<Int>) {
            unknown.append((name, value))
        }
    }

    /// Moves past the `{` at `index`; true when a field follows, false when the object is empty.
    private mutating func beginObject() throws(Refusal) -> Bool {
        guard current == UInt8(ascii: "{") else { throw Refusal() }
        index += 1
        skipWhitespace()
        guard current == UInt8(ascii: "}") else { return true }
        index += 1
        return false
    }

    /// Reads a field name and the `:` after it. Names are matched as `CodingKey`s match them, as
    /// `String`s, so a name JSONDecoder would take for a known field is taken for it here too.
    private mutating func fieldName<Field>(_ fields: inout ObjectFields<Field>) throws(Refusal) -> FieldName<Field> {
        let name = try string()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw Refusal() }
        index += 1
        skipWhitespace()
        let known = Field.allCases
        for ordinal in known.indices where known[ordinal].rawValue == name {
            let bit: UInt32 = 1 << ordinal
            guard fields.known & bit == 0 else { throw Refusal() }
            fields.known |= bit
            return .known(known[ordinal])
        }
        guard fields.unknownNames.insert(name).inserted else { throw Refusal() }
        return .unknown(name)
    }

    /// After a field's value: true when another field follows, false at the end of the object.
    private mutating func nextField() throws(Refusal) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case UInt8(ascii: "}"):
            index += 1
            return false
        default:
            throw Refusal()
        }
    }

    // MARK: Values no type models

    /// Checks the value at `index`, of any kind, by the same rules as the rest (nesting depth,
    /// names used twice, UTF-8, numbers in range), moves past it and says where it was. `depth` is
    /// how many arrays and objects hold it.
    private mutating func skipValue(depth: Int) throws(Refusal) -> Range<Int> {
        guard depth < Self.maxDepth else { throw Refusal() }
        let start = index
        switch current {
        case UInt8(ascii: "{"):
            var names = Set<String>()
            var more = try beginObject()
            while more {
                guard names.insert(try string()).inserted else { throw Refusal() }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw Refusal() }
                index += 1
                skipWhitespace()
                _ = try skipValue(depth: depth + 1)
                more = try nextField()
            }
        case UInt8(ascii: "["):
            _ = try array { reader throws(Refusal) in _ = try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            guard skip("true") || skip("false") else { throw Refusal() }
        case UInt8(ascii: "n"):
            guard skip("null") else { throw Refusal() }
        default:
            _ = try number()
        }
        return start..<index
    }

    /// The values of the fields no type models, decoded by `JSONDecoder` from their bytes: they
    /// are rare, and `JSONValue`'s rules (Decimal or Double, for one) are Foundation's to apply.
    private func unknownFields(_ kept: [KeptField]) throws(Refusal) -> UnknownFields {
        guard !kept.isEmpty else { return UnknownFields() }
        var text = Data("[".utf8)
        for (offset, field) in kept.enumerated() {
            if offset > 0 { text.append(UInt8(ascii: ",")) }
            text.append(UnsafeBufferPointer(rebasing: bytes[field.value]))
        }
        text.append(UInt8(ascii: "]"))
        guard let values = try? JSONDecoder().decode([JSONValue].self, from: text), values.count == kept.count else {
            throw Refusal()
        }
        var fields = UnknownFields()
        for (field, value) in zip(kept, values) {
            fields[field.name] = value
        }
        return fields
    }

    // MARK: Strings

    /// The string at `index`, unescaped. Strings without escapes (nearly all) are read in place.
    private mutating func string() throws(Refusal) -> String {
        let start = index
        if let (text, isASCII) = try plainString() {
            if isASCII { return String(decoding: text, as: UTF8.self) }
            guard let string = String(validating: text, as: UTF8.self) else { throw Refusal() }
            return string
        }
        index = start
        return try escapedString()
    }

    /// The bytes of the string at `index` when it has no escapes, and whether they are all ASCII
    /// (then they need no UTF-8 check), moving past it; nil, and `index` left where it was, when
    /// the string has escapes.
    private mutating func plainString() throws(Refusal) -> (UnsafeBufferPointer<UInt8>, isASCII: Bool)? {
        guard current == UInt8(ascii: "\"") else { throw Refusal() }
        let start = index + 1
        var end = start
        var highBits: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            switch byte {
            case UInt8(ascii: "\""):
                index = end + 1
                return (UnsafeBufferPointer(rebasing: bytes[start..<end]), highBits & 0x80 == 0)
            case UInt8(ascii: "\\"):
                return nil
            case 0..<0x20:
                throw Refusal()  // a control character must be escaped
            default:
                highBits |= byte
                end += 1
            }
        }
        throw Refusal()
    }

    /// The string at `index`, which has escapes: unescaped into `scratch`, then checked as UTF-8.
    private mutating func escapedString() throws(Refusal) -> String {
        index += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            let byte = current
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: scratch, as: UTF8.self) else { throw Refusal() }
                return string
            case UInt8(ascii: "\\"):
                try unescape()
            case 0..<0x20:
                throw Refusal()  // a control character, or the end of the file (`current` is 0 there)
            default:
                scratch.append(byte)
            }
        }
    }

    /// The escape after a backslash, appended to `scratch` as UTF-8.
    private mutating func unescape() throws(Refusal) {
        let escaped = current
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexUnit()
            if (0xD800...0xDBFF).contains(value) {
                // Half of a surrogate pair: the other half must follow, as a \u escape too.
                guard skip("\\u") else { throw Refusal() }
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw Refusal() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw Refusal() }  // a lone low surrogate
            scratch.append(contentsOf: scalar.utf8)
        default:
            throw Refusal()
        }
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func hexUnit() throws(Refusal) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = current
            index += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Refusal()
            }
        }
        return value
    }

    /// An id, as `KeyedDecodingContainer.id(at:)` reads it (the form `UUID(hyphenatedHex:)` takes).
    private mutating func uuid() throws(Refusal) -> UUID {
        let start = index
        if let (text, _) = try plainString() {
            guard let id = Self.uuid(hyphenatedHex: text) else { throw Refusal() }
            return id
        }
        index = start
        guard let id = UUID(hyphenatedHex: try escapedString()) else { throw Refusal() }
        return id
    }

    /// `UUID(hyphenatedHex:)` over bytes of the file, without making a `String` of them first:
    /// 32 hexadecimal digits, in either case, with hyphens after the 8th, 12th, 16th and 20th.
    private static func uuid(hyphenatedHex text: UnsafeBufferPointer<UInt8>) -> UUID? {
        let hyphen = UInt8(ascii: "-")
        guard text.count == 36, text[8] == hyphen, text[13] == hyphen, text[18] == hyphen, text[23] == hyphen else { return nil }
        // A table, not a test per digit: the digits of random ids defeat branch prediction, and
        // ids were a fifth of the reading time. The first 16 digits are the first 8 bytes.
        var (high, low): (UInt64, UInt64) = (0, 0)
        var invalid: UInt8 = 0
        hexValues.withUnsafeBufferPointer { values in
            for position in [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17] {
                let value = values[Int(text[position])]
                invalid |= value
                high = high << 4 | UInt64(value)
            }
            for position in [19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35] {
                let value = values[Int(text[position])]
                invalid |= value
                low = low << 4 | UInt64(value)
            }
        }
        guard invalid & 0x80 == 0 else { return nil }
        // The digits in the order they are written are the UUID's bytes in order: big-endian.
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    /// The value of each byte as a hexadecimal digit, 0xFF for a byte that is not one.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(byte) - UInt8(ascii: "A") + 10
        default: return 0xFF
        }
    }

    // MARK: Numbers

    /// Exact powers of ten: a significand of at most 53 bits times or over one of these is one
    /// rounding, hence the correctly rounded Double (Clinger's fast path).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number at `index` as JSONDecoder reads a Double: correctly rounded, -0 kept. A number
    /// too large for a Double, or too small to be anything but zero, is refused (so does
    /// JSONDecoder); so are leading zeros and the rest RFC 8259 forbids.
    private mutating func number() throws(Refusal) -> Double {
        let start = index
        let isNegative = current == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        /// Takes the digits at `index`; in a fraction each one moves the exponent down.
        func digits(inFraction: Bool) throws(Refusal) {
            guard isDigit(current) else { throw Refusal() }
            while isDigit(current) {
                let digit = UInt64(current - UInt8(ascii: "0"))
                index += 1
                if significand == 0 && digit == 0 {
                    if inFraction { exponent -= 1 }  // a leading zero is not significant
                    continue
                }
                significantDigits += 1
                if significantDigits <= 19 {  // 19 digits always fit in a UInt64
                    significand = significand * 10 + digit
                    if inFraction { exponent -= 1 }
                } else if !inFraction {
                    exponent += 1
                }
            }
        }
        if current == UInt8(ascii: "0") {
            index += 1
            guard !isDigit(current) else { throw Refusal() }
        } else {
            try digits(inFraction: false)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            try digits(inFraction: true)
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            let isNegativeExponent = current == UInt8(ascii: "-")
            if isNegativeExponent || current == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            var written = 0
            while isDigit(current), index - exponentStart < 6 {
                written = written * 10 + Int(current - UInt8(ascii: "0"))
                index += 1
            }
            guard index > exponentStart, !isDigit(current) else { throw Refusal() }  // none, or absurdly many
            exponent += isNegativeExponent ? -written : written
        }
        if significand == 0 { return isNegative ? -0.0 : 0.0 }
        if significantDigits <= 19, significand <= 1 << 53, (-22...22).contains(exponent) {
            let magnitude = exponent < 0 ? Double(significand) / Self.powersOfTen[-exponent] : Double(significand) * Self.powersOfTen[exponent]
            return isNegative ? -magnitude : magnitude
        }
        // Long or extreme numbers are rare: the standard library's (correctly rounded, locale-free) parser.
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
              value.isFinite, value != 0 else { throw Refusal() }
        return value
    }

    // MARK: Bytes

    /// The byte at `index`, or 0 at the end of the file (0 is valid nowhere a byte is looked at).
    private var current: UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Moves past `word` when the bytes at `index` spell it.
    private mutating func skip(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// `true` or `false` at `index`, moved past.
    private mutating func bool() throws(Refusal) -> Bool {
        if skip("true") { return true }
        if skip("false") { return false }
        throw Refusal()
    }

    /// A `null` at `index`, moved past.
    private mutating func isNull() -> Bool {
        skip("null")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
