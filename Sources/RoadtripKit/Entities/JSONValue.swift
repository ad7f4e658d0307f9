import Foundation

/// Any JSON value. Used to carry the fields a newer version of roadtrip wrote and this one does
/// not know, so that saving never drops them (SPEC §3).
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Number)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(.decimal(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(.double(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
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

extension JSONValue {
    /// A number with the value the file gave, not the nearest Double: an id like
    /// 12345678901234567890 must come back as written. `Decimal` holds 38 significant digits with
    /// exponents up to ±127 exactly; a number outside that exponent range (1e200) is kept as the
    /// Double it reads as, whose shortest form reads back the same.
    public enum Number: Equatable, Sendable {
        case decimal(Decimal)
        case double(Double)
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

/// The fields of a JSON object that its type does not model, kept as they were.
typealias UnknownFields = [String: JSONValue]

extension Decoder {
    /// Every field of the object being decoded except `known` ones.
    func unknownFields<Keys: CodingKey & CaseIterable>(besides known: Keys.Type) throws -> UnknownFields {
        let knownNames = Set(Keys.allCases.map(\.stringValue))
        let container = try container(keyedBy: AnyCodingKey.self)
        var fields: UnknownFields = [:]
        for key in container.allKeys where !knownNames.contains(key.stringValue) {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        return fields
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
