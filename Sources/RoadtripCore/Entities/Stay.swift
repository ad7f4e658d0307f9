import Foundation

/// How long a trip stays at a stop: some hours (a visit, a meal) before driving on, or a number
/// of nights (which ends the day there, and leaves whole days without driving after the first).
package enum Stay: Equatable, Sendable {
    case hours(Double)
    case nights(Int)

    package static let hoursRange = 0.0...240.0
    package static let nightsRange = 1...365

    /// The nights spent at the stop: those of the stay, else one when the day ends there.
    package static func nights(_ stay: Stay?, overnight: Bool) -> Int {
        if case .nights(let nights) = stay { return nights }
        return overnight ? 1 : 0
    }

    /// The stay a file gives as `stayHours` or `stayNights` (not both); `failure` makes the error
    /// that names what is wrong.
    package static func decode(hours: Double?, nights: Double?, failure: (String) -> DecodingError) throws -> Stay? {
        switch (hours, nights) {
        case (nil, nil):
            return nil
        case (let hours?, nil):
            guard hoursRange.contains(hours) else { throw failure("stayHours must be a number of hours from 0 to 240, found \(hours)") }
            return .hours(hours)
        case (nil, let nights?):
            guard nights.rounded() == nights, nightsRange.contains(Int(exactly: nights) ?? 0) else {
                throw failure("stayNights must be a whole number of nights from 1 to 365, found \(nights)")
            }
            return .nights(Int(nights))
        case (_?, _?):
            throw failure("a stop gives stayHours or stayNights, not both")
        }
    }
}
