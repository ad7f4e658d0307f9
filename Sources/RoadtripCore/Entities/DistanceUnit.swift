import Foundation

/// The unit distances are shown in: `--units`, else the locale (SPEC §6: miles for en_US).
package enum DistanceUnit: String, CaseIterable, Sendable {
    case km
    case mi

    package var meters: Double {
        switch self {
        case .km: return 1000
        case .mi: return 1609.344
        }
    }

    /// Miles when the locale of measurements is US English, kilometers otherwise.
    package static func preferred(environment: [String: String]) -> DistanceUnit {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("en_US") ? .mi : .km
    }

    /// "1,234 km", "42.5 mi": one decimal below 100, whole numbers with thousands separators above.
    /// A distance no trip can have (NaN, infinite, more than an Int holds) is "—", not a trap.
    package func format(meters: Double) -> String {
        let value = meters / self.meters
        if value < 99.95 {
            return value.fixed(1) + " " + rawValue
        }
        guard let whole = Int(exactly: value.rounded()) else { return "—" }
        return "\(Self.grouped(whole)) \(rawValue)"
    }

    /// The distance `format(meters:)` shows, back in meters (to a tenth below 100, else whole):
    /// what a sum or a difference of shown figures is made of, so that it adds up as printed.
    package func shown(meters: Double) -> Double {
        let value = meters / self.meters
        guard value.isFinite else { return meters }
        return (value < 99.95 ? (value * 10).rounded() / 10 : value.rounded()) * self.meters
    }

    /// "1,234,567": digits in groups of three. Written straight into the string: a trip screen
    /// formats a leg and a total for every row it shows, on every frame.
    package static func grouped(_ number: Int) -> String {
        let magnitude = number.magnitude // abs(Int.min) would trap
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = (number < 0 ? 1 : 0) + digits + (digits - 1) / 3
        return String(unsafeUninitializedCapacity: length) { text in
            var (position, rest) = (length, magnitude)
            for written in 0..<digits {
                if written > 0, written % 3 == 0 {
                    position -= 1
                    text[position] = UInt8(ascii: ",")
                }
                position -= 1
                text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            if number < 0 { text[0] = UInt8(ascii: "-") }
            return length
        }
    }
}

extension DistanceUnit {
    /// "km/h" or "mph".
    package var speedSymbol: String {
        switch self {
        case .km: return "km/h"
        case .mi: return "mph"
        }
    }
}

extension DistanceUnit {
    /// The meters of a typed distance: "2 km", "500m", "1.5 mi", or a number alone in this unit;
    /// nil for anything else, or a distance below zero.
    package func meters(parsing text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number), value >= 0 else { return nil }
        switch trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces) {
        case "": return value * meters
        case "m": return value
        case "km": return value * 1_000
        case "mi": return value * DistanceUnit.mi.meters
        default: return nil
        }
    }
}

extension DistanceUnit {
    /// A speed in km/h as this unit's speed (km/h or mph).
    package func speed(kmh: Double) -> Double {
        kmh * 1000 / meters
    }

    /// This unit's speed (km/h or mph) in km/h.
    package func kmh(speed: Double) -> Double {
        speed * meters / 1000
    }
}

extension DistanceUnit {
    /// Litres in a US gallon, which mpg and a price a gallon count in.
    static let litresPerGallon = 3.785411784

    /// "l/100 km" or "mpg".
    package var fuelUseSymbol: String { self == .mi ? "mpg" : "l/100 km" }

    /// Fuel use in this unit's measure: l/100 km as it is, or miles per US gallon.
    package func fuelUse(litresPer100Km: Double) -> Double {
        self == .mi ? 100 * Self.litresPerGallon / (litresPer100Km * meters / 1000) : litresPer100Km
    }

    /// Fuel use typed in this unit's measure, in l/100 km (mpg and l/100 km are each other's inverse).
    package func litresPer100Km(fuelUse: Double) -> Double {
        self == .mi ? 100 * Self.litresPerGallon / (fuelUse * meters / 1000) : fuelUse
    }

    /// A price a litre, shown a gallon in miles.
    package func fuelPrice(perLitre price: Double) -> Double {
        self == .mi ? price * Self.litresPerGallon : price
    }

    /// A price typed a gallon (in miles) or a litre, a litre.
    package func perLitre(fuelPrice price: Double) -> Double {
        self == .mi ? price / Self.litresPerGallon : price
    }
}
