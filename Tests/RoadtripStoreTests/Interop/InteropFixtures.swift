import Foundation
@testable import RoadtripCore
import RoadtripTestSupport

/// Trips with everything an export must carry through: markup characters, quotes, emoji, CJK,
/// line breaks, stays of both kinds, and coordinates at the ends of their ranges.
enum InteropFixtures {
    static let now = Date(timeIntervalSince1970: 1_782_900_000) // 2026-07-01T10:00:00Z

    static func stop(
        _ name: String, _ latitude: Double, _ longitude: Double, notes: String? = nil, stay: Stay? = nil,
        overnight: Bool = false
    ) -> Stop {
        var stop = Stop(name: name, location: Coordinate(latitude: latitude, longitude: longitude), notes: notes)
        stop.stay = stay
        stop.overnight = overnight
        return stop
    }

    static let tricky = Trip(
        name: #"Fish & Chips <"Tour"> 'été' 🚗"#,
        stops: [
            stop("Ben & Jerry's <HQ>", 44.3311, -72.7515, notes: "Ice \"cream\"\nsecond line\r\nthird", stay: .hours(1.5)),
            stop("東京 🗼", 35.6812362, 139.7671248, notes: "  spaced\tout  ", stay: .nights(2), overnight: true),
            stop("Line\nbreak", -33.868820123, 151.209295987, stay: .hours(1.0 / 3)),
            stop("North Pole", 90, 0),
            stop("South Pole", -90, -179.999999999),
            stop("Date line east", 12.3456789, 180, overnight: true),
            stop("Date line west", -12.3456789, -180),
        ])

    static let plain = Trip(
        name: "Pacific Coast Drive",
        stops: [
            stop("Monterey", 36.6002, -121.8947),
            stop("Carmel-by-the-Sea", 36.5552, -121.9233, notes: "Lunch"),
            stop("Big Sur", 36.2704, -121.8081, stay: .nights(1)),
        ])

    static let empty = Trip(name: "Nothing yet")
    static let single = Trip(name: "One stop", stops: [stop("Alone", 1, 2)])

    /// Writes `data` to a new file in `directory`.
    static func write(_ data: Data, _ name: String, in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file(name)
        try data.write(to: url)
        return url
    }

    /// The same meridian: ±180° are one line, and GPX writes 180° as -180°.
    static func sameLongitude(_ a: Double, _ b: Double) -> Bool {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference) < 1e-6
    }

    /// Whether imported stops are the trip's: names, notes, stays, night marks, and coordinates
    /// within 1e-6°.
    static func sameStops(_ imported: [Stop], _ original: [Stop]) -> Bool {
        guard imported.count == original.count else { return false }
        return zip(imported, original).allSatisfy { got, want in
            got.name == want.name && got.notes == want.notes && got.stay == want.stay && got.overnight == want.overnight
                && abs(got.location.latitude - want.location.latitude) < 1e-6
                && sameLongitude(got.location.longitude, want.location.longitude)
        }
    }
}
