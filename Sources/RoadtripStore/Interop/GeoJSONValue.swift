/// Any JSON value, for reading GeoJSON, whose shape depends on its `type` fields. Numbers are
/// Doubles, not the exact decimals of `JSONValue` (which keeps unknown fields of the data file):
/// coordinates need no more, and a long line is read several times faster.
enum GeoJSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([GeoJSONValue])
    case object([String: GeoJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool first: Foundation would read true as the number 1.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([GeoJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: GeoJSONValue].self))
        }
    }

    /// What a reader would call the value, for errors ("expected an array, found a string").
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A value decoded and thrown away, to learn an object's field names without building its values.
struct IgnoredJSONValue: Decodable {
    init(from decoder: any Decoder) throws {}
}
