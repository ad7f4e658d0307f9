import Foundation
import RoadtripCore

/// Writes a `TripFile` as exactly the bytes `JSONEncoder.deterministic()` gives for it, straight
/// from the entities. JSONEncoder first builds a boxed value for every field and a dictionary per
/// object: for 1,000 trips of 100 stops (a 22 MB file) it took ~570 ms and ~145 MB at its peak;
/// this takes ~60 ms and the file's bytes.
///
/// The format, as swift-foundation writes it (TripFileWriterTests compare the two on every kind
/// of value):
/// - two spaces per level, `"key" : value`, `,` ending every member but the last, keys sorted by
///   their UTF-8 bytes; an empty array is `[`, two line breaks, then its indented `]`;
/// - a string escapes `"`, `\` and the controls below U+0020 (`\b \t \n \f \r`, the others as
///   `\u00XX` in lowercase hex); `/` (`.withoutEscapingSlashes`), DEL, U+2028 are left as they are;
/// - a Double is its `description` without a final ".0" (`1`, `-0`, `1e-07`, `1e+16`); an Int its
///   `description`; a UUID its `uuidString` (uppercase).
///
/// An object carrying fields this version does not know (a newer version wrote them) is rare, and
/// its values (Decimals, nested objects) are Foundation's to write: JSONEncoder writes that object,
/// whose lines are then indented to its depth.
struct TripFileWriter {
    /// Why JSONEncoder must write the whole file: a number JSON cannot hold (its error says where),
    /// or fields of the file's own this version does not know.
    private struct NeedsFoundation: Error {}

    /// The finished part, sized once from an estimate so that it is not copied as it grows.
    private var data: Data
    /// The bytes of the stop being written, moved to `data` in batches.
    private var pending: [UInt8] = []
    private static let batchSize = 1 << 16

    private init(capacity: Int) {
        data = Data(capacity: capacity)
        pending.reserveCapacity(Self.batchSize + 4096)
    }

    /// The file's bytes, ending with a line break; nil when only JSONEncoder can write them.
    static func data(for file: TripFile) -> Data? {
        guard file.unknownFields.isEmpty else { return nil }
        var writer = TripFileWriter(capacity: estimatedSize(of: file))
        do {
            try writer.write(file)
        } catch {
            return nil
        }
        writer.flush()
        return writer.data
    }

    /// A little more than the file usually takes: the layout of each stop and trip, its text, and
    /// room for long numbers. Escapes can go past it; `data` then grows.
    private static func estimatedSize(of file: TripFile) -> Int {
        func member(_ text: String?) -> Int { text.map { 32 + $0.utf8.count } ?? 0 }
        var size = 64
        for trip in file.trips {
            size += 256 + trip.name.utf8.count
            for stop in trip.stops {
                size += 256 + stop.name.utf8.count + member(stop.region) + member(stop.country) + member(stop.notes)
            }
        }
        return size
    }

    // MARK: The entities, keys in sorted order

    private mutating func write(_ file: TripFile) throws(NeedsFoundation) {
        append("{\n  \"trips\" : [\n")
        for (index, trip) in file.trips.enumerated() {
            if index > 0 { append(",\n") }
            indent(2)
            try write(trip, level: 2)
        }
        append("\n  ],\n  \"version\" : ")
        append(contentsOf: file.version.description)
        append("\n}\n")
    }

    private mutating func write(_ trip: Trip, level: Int) throws(NeedsFoundation) {
        guard trip.unknownFields.isEmpty else { return try writeThroughFoundation(trip, level: level) }
        var first = true
        pending.append(UInt8(ascii: "{"))
        key(TripField.id, level: level + 1, first: &first)
        uuid(trip.id)
        key(TripField.name, level: level + 1, first: &first)
        string(trip.name)
        if !trip.settings.isDefault {
            key(TripField.settings, level: level + 1, first: &first)
            try write(trip.settings, level: level + 1)
        }
        key(TripField.stops, level: level + 1, first: &first)
        pending.append(UInt8(ascii: "["))
        for (index, stop) in trip.stops.enumerated() {
            if index > 0 { pending.append(UInt8(ascii: ",")) }
            newline(level: level + 2)
            try write(stop, level: level + 2)
            if pending.count >= Self.batchSize { flush() }
        }
        if trip.stops.isEmpty { pending.append(UInt8(ascii: "\n")) }
        newline(level: level + 1)
        pending.append(UInt8(ascii: "]"))
        end(level: level)
    }

    private mutating func write(_ stop: Stop, level: Int) throws(NeedsFoundation) {
        guard stop.unknownFields.isEmpty, stop.locationUnknownFields.isEmpty else {
            return try writeThroughFoundation(stop, level: level)
        }
        var first = true
        pending.append(UInt8(ascii: "{"))
        if let country = stop.country {
            key(StopField.country, level: level + 1, first: &first)
            string(country)
        }
        key(StopField.id, level: level + 1, first: &first)
        uuid(stop.id)
        key(StopField.location, level: level + 1, first: &first)
        var firstInLocation = true
        pending.append(UInt8(ascii: "{"))
        key(LocationField.latitude, level: level + 2, first: &firstInLocation)
        try number(stop.location.latitude)
        key(LocationField.longitude, level: level + 2, first: &firstInLocation)
        try number(stop.location.longitude)
        end(level: level + 1)
        key(StopField.name, level: level + 1, first: &first)
        string(stop.name)
        if let notes = stop.notes {
            key(StopField.notes, level: level + 1, first: &first)
            string(notes)
        }
        if stop.overnight {
            key(StopField.overnight, level: level + 1, first: &first)
            append("true")
        }
        if let region = stop.region {
            key(StopField.region, level: level + 1, first: &first)
            string(region)
        }
        switch stop.stay {
        case .hours(let hours):
            key(StopField.stayHours, level: level + 1, first: &first)
            try number(hours)
        case .nights(let nights):
            key(StopField.stayNights, level: level + 1, first: &first)
            append(contentsOf: nights.description)
        case nil:
            break
        }
        end(level: level)
    }

    private mutating func write(_ settings: TripSettings, level: Int) throws(NeedsFoundation) {
        guard settings.unknownFields.isEmpty else { return try writeThroughFoundation(settings, level: level) }
        var first = true
        pending.append(UInt8(ascii: "{"))
        if let speed = settings.averageSpeedKmh {
            key(SettingsField.averageSpeedKmh, level: level + 1, first: &first)
            try number(speed)
        }
        if let currency = settings.currency {
            key(SettingsField.currency, level: level + 1, first: &first)
            string(currency)
        }
        if let limit = settings.dailyLimitHours {
            key(SettingsField.dailyLimitHours, level: level + 1, first: &first)
            try number(limit)
        }
        if let stay = settings.defaultStayHours {
            key(SettingsField.defaultStayHours, level: level + 1, first: &first)
            try number(stay)
        }
        if settings.endsBySunset {
            key(SettingsField.endsBySunset, level: level + 1, first: &first)
            append("true")
        }
        if let fuel = settings.fuel {
            key(SettingsField.fuel, level: level + 1, first: &first)
            string(fuel.rawValue)
        }
        if let use = settings.fuelLitresPer100Km {
            key(SettingsField.fuelLitresPer100Km, level: level + 1, first: &first)
            try number(use)
        }
        if let price = settings.fuelPricePerLitre {
            key(SettingsField.fuelPricePerLitre, level: level + 1, first: &first)
            try number(price)
        }
        if let budget = settings.nightlyBudget {
            key(SettingsField.nightlyBudget, level: level + 1, first: &first)
            try number(budget)
        }
        if let range = settings.rangeKm {
            key(SettingsField.rangeKm, level: level + 1, first: &first)
            try number(range)
        }
        if let reserve = settings.reservePercent {
            key(SettingsField.reservePercent, level: level + 1, first: &first)
            try number(reserve)
        }
        if let factor = settings.roadFactor {
            key(SettingsField.roadFactor, level: level + 1, first: &first)
            try number(factor)
        }
        if let route = settings.route {
            key(SettingsField.route, level: level + 1, first: &first)
            string(route.rawValue)
        }
        if let date = settings.startDate {
            key(SettingsField.startDate, level: level + 1, first: &first)
            string(date.description)
        }
        if let time = settings.startTime {
            key(SettingsField.startTime, level: level + 1, first: &first)
            string(time.description)
        }
        if let zone = settings.timeZone {
            key(SettingsField.timeZone, level: level + 1, first: &first)
            string(zone)
        }
        if let units = settings.units {
            key(SettingsField.units, level: level + 1, first: &first)
            string(units.rawValue)
        }
        if let vehicle = settings.vehicle {
            key(SettingsField.vehicle, level: level + 1, first: &first)
            string(vehicle.rawValue)
        }
        end(level: level)
    }

    /// JSONEncoder's bytes for `value`, each line after the first indented to `level` as it stands
    /// in the file (a string holds no raw line break, so every one is a line of the layout) except
    /// the empty line of an empty array or object, which has no indentation.
    private mutating func writeThroughFoundation(_ value: some Encodable, level: Int) throws(NeedsFoundation) {
        guard let encoded = try? JSONEncoder.deterministic().encode(value) else { throw NeedsFoundation() }
        var lineStart = false
        for byte in encoded {
            if lineStart, byte != UInt8(ascii: "\n") { indent(level) }
            pending.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
    }

    // MARK: Layout

    /// A line break and indentation, then `"name" : `; a comma first unless it is the first member.
    /// A field's key (TripFileFields.swift: the names the readers read), after a comma unless `first`.
    private mutating func key<Field: CodingKey>(_ field: Field, level: Int, first: inout Bool) {
        if !first { pending.append(UInt8(ascii: ",")) }
        first = false
        newline(level: level)
        pending.append(UInt8(ascii: "\""))
        append(contentsOf: field.stringValue)
        append("\" : ")
    }

    /// Closes an object whose members are at `level + 1`.
    private mutating func end(level: Int) {
        newline(level: level)
        pending.append(UInt8(ascii: "}"))
    }

    private mutating func newline(level: Int) {
        pending.append(UInt8(ascii: "\n"))
        indent(level)
    }

    /// Two spaces a level, a few levels at a time (the layout is most of the file's bytes).
    private mutating func indent(_ level: Int) {
        let spaces: StaticString = "                                "
        var remaining = 2 * level
        while remaining > 0 {
            let count = min(remaining, spaces.utf8CodeUnitCount)
            pending.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: count))
            remaining -= count
        }
    }

    // MARK: Values

    private mutating func string(_ text: String) {
        pending.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        pending.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x09: append("\\t")
        case 0x0A: append("\\n")
        case 0x0C: append("\\f")
        case 0x0D: append("\\r")
        default:
            append("\\u00")
            pending.append(Self.hexDigit(byte >> 4, uppercase: false))
            pending.append(Self.hexDigit(byte & 0xF, uppercase: false))
        }
    }

    /// Foundation refuses NaN and the infinities with an error naming the field: leave it to it.
    private mutating func number(_ value: Double) throws(NeedsFoundation) {
        guard value.isFinite else { throw NeedsFoundation() }
        var text = value.description
        text.withUTF8 { utf8 in
            let wholeNumber = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(wholeNumber ? utf8.count - 2 : utf8.count)]))
        }
    }

    /// `uuidString` in quotes, made on the stack and appended at once (a stop has two).
    private mutating func uuid(_ id: UUID) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
            var position = 0
            func put(_ byte: UInt8) {
                text[position] = byte
                position += 1
            }
            put(UInt8(ascii: "\""))
            withUnsafeBytes(of: id.uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { put(UInt8(ascii: "-")) }
                    put(Self.hexDigit(byte >> 4, uppercase: true))
                    put(Self.hexDigit(byte & 0xF, uppercase: true))
                }
            }
            put(UInt8(ascii: "\""))
            pending.append(contentsOf: text)
        }
    }

    private static func hexDigit(_ value: UInt8, uppercase: Bool) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
    }

    // MARK: Bytes

    private mutating func append(_ text: StaticString) {
        pending.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { pending.append(contentsOf: $0) }
    }

    private mutating func flush() {
        data.append(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
