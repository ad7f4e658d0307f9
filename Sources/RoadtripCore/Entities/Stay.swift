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
}
