import Foundation

/// Sunrise and sunset on one local calendar day at one place, computed offline with NOAA's solar
/// position algorithm (the one behind NOAA's Solar Calculator: Julian century, geometric mean
/// longitude/anomaly, equation of centre, apparent longitude, obliquity, declination, equation of
/// time, hour angle for a zenith of 90.833°).
package enum SunTimes: Equatable, Sendable {
    case risesAndSets(sunrise: Date, sunset: Date)
    case alwaysUp // midnight sun
    case alwaysDown // polar night

    /// The sun's times at `coordinate` on the calendar day `day` (year, month, day) as lived in
    /// `timeZone`: the sunrise and sunset that fall on that local date (the solar noon of that
    /// local date is the anchor).
    ///
    /// Anchoring on solar noon keeps sunrise before sunset: where the sun sets just after
    /// midnight (Reykjavik in late June) that sunset, on the next date, still closes this day.
    package static func on(_ day: LocalDay, at coordinate: Coordinate, in timeZone: TimeZone) -> SunTimes {
        let noon = SolarNoon(nearest: day.instant(hour: 12, minute: 0, in: timeZone), longitude: coordinate.longitude)
        switch SolarPosition(at: noon.instant).hourAngle(latitude: coordinate.latitude, zenith: zenith) {
        case .neverBelow: return .alwaysUp
        case .neverAbove: return .alwaysDown
        case .degrees(let halfDay):
            let sunrise = noon.event(hourAngle: -halfDay, latitude: coordinate.latitude, zenith: zenith)
            let sunset = noon.event(hourAngle: halfDay, latitude: coordinate.latitude, zenith: zenith)
            return .risesAndSets(sunrise: sunrise, sunset: sunset)
        }
    }

    /// 90° to the horizon, plus 34′ of refraction at the horizon and 16′ for the sun's upper limb.
    static let zenith = 90.833

    package var sunrise: Date? {
        if case .risesAndSets(let sunrise, _) = self { return sunrise }
        return nil
    }

    package var sunset: Date? {
        if case .risesAndSets(_, let sunset) = self { return sunset }
        return nil
    }

    /// Whether `instant` is between sunset and sunrise at this place on this day (true all day for
    /// .alwaysDown, never for .alwaysUp): before sunrise or after sunset, to the minute, as both
    /// are shown. Leaving at 09:00 with the sun up at 09:00:30 (shown "sun 09:00–15:21") is not
    /// leaving in the dark, and arriving at 15:21:40 is not arriving after a 15:21 sunset.
    package func isDark(at instant: Date) -> Bool {
        switch self {
        case .risesAndSets(let sunrise, let sunset): return Self.minute(instant) < Self.minute(sunrise) || Self.minute(instant) > Self.minute(sunset)
        case .alwaysUp: return false
        case .alwaysDown: return true
        }
    }

    /// Whether `instant` is after sunset, to the minute shown; never where the sun does not set.
    package func isAfterSunset(_ instant: Date) -> Bool {
        sunset.map { Self.minute(instant) > Self.minute($0) } ?? false
    }

    /// The minute an instant is shown in (every zone in use is whole minutes from UTC).
    private static func minute(_ instant: Date) -> Double {
        (instant.timeIntervalSince1970 / 60).rounded(.down)
    }
}
