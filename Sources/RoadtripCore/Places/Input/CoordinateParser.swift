import Foundation

/// Reads coordinates typed by a user, latitude first unless hemisphere letters say otherwise:
/// "37.7749, -122.4194", "37.7749 -122.4194", "48.8566 N 2.3522 E", "33.8688S, 151.2093E",
/// "33°51′35″S 151°12′40″E", "33°51'35\"S 151°12'40\"E", "33 51 35 S 151 12 40 E".
package enum CoordinateParser {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case latitudeOutOfRange(Double)
        case longitudeOutOfRange(Double)
        case minutesOrSecondsOutOfRange(String)

        package var description: String {
            switch self {
            case .unreadable(let text):
                return
                    "“\(text)” are not coordinates; type latitude and longitude, as in “36.6002, -121.8947”, “36.6002 N 121.8947 W” or “36°36′1″N 121°53′41″W”."
            case .latitudeOutOfRange(let value):
                return "Latitude \(value) is out of range: it must be between -90 and 90."
            case .longitudeOutOfRange(let value):
                return "Longitude \(value) is out of range: it must be between -180 and 180."
            case .minutesOrSecondsOutOfRange(let text):
                return "“\(text)” has minutes or seconds of 60 or more."
            }
        }
    }

    /// Whether `text` is meant as coordinates rather than a place name: it starts with a digit or
    /// a sign, or with a hemisphere letter directly followed by a digit ("N36.6").
    package static func looksLikeCoordinates(_ text: String) -> Bool {
        let characters = Array(text.trimmingCharacters(in: .whitespaces))
        guard let first = characters.first else { return false }
        if first.isNumber || first == "-" || first == "+" { return true }
        return "NSEWnsew".contains(first) && characters.count > 1 && characters[1].isNumber
    }

    package static func parse(_ text: String) throws(Failure) -> Coordinate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let (first, second) = split(normalizedSymbols(trimmed)) else { throw .unreadable(trimmed) }
        let (latitude, longitude) = try order(first, second, text: trimmed)
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    // MARK: Steps

    /// One axis: a signed angle and the hemisphere letter it came with, if any.
    struct Axis: Equatable {
        var degrees: Double
        var hemisphere: Character?
        var hasExcessMinutes = false
    }

    /// Minute and second marks in their many spellings become ' and "; degree marks become °,
    /// the ASCII ones too ("36d36'1\"N", "36.6 deg N", "36 degrees"), which is how the program
    /// writes ° where the locale has only ASCII: what it prints can be typed back.
    static func normalizedSymbols(_ text: String) -> String {
        var result = text.uppercased()
        for (symbols, replacement) in [(["′", "’", "‘", "´"], "'"), (["″", "”", "“", "''"], "\""), (["º", "˚"], "°")] {
            for symbol in symbols { result = result.replacingOccurrences(of: symbol, with: replacement) }
        }
        return result.replacing(asciiDegreeMark) { "\($0.1)°" }
    }

    /// "D", "DEG" or "DEGREES" right after a number and before a number, a mark, a hemisphere,
    /// a comma or the end.
    nonisolated(unsafe) static let asciiDegreeMark = /([0-9.]) ?(?:DEGREES?|DEG|D)(?=[0-9 '",NSEW]|$)/

    /// Splits into the two axes: at a comma, else at the first place where both halves read.
    static func split(_ text: String) -> (Axis, Axis)? {
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = axis(String(parts[0])), let second = axis(String(parts[1])) else { return nil }
            return (first, second)
        }
        let tokens = text.split(separator: " ").map(String.init)
        guard tokens.count >= 2 else { return nil }
        for cut in 1..<tokens.count {
            if let first = axis(tokens[..<cut].joined(separator: " ")), let second = axis(tokens[cut...].joined(separator: " ")) {
                return (first, second)
            }
        }
        return nil
    }

    /// Reads "-33.8688", "33.8688 S", "S33.8688", "33°51′35″S", "33 51 35 S", "33°51.58′".
    static func axis(_ text: String) -> Axis? {
        var body = text.trimmingCharacters(in: .whitespaces)
        var hemisphere: Character?
        if let last = body.last, "NSEW".contains(last) {
            hemisphere = last
            body.removeLast()
        } else if let first = body.first, "NSEW".contains(first) {
            hemisphere = first
            body.removeFirst()
        }
        body = body.trimmingCharacters(in: .whitespaces)
        var sign = 1.0
        if let first = body.first, first == "-" || first == "+" {
            if hemisphere != nil { return nil } // "-33 S" says the sign twice
            sign = first == "-" ? -1 : 1
            body.removeFirst()
        }
        guard let parts = components(body) else { return nil }
        let (degrees, minutes, seconds) = parts
        if hemisphere == "S" || hemisphere == "W" { sign = -1 }
        let value = degrees + minutes / 60 + seconds / 3600
        return Axis(degrees: sign * value, hemisphere: hemisphere, hasExcessMinutes: minutes >= 60 || seconds >= 60)
    }

    /// Degrees, minutes and seconds: up to three numbers, each optionally followed by its mark
    /// (° ' "). Only the last number may have a fraction.
    static func components(_ text: String) -> (Double, Double, Double)? {
        var numbers: [(value: Double, text: String)] = []
        var current = ""
        func flush() -> Bool {
            guard !current.isEmpty else { return true }
            guard let value = Double(current), value.isFinite, !current.hasPrefix("-"), !current.hasPrefix("+") else { return false }
            numbers.append((value, current))
            current = ""
            return true
        }
        for character in text {
            if character.isNumber || character == "." {
                current.append(character)
            } else if character == "°" || character == "'" || character == "\"" || character == " " {
                guard flush() else { return nil }
            } else {
                return nil
            }
        }
        guard flush(), (1...3).contains(numbers.count) else { return nil }
        guard numbers.dropLast().allSatisfy({ !$0.text.contains(".") }) else { return nil }
        let values = numbers.map(\.value) + Array(repeating: 0, count: 3 - numbers.count)
        return (values[0], values[1], values[2])
    }

    /// Latitude and longitude from two axes: by their letters when they have them, else in order.
    static func order(_ first: Axis, _ second: Axis, text: String) throws(Failure) -> (Double, Double) {
        if first.hasExcessMinutes || second.hasExcessMinutes { throw .minutesOrSecondsOutOfRange(text) }
        let isLatitude: (Axis) -> Bool? = { axis in axis.hemisphere.map { $0 == "N" || $0 == "S" } }
        switch (isLatitude(first), isLatitude(second)) {
        case (true?, true?), (false?, false?): throw .unreadable(text)
        case (false?, _), (_, true?): return (second.degrees, first.degrees)
        default: return (first.degrees, second.degrees)
        }
    }
}
