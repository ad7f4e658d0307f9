import Foundation
import RoadtripCore

// What the trips file's Codable conformances share: the values of fields no type models
// (`JSONValue`), kept and written back as they were, and the reading of an object through one
// container of any keys. The entities know nothing of the file; this folder does.

/// Any JSON value as the file holds it: a number as the exact Decimal it was written as when
/// one holds it (else its Double), so that saving gives back what was read.
extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(.decimal(value))
        } else if let value = try? container.decode(Double.self) {
            // Zero is a Decimal whatever its exponent (0e200 is refused as one), so that it reads
            // back the same once saved as `0`.
            self = .number(value == 0 ? .decimal(0) : .double(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(.decimal(let value)): try container.encode(value)
        case .number(.double(let value)): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A coding key for any field name.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Every field of the object being decoded except `known` ones.
    func unknownFields<Keys: CodingKey & CaseIterable>(besides known: Keys.Type) throws -> UnknownFields {
        try container(keyedBy: AnyCodingKey.self).unknownFields(besides: known)
    }
}

extension AnyCodingKey {
    init<Key: CodingKey>(_ key: Key) {
        self.init(stringValue: key.stringValue)
    }
}

/// Decoding an object through one container of any keys: the entities read their known fields
/// and then the rest from the same container, instead of opening the object again for the rest
/// (which cost as much as reading it).
extension KeyedDecodingContainer where K == AnyCodingKey {
    func value<T: Decodable, Key: CodingKey>(_ type: T.Type, at key: Key) throws -> T {
        try decode(type, forKey: AnyCodingKey(key))
    }

    func valueIfPresent<T: Decodable, Key: CodingKey>(_ type: T.Type, at key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: AnyCodingKey(key))
    }

    /// An id: its usual form read directly, any other Foundation takes read by Foundation. A
    /// string neither takes gets a sentence of ours: Foundation's ("Attempted to decode UUID from
    /// invalid UUID string.") says neither what an id looks like nor what was found.
    func id<Key: CodingKey>(at key: Key) throws -> UUID {
        let text = try decode(String.self, forKey: AnyCodingKey(key))
        if let id = UUID(hyphenatedHex: text) ?? UUID(uuidString: text) { return id }
        throw DecodingError.dataCorruptedError(
            forKey: AnyCodingKey(key), in: self,
            debugDescription:
                "\(key.stringValue) must be a UUID, 32 hexadecimal digits written 8-4-4-4-12 (8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01), found \(TripText.quoted(text))"
        )
    }

    /// Every field except `known` ones.
    func unknownFields<Keys: CodingKey>(besides known: Keys.Type) throws -> UnknownFields {
        var fields: UnknownFields = [:]
        for key in allKeys where Keys(stringValue: key.stringValue) == nil {
            fields[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return fields
    }
}

extension UUID {
    /// The 8-4-4-4-12 hexadecimal form, in either case, as `UUID(uuidString:)` reads it (which
    /// goes through `sscanf` and cost a tenth of loading a large file).
    init?(hyphenatedHex text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        var position = 0
        for character in text.utf8 {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard position == 36, bytes.count == 16 else { return nil }
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension Encoder {
    func encodeUnknownFields(_ fields: UnknownFields) throws {
        guard !fields.isEmpty else { return }
        var container = container(keyedBy: AnyCodingKey.self)
        for (name, value) in fields {
            try container.encode(value, forKey: AnyCodingKey(stringValue: name))
        }
    }
}
