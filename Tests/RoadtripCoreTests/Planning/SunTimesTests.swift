import Foundation
@testable import RoadtripCore
import Testing

/// One day at one place worked out by astral. The cases are in SunReference.swift beside this
/// file, written by Scripts/sun-reference.py.
struct SunReferenceCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case risesAndSets(sunrise: String, sunset: String)
        case alwaysUp, alwaysDown
    }

    var label: String
    var coordinate: Coordinate
    var zone: String
    var day: String
    var expected: Expected

    var testDescription: String { label }

    init(
        _ label: String, _ latitude: Double, _ longitude: Double, _ zone: String, _ day: String,
        sunrise: String, sunset: String
    ) {
        self.init(label, latitude, longitude, zone, day, .risesAndSets(sunrise: sunrise, sunset: sunset))
    }

    init(_ label: String, _ latitude: Double, _ longitude: Double, _ zone: String, _ day: String, _ expected: Expected) {
        self.label = label
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        self.zone = zone
        self.day = day
        self.expected = expected
    }
}

@Suite struct SunTimesTests {
    private static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    private static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    private static func times(_ day: String, _ latitude: Double, _ longitude: Double, _ zone: String) throws -> SunTimes {
        SunTimes.on(
            try #require(LocalDay(iso: day)), at: Coordinate(latitude: latitude, longitude: longitude),
            in: try Self.zone(zone))
    }

    /// NOAA's algorithm is good to about a minute; two minutes leaves room for the two
    /// implementations' different refraction and iteration, not for a wrong day or sign.
    @Test(arguments: SunReferenceCase.all)
    func agreesWithTheReference(_ reference: SunReferenceCase) throws {
        let times = try Self.times(reference.day, reference.coordinate.latitude, reference.coordinate.longitude, reference.zone)
        switch reference.expected {
        case .alwaysUp: #expect(times == .alwaysUp)
        case .alwaysDown: #expect(times == .alwaysDown)
        case .risesAndSets(let sunriseText, let sunsetText):
            let sunrise = try #require(times.sunrise), sunset = try #require(times.sunset)
            #expect(abs(sunrise.timeIntervalSince(try Self.utc(sunriseText))) <= 120)
            #expect(abs(sunset.timeIntervalSince(try Self.utc(sunsetText))) <= 120)
        }
    }

    /// The sunrise of a local date is on that date, wherever the clock stands against the sun.
    @Test(arguments: SunReferenceCase.all)
    func sunriseFallsOnTheLocalDateBeforeSunset(_ reference: SunReferenceCase) throws {
        let times = try Self.times(reference.day, reference.coordinate.latitude, reference.coordinate.longitude, reference.zone)
        guard let sunrise = times.sunrise, let sunset = times.sunset else { return }
        #expect(LocalDay(sunrise, in: try Self.zone(reference.zone)).description == reference.day)
        #expect(sunrise < sunset)
    }

    /// By hand: at the March equinox on the equator the sun is up half a day plus the time it takes
    /// to cross 2 × 0.833° (about 3.3 minutes each side), centred on solar noon, which the equation
    /// of time (about −7.5 minutes on 20 March) puts at 12:07:30 UTC on the Greenwich meridian.
    @Test func equatorAtTheEquinoxByHand() throws {
        let times = try Self.times("2026-03-20", 0, 0, "UTC")
        let sunrise = try #require(times.sunrise), sunset = try #require(times.sunset)
        let noon = sunrise.addingTimeInterval(sunset.timeIntervalSince(sunrise) / 2)
        #expect(abs(noon.timeIntervalSince(try Self.utc("2026-03-20T12:07:30Z"))) < 60)
        #expect(abs(sunset.timeIntervalSince(sunrise) - (12 * 3_600 + 2 * 3.3 * 60)) < 60)
    }

    /// Reykjavik's clock is UTC, 1 h 28 min ahead of its sun: on the solstice the sun sets a few
    /// minutes after midnight, and that sunset still closes the 21st.
    @Test func aSunsetAfterMidnightBelongsToTheDayBefore() throws {
        let times = try Self.times("2026-06-21", 64.1466, -21.9426, "Atlantic/Reykjavik")
        let sunset = try #require(times.sunset)
        #expect(LocalDay(sunset, in: try Self.zone("Atlantic/Reykjavik")) == LocalDay(year: 2026, month: 6, day: 22))
        #expect(!times.isDark(at: try Self.utc("2026-06-21T23:59:00Z")))
    }

    @Test func darkBeforeSunriseAndAfterSunsetOnly() throws {
        let times = try Self.times("2026-07-04", 25.7617, -80.1918, "America/New_York")
        let sunrise = try #require(times.sunrise), sunset = try #require(times.sunset)
        #expect(times.isDark(at: sunrise.addingTimeInterval(-60)))
        #expect(!times.isDark(at: sunrise.addingTimeInterval(60)))
        #expect(!times.isDark(at: try Self.utc("2026-07-04T17:00:00Z")))
        #expect(!times.isDark(at: sunset.addingTimeInterval(-60)))
        #expect(times.isDark(at: sunset.addingTimeInterval(60)))
    }

    @Test func polarDaysHaveNoTimesAndOneLight() throws {
        let midnightSun = try Self.times("2026-06-21", 69.6492, 18.9553, "Europe/Oslo")
        let polarNight = try Self.times("2026-12-21", 69.6492, 18.9553, "Europe/Oslo")
        #expect(midnightSun == .alwaysUp && polarNight == .alwaysDown)
        #expect(midnightSun.sunrise == nil && midnightSun.sunset == nil)
        #expect(polarNight.sunrise == nil && polarNight.sunset == nil)
        for hour in [0, 6, 12, 18, 23] {
            let instant = LocalDay(year: 2026, month: 6, day: 21).instant(hour: hour, minute: 0, in: try Self.zone("Europe/Oslo"))
            #expect(!midnightSun.isDark(at: instant))
            #expect(polarNight.isDark(at: instant))
        }
    }

    /// Every day of a year, where days run from none to all: never a sunrise after its sunset or
    /// off its date, and the polar seasons come and go once each, in the right months.
    @Test(arguments: [
        ("Tromso", 69.6492, 18.9553, "Europe/Oslo"), ("Longyearbyen", 78.2232, 15.6267, "Arctic/Longyearbyen"),
        ("McMurdo", -77.846, 166.676, "Antarctica/McMurdo"), ("Apia", -13.8333, -171.75, "Pacific/Apia"),
    ])
    func aWholeYearStaysInOrder(_ place: (String, Double, Double, String)) throws {
        let zone = try Self.zone(place.3)
        var kinds: [String] = []
        for offset in 0..<365 {
            let day = LocalDay(year: 2026, month: 1, day: 1).adding(days: offset)
            let times = SunTimes.on(day, at: Coordinate(latitude: place.1, longitude: place.2), in: zone)
            switch times {
            case .risesAndSets(let sunrise, let sunset):
                #expect(sunrise < sunset, "\(day)")
                #expect(LocalDay(sunrise, in: zone) == day, "\(day)")
                if kinds.last != "both" { kinds.append("both") }
            case .alwaysUp: if kinds.last != "up" { kinds.append("up") }
            case .alwaysDown: if kinds.last != "down" { kinds.append("down") }
            }
        }
        let expected =
            switch place.0 {
            case "Tromso", "Longyearbyen": ["down", "both", "up", "both", "down"]
            case "McMurdo": ["up", "both", "down", "both", "up"]
            default: ["both"]
            }
        #expect(kinds == expected)
    }
}
