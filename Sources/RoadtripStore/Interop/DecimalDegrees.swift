import Foundation

/// Coordinates written as plain decimals (no exponent, which `xsd:decimal` and KML do not take),
/// with 9 decimals — about 0.1 mm, so that a file read back gives the same point to far better
/// than 1e-6° — and trailing zeros dropped down to 7.
enum DecimalDegrees {
    static func text(_ degrees: Double) -> String {
        var text = String(format: "%.9f", degrees)
        for _ in 0..<2 where text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// GPX's longitude type runs from -180 inclusive to 180 exclusive: 180°, the same meridian,
    /// is written as -180°.
    static func gpxLongitude(_ longitude: Double) -> String {
        text(longitude == 180 ? -180 : longitude)
    }

    /// The hours of a stay as the shortest text that reads back as the same number (a third of
    /// an hour keeps all its digits); whole numbers without ".0".
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
