import Foundation

/// Any JSON value. Used to carry the fields a newer version of roadtrip wrote and this one does
/// not know, so that saving never drops them (SPEC §3).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Number)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// A number with the value the file gave, not the nearest Double: an id like
    /// 12345678901234567890 must come back as written. `Decimal` holds 38 significant digits with
    /// exponents up to ±127 exactly; a number outside that exponent range (1e200) is kept as the
    /// Double it reads as, whose shortest form reads back the same.
    package enum Number: Equatable, Sendable {
        case decimal(Decimal)
        case double(Double)
    }
}

/// The fields of a JSON object that its type does not model, kept as they were.
package typealias UnknownFields = [String: JSONValue]
