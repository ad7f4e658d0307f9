import Foundation

/// The moment the sun crosses the meridian at one longitude, on one UTC day, and the sunrise and
/// sunset around it.
///
/// NOAA's calculator counts events in minutes from a UTC midnight: solar noon at 720 − 4·longitude
/// − equation of time. Counting from the one UTC midnight whose noon is nearest the local clock's
/// noon keeps every event on the local day, even at Apia or Kiritimati where the clock runs a day
/// ahead of the sun.
struct SolarNoon: Sendable {
    /// Seconds from 1970 to the UTC midnight the minutes are counted from.
    let midnight: Double
    let longitude: Double
    let instant: Date

    init(nearest clockNoon: Date, longitude: Double) {
        let utcDay = (clockNoon.timeIntervalSince1970 / 86_400).rounded(.down)
        let candidates = [utcDay - 1, utcDay, utcDay + 1].map { day in
            SolarNoon(midnight: day * 86_400, longitude: longitude)
        }
        let distance = { (noon: SolarNoon) in abs(noon.instant.timeIntervalSince(clockNoon)) }
        // Three consecutive noons a day apart: one of them is within half a day of any instant.
        self = candidates.min { distance($0) < distance($1) } ?? candidates[1]
    }

    private init(midnight: Double, longitude: Double) {
        self.midnight = midnight
        self.longitude = longitude
        // Solar noon moves with the equation of time, so read it at a first guess of noon and again.
        var instant = Date(timeIntervalSince1970: midnight + (720 - 4 * longitude) * 60)
        for _ in 0..<2 {
            instant = Self.minutes(720 - 4 * longitude - SolarPosition(at: instant).equationOfTime, after: midnight)
        }
        self.instant = instant
    }

    /// The instant the sun is `hourAngle` degrees past the meridian (negative: before, rising) at
    /// the given zenith distance. The sun moves while it rises, so the declination and equation of
    /// time are read again at each estimate; where the sun only just reaches the horizon and the
    /// later estimate finds that it does not, the earlier one stands.
    func event(hourAngle: Double, latitude: Double, zenith: Double) -> Date {
        let atNoon = SolarPosition(at: instant)
        var estimate = Self.minutes(720 - 4 * (longitude - hourAngle) - atNoon.equationOfTime, after: midnight)
        for _ in 0..<3 {
            let position = SolarPosition(at: estimate)
            guard case .degrees(let halfDay) = position.hourAngle(latitude: latitude, zenith: zenith) else { break }
            let signed = hourAngle < 0 ? -halfDay : halfDay
            estimate = Self.minutes(720 - 4 * (longitude - signed) - position.equationOfTime, after: midnight)
        }
        return estimate
    }

    private static func minutes(_ minutes: Double, after midnight: Double) -> Date {
        Date(timeIntervalSince1970: midnight + minutes * 60)
    }
}
