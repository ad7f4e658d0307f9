import Foundation

/// Reads coordinates typed by a user: "37.7749, -122.4194", "37.7749 -122.4194",
/// "48.8566 N 2.3522 E", "33.8688S, 151.2093E". Latitude first.
public enum CoordinateParser {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case latitudeOutOfRange(Double)
        case longitudeOutOfRange(Double)

        public var description: String {
            switch self {
            case .unreadable(let text):
                return "“\(text)” are not coordinates; type latitude and longitude, as in “36.6002, -121.8947” or “36.6002 N 121.8947 W”."
            case .latitudeOutOfRange(let value):
                return "Latitude \(value) is out of range: it must be between -90 and 90."
            case .longitudeOutOfRange(let value):
                return "Longitude \(value) is out of range: it must be between -180 and 180."
            }
        }
    }

    public static func parse(_ text: String) throws(Failure) -> Coordinate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = components(of: trimmed)
        guard parts.count == 2,
              let latitude = signedValue(parts[0], positive: "N", negative: "S"),
              let longitude = signedValue(parts[1], positive: "E", negative: "W")
        else { throw .unreadable(trimmed) }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Splits into a number with its hemisphere letter, per axis: at a comma, else at spaces
    /// (a letter after a number stays with it).
    private static func components(of text: String) -> [String] {
        if text.contains(",") {
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        var result: [String] = []
        for token in text.split(separator: " ") {
            if token.count == 1, let letter = token.first, "NSEWnsew".contains(letter), let last = result.last, Double(last) != nil {
                result[result.count - 1] = last + String(letter)
            } else {
                result.append(String(token))
            }
        }
        return result
    }

    private static func signedValue(_ text: String, positive: Character, negative: Character) -> Double? {
        var number = text.replacingOccurrences(of: "°", with: "").trimmingCharacters(in: .whitespaces)
        var sign = 1.0
        if let last = number.last?.uppercased().first, last == positive || last == negative {
            sign = last == negative ? -1 : 1
            number = String(number.dropLast()).trimmingCharacters(in: .whitespaces)
            if number.hasPrefix("-") { return nil }
        }
        guard let value = Double(number), value.isFinite else { return nil }
        return sign * value
    }
}
