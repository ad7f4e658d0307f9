import Foundation
import RoadtripCore

/// A stop's stay and night mark as the name/value pairs every export writes them as (GPX
/// extensions, GeoJSON properties, KML ExtendedData): the names of the data file, so that one
/// word means one thing everywhere.
enum StopStay {
    static let stayHours = "stayHours", stayNights = "stayNights", overnight = "overnight"

    /// The pairs of a stop, in this order; none for a stop without a stay or a night mark.
    static func fields(of stop: Stop) -> [(name: String, value: String)] {
        var fields: [(String, String)] = []
        switch stop.stay {
        case .hours(let hours): fields.append((stayHours, DecimalDegrees.number(hours)))
        case .nights(let nights): fields.append((stayNights, String(nights)))
        case nil: break
        }
        if stop.overnight { fields.append((overnight, "true")) }
        return fields
    }

    /// The stay given as text by an import, checked against the ranges the planner takes; the
    /// error is a reason to report ("stayNights must be …").
    static func stay(hours: String?, nights: String?) -> Result<Stay?, ImportProblem> {
        switch (hours.map(trimmed), nights.map(trimmed)) {
        case (nil, nil):
            return .success(nil)
        case (let hours?, nil):
            guard let value = Double(hours), Stay.hoursRange.contains(value) else {
                return .failure(ImportProblem("stayHours must be a number of hours from 0 to 240, found “\(hours)”"))
            }
            return .success(.hours(value))
        case (nil, let nights?):
            guard let value = Int(nights), Stay.nightsRange.contains(value) else {
                return .failure(ImportProblem("stayNights must be a whole number of nights from 1 to 365, found “\(nights)”"))
            }
            return .success(.nights(value))
        case (_?, _?):
            return .failure(ImportProblem("a stop gives stayHours or stayNights, not both"))
        }
    }

    /// `true`/`false` (and XML Schema's `1`/`0`).
    static func overnight(_ text: String?) -> Result<Bool, ImportProblem> {
        switch text.map(trimmed) {
        case nil, "false", "0": return .success(false)
        case "true", "1": return .success(true)
        case let other?: return .failure(ImportProblem("overnight must be true or false, found “\(other)”"))
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
