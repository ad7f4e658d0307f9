import Foundation
import RoadtripCore

/// Reads the data file's bytes straight into a `TripFile`, in one pass over them.
///
/// Foundation's `JSONDecoder`, and the `JSONTextLocator` pass that has to run before it to say
/// where a syntax error is, made loading 1,000 trips of 100 stops take over a second. This reader
/// does both jobs at once for the files that are right, which is nearly all of them; it reads the
/// text with `JSONScanner`, as the locator does.
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
            var reader = TripFileReader(scanner: JSONScanner(bytes: raw.assumingMemoryBound(to: UInt8.self)))
            return try? reader.document()
        }
    }

    /// The first trips of a file, at most `limit`, read from `prefix`, the first bytes of the
    /// file (cut anywhere): what the planner shows while it reads the whole file off the main loop
    /// (`DataModel.load(showingFirst:seed:)`). A trip is given only when its text ends within
    /// `prefix`, and as `read` gives it; the reading stops at the first thing the reader is not
    /// sure of, so the list may be empty. It says nothing of the rest of the file, which may still
    /// fail to read: only the whole read decides what the file holds.
    static func firstTrips(of prefix: Data, limit: Int) -> [Trip] {
        prefix.withUnsafeBytes { raw in
            var reader = TripFileReader(scanner: JSONScanner(bytes: raw.assumingMemoryBound(to: UInt8.self)))
            var trips: [Trip] = []
            try? reader.leadingTrips(into: &trips, limit: limit)
            return trips
        }
    }

    private typealias Fault = JSONScanner.Fault

    private var scanner: JSONScanner

    private init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Where the reader gives up for a reason of its own (a value of another type, a field
    /// missing): never shown, the old path says it better.
    private var refusal: Fault {
        scanner.fault("not a trips file as the one-pass reader reads one")
    }

    // MARK: The file's structure

    // The fields are TripFileFields.swift's, the Codable path's and the writer's.

    /// `{"version": 1, "trips": [...]}`, with `TripFile.init(from:)`'s rules.
    private mutating func document() throws(Fault) -> TripFile {
        scanner.skipWhitespace()
        var version: Double?
        var trips: [Trip]?
        var fields = ObjectFields<FileField>()
        var more = try scanner.beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.version): version = try isNull() ? nil : number()
            case .known(.trips): trips = try array { reader throws(Fault) in try reader.trip() }
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 1))
            }
            more = try scanner.nextField()
        }
        scanner.skipWhitespace()
        let whole = version ?? Double(TripFile.currentVersion)
        guard scanner.index == scanner.bytes.count, let trips, whole.rounded() == whole, whole >= 0, whole <= Double(Int32.max) else {
            throw refusal
        }
        var file = TripFile(version: Int(whole), trips: trips)
        file.unknownFields = try unknownFields(fields.unknown)
        guard !Self.hasDuplicateIDs(file) else { throw refusal }
        return file
    }

    /// `document()`'s walk as far as the first `limit` trips: the fields before `trips` (a
    /// `version` first, as the iOS app writes it) are read past, and each trip read whole is
    /// added to `trips` before the next is begun.
    private mutating func leadingTrips(into trips: inout [Trip], limit: Int) throws(Fault) {
        scanner.skipWhitespace()
        var fields = ObjectFields<FileField>()
        var more = try scanner.beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.version): _ = try isNull() ? nil : number()
            case .known(.trips):
                var element = try scanner.beginArray()
                while element, trips.count < limit {
                    trips.append(try trip())
                    element = try scanner.nextElement()
                }
                return
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 1))
            }
            more = try scanner.nextField()
        }
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
    private mutating func trip() throws(Fault) -> Trip {
        var (id, name, stops): (UUID?, String?, [Stop]) = (nil, nil, [])
        var (roadFactor, averageSpeedKmh): (Double?, Double?) = (nil, nil)
        var settings = TripSettings()
        var fields = ObjectFields<TripField>()
        var more = try scanner.beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.id): id = try uuid()
            case .known(.name): name = try scanner.string()
            case .known(.stops): stops = try isNull() ? [] : array { reader throws(Fault) in try reader.stop() }
            case .known(.settings): settings = try isNull() ? TripSettings() : self.settings(at: try skipValue(depth: 3))
            case .known(.roadFactor): roadFactor = try isNull() ? nil : number()
            case .known(.averageSpeedKmh): averageSpeedKmh = try isNull() ? nil : number()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 3))
            }
            more = try scanner.nextField()
        }
        guard let id, let name else { throw refusal }
        var trip = Trip(id: id, name: name, stops: stops)
        settings.adoptEarlierFields(roadFactor: roadFactor, averageSpeedKmh: averageSpeedKmh)
        trip.settings = settings
        trip.unknownFields = try unknownFields(fields.unknown)
        return trip
    }

    /// One stop, with `Stop.init(from:)`'s rules, and its location's.
    private mutating func stop() throws(Fault) -> Stop {
        var (id, name, location): (UUID?, String?, (Coordinate, [KeptField])?) = (nil, nil, nil)
        var (region, country, notes): (String?, String?, String?) = (nil, nil, nil)
        var (stayHours, stayNights, overnight): (Double?, Double?, Bool?) = (nil, nil, nil)
        var fields = ObjectFields<StopField>()
        var more = try scanner.beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.id): id = try uuid()
            case .known(.name): name = try scanner.string()
            case .known(.location): location = try coordinate()
            case .known(.region): region = try isNull() ? nil : scanner.string()
            case .known(.country): country = try isNull() ? nil : scanner.string()
            case .known(.notes): notes = try isNull() ? nil : scanner.string()
            case .known(.stayHours): stayHours = try isNull() ? nil : number()
            case .known(.stayNights): stayNights = try isNull() ? nil : number()
            case .known(.overnight): overnight = try isNull() ? nil : bool()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 5))
            }
            more = try scanner.nextField()
        }
        guard let id, let name, let location else { throw refusal }
        // JSONDecoder reads stayNights as a Double too, and the same rules then apply.
        let stay: Stay?
        do {
            stay = try Stay.decode(hours: stayHours, nights: stayNights) { DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: $1)) }
        } catch {
            throw refusal
        }
        return Stop(
            id: id, name: name, location: location.0, region: region, country: country, notes: notes, stay: stay, overnight: overnight ?? false,
            unknownFields: try unknownFields(fields.unknown), locationUnknownFields: try unknownFields(location.1))
    }

    /// A stop's `location`, with `Coordinate`'s rules (ranges included), and the fields kept
    /// beside it, still undecoded.
    private mutating func coordinate() throws(Fault) -> (Coordinate, [KeptField]) {
        var (latitude, longitude): (Double?, Double?) = (nil, nil)
        var fields = ObjectFields<LocationField>()
        var more = try scanner.beginObject()
        while more {
            switch try fieldName(&fields) {
            case .known(.latitude): latitude = try number()
            case .known(.longitude): longitude = try number()
            case .unknown(let name): fields.keepUnknown(name, at: try skipValue(depth: 6))
            }
            more = try scanner.nextField()
        }
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) else { throw refusal }
        return (Coordinate(latitude: latitude, longitude: longitude), fields.unknown)
    }

    /// A trip's settings, decoded by `JSONDecoder` from their bytes: a few short fields, in few
    /// trips, whose rules (dates, ranges) are `TripSettings`'.
    private func settings(at range: Range<Int>) throws(Fault) -> TripSettings {
        guard let settings = try? JSONDecoder().decode(TripSettings.self, from: Data(UnsafeBufferPointer(rebasing: scanner.bytes[range]))) else {
            throw refusal
        }
        return settings
    }

    /// An array whose elements `element` reads.
    private mutating func array<Element>(_ element: (inout TripFileReader) throws(Fault) -> Element) throws(Fault) -> [Element] {
        var elements: [Element] = []
        var more = try scanner.beginArray()
        while more {
            elements.append(try element(&self))
            more = try scanner.nextElement()
        }
        return elements
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

    /// Reads a field name and the `:` after it. Names are matched as `CodingKey`s match them, as
    /// `String`s, so a name JSONDecoder would take for a known field is taken for it here too.
    private mutating func fieldName<Field>(_ fields: inout ObjectFields<Field>) throws(Fault) -> FieldName<Field> {
        let name = try scanner.name()
        try scanner.colon()
        let known = Field.allCases
        for ordinal in known.indices where known[ordinal].rawValue == name {
            let bit: UInt32 = 1 << ordinal
            guard fields.known & bit == 0 else { throw refusal }
            fields.known |= bit
            return .known(known[ordinal])
        }
        guard fields.unknownNames.insert(name).inserted else { throw refusal }
        return .unknown(name)
    }

    // MARK: Values no type models

    /// Checks the value at the scanner, of any kind, as the locator does (nesting depth, names
    /// used twice, UTF-8, numbers in range), moves past it and says where it was. `depth` is how
    /// many arrays and objects hold it.
    private mutating func skipValue(depth: Int) throws(Fault) -> Range<Int> {
        let start = scanner.index
        try scanner.value(depth: depth)
        return start..<scanner.index
    }

    /// The values of the fields no type models, decoded by `JSONDecoder` from their bytes: they
    /// are rare, and `JSONValue`'s rules (Decimal or Double, for one) are Foundation's to apply.
    private func unknownFields(_ kept: [KeptField]) throws(Fault) -> UnknownFields {
        guard !kept.isEmpty else { return UnknownFields() }
        var text = Data("[".utf8)
        for (offset, field) in kept.enumerated() {
            if offset > 0 { text.append(UInt8(ascii: ",")) }
            text.append(UnsafeBufferPointer(rebasing: scanner.bytes[field.value]))
        }
        text.append(UInt8(ascii: "]"))
        guard let values = try? JSONDecoder().decode([JSONValue].self, from: text), values.count == kept.count else {
            throw refusal
        }
        var fields = UnknownFields()
        for (field, value) in zip(kept, values) {
            fields[field.name] = value
        }
        return fields
    }

    // MARK: Typed values

    /// An id, as `KeyedDecodingContainer.id(at:)` reads it (the form `UUID(hyphenatedHex:)` takes).
    private mutating func uuid() throws(Fault) -> UUID {
        guard let id = try scanner.withString(Self.uuid(hyphenatedHex:)) else { throw refusal }
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
        JSONScanner.hexValues.withUnsafeBufferPointer { values in
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

    /// Exact powers of ten: a significand of at most 53 bits times or over one of these is one
    /// rounding, hence the correctly rounded Double (Clinger's fast path).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number at the scanner as JSONDecoder reads a Double: correctly rounded, -0 kept. A
    /// number too large for a Double, or too small to be anything but zero, is refused (so does
    /// JSONDecoder); so are leading zeros, and exponents of more than 6 digits.
    private mutating func number() throws(Fault) -> Double {
        let number = try scanner.numberText()
        guard !number.hasLeadingZero, number.exponentDigits <= 6 else { throw refusal }
        if number.significand == 0 { return number.isNegative ? -0.0 : 0.0 }
        let (significand, exponent) = (number.significand, number.exponent)
        if number.significantDigits <= 19, significand <= 1 << 53, (-22...22).contains(exponent) {
            let magnitude = exponent < 0 ? Double(significand) / Self.powersOfTen[-exponent] : Double(significand) * Self.powersOfTen[exponent]
            return number.isNegative ? -magnitude : magnitude
        }
        // Long or extreme numbers are rare: the standard library's (correctly rounded, locale-free) parser.
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[number.start..<scanner.index]), as: UTF8.self)),
            value.isFinite, value != 0
        else { throw refusal }
        return value
    }

    /// `true` or `false` at the scanner, moved past.
    private mutating func bool() throws(Fault) -> Bool {
        if scanner.skip("true") { return true }
        if scanner.skip("false") { return false }
        throw refusal
    }

    /// A `null` at the scanner, moved past.
    private mutating func isNull() -> Bool {
        scanner.skip("null")
    }
}
