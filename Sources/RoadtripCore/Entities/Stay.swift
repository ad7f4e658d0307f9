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

    /// The file's names of the two ways to give a stay.
    package static let hoursField = "stayHours", nightsField = "stayNights"

    /// The stay a file gives as `stayHours` or `stayNights` (not both); `failure` makes the error
    /// that names what is wrong, at the field it is about.
    package static func decode(hours: Double?, nights: Double?, failure: (_ field: String, _ reason: String) -> DecodingError) throws -> Stay? {
        switch (hours, nights) {
        case (nil, nil):
            return nil
        case (let hours?, nil):
            guard hoursRange.contains(hours) else { throw failure(hoursField, "stayHours must be a number of hours from 0 to 240, found \(hours)") }
            return .hours(hours)
        case (nil, let nights?):
            // Int(exactly:) is nil for a fraction, NaN or a number no Int holds (1e300): never a trap.
            guard let whole = Int(exactly: nights), nightsRange.contains(whole) else {
                throw failure(nightsField, "stayNights must be a whole number of nights from 1 to 365, found \(nights)")
            }
            return .nights(whole)
        case (_?, _?):
            throw failure(nightsField, "a stop gives stayHours or stayNights, not both")
        }
    }
}
