import Foundation
@testable import RoadtripCore
import Testing

/// The rules of the day-by-day plan: the daily limit, overnight stops and nights, stays, a leg
/// longer than a day, time zones and dates. Legs are given as lengths at 100 km/h with a road
/// factor of 1, so that every 100 km is an hour of driving.
struct ItineraryPlannerTests {
    static let chicago = TimeZone(identifier: "America/Chicago")!
    static let denver = TimeZone(identifier: "America/Denver")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let day = LocalDay(year: 2026, month: 7, day: 1)

    /// Stops along the 40th parallel, `hours` of driving apart (the planner uses the given lengths).
    static func plan(hours: [Double], settings: TripSettings = TripSettings(startDate: day), zones: [TimeZone]? = nil,
                     change: (inout [Stop]) -> Void = { _ in }) -> Itinerary {
        var stops = (0...hours.count).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        change(&stops)
        return ItineraryPlanner(stops: stops, legMeters: hours.map { $0 * 100_000 }, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
                                settings: settings, timeZones: zones ?? Array(repeating: chicago, count: stops.count), today: day).plan()
    }

    static func clock(_ instant: Date?, _ zone: TimeZone = chicago) -> String {
        instant.map { ItineraryRows.clock($0, in: zone) } ?? "-"
    }

    /// Each day as "date: stop arrival→departure, …".
    static func summary(_ itinerary: Itinerary, zone: TimeZone = chicago) -> [String] {
        itinerary.days.map { day in
            "\(day.date): " + day.visits.map { "S\($0.stop) \(clock($0.arrival, $0.timeZone))→\(clock($0.departure, $0.timeZone))" }.joined(separator: ", ")
        }
    }

    @Test func noDayDrivesMoreThanTheLimit() {
        let itinerary = Self.plan(hours: [3, 3, 3, 3])
        #expect(Self.summary(itinerary) == [
            "2026-07-01: S0 -→09:00, S1 12:00→12:00, S2 15:00→-",
            "2026-07-02: S2 -→09:00, S3 12:00→12:00, S4 15:00→-",
        ])
        #expect(itinerary.days.map(\.end) == [.dailyLimit, .tripEnd])
        #expect(itinerary.days.allSatisfy { $0.drivingSeconds <= 8 * 3600 })
        #expect(itinerary.days[0].overnightStop == 2)
        #expect(itinerary.days[1].overnightStop == nil)
    }

    @Test func theLimitIsASetting() {
        let itinerary = Self.plan(hours: [3, 3, 3, 3], settings: TripSettings(startDate: Self.day, dailyLimitHours: 6.5))
        #expect(itinerary.days.map { $0.legs.count } == [2, 2])
        let long = Self.plan(hours: [3, 3, 3, 3], settings: TripSettings(startDate: Self.day, dailyLimitHours: 12))
        #expect(long.days.map { $0.legs.count } == [4])
    }

    @Test func anOvernightStopEndsTheDayThere() {
        let itinerary = Self.plan(hours: [1, 1, 1]) { $0[1].overnight = true }
        #expect(Self.summary(itinerary) == [
            "2026-07-01: S0 -→09:00, S1 10:00→-",
            "2026-07-02: S1 -→09:00, S2 10:00→10:00, S3 11:00→-",
        ])
        #expect(itinerary.days[0].end == .planned)
    }

    @Test func nightsLeaveWholeDaysAtTheStop() {
        let itinerary = Self.plan(hours: [1, 1]) { $0[1].stay = .nights(3) }
        #expect(itinerary.days.map(\.date.description) == ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04"])
        #expect(itinerary.days.map(\.end) == [.planned, .rest, .rest, .tripEnd])
        #expect(itinerary.days[1].legs.isEmpty && itinerary.days[1].visits.map(\.stop) == [1])
        #expect(Self.clock(itinerary.days[3].visits[0].departure) == "09:00")
    }

    @Test func aStayInHoursDelaysTheDeparture() {
        let itinerary = Self.plan(hours: [2, 2]) { $0[1].stay = .hours(1.5) }
        #expect(Self.summary(itinerary) == ["2026-07-01: S0 -→09:00, S1 11:00→12:30, S2 14:30→-"])
    }

    @Test func aLegLongerThanTheLimitGetsADayOfItsOwnAndIsFlagged() {
        let itinerary = Self.plan(hours: [2, 10, 2])
        #expect(itinerary.days.map { $0.legs.map(\.from) } == [[0], [1], [2]])
        #expect(itinerary.days[1].legs[0].exceedsDailyLimit)
        #expect(itinerary.longLegs.count == 1)
        #expect(!itinerary.days[0].legs[0].exceedsDailyLimit)
        // The day after the long leg starts the next morning, not at 19:00.
        #expect(Self.clock(itinerary.days[2].start) == "09:00")
    }

    @Test func timesAreLocalToEachStop() {
        // Chicago (CDT) to Denver (MDT): five hours of driving, an hour back on the clock.
        let itinerary = Self.plan(hours: [5], zones: [Self.chicago, Self.denver])
        let arrival = itinerary.days[0].visits[1]
        #expect(Self.clock(arrival.arrival, arrival.timeZone) == "13:00")
        let rows = ItineraryRows.rows(for: itinerary, stops: [Stop(name: "Chicago", location: Coordinate(latitude: 41.9, longitude: -87.6)),
                                                              Stop(name: "Denver", location: Coordinate(latitude: 39.7, longitude: -105))],
                                      unit: .km)
        #expect(rows.map(\.zone).filter { !$0.isEmpty } == ["CDT", "MDT"])
    }

    @Test func anArrivalOnAnotherDateSaysWhichAndTheNextDayStartsThatMorning() {
        // Leaving Denver at 20:00 MDT, five hours east: 02:00 CDT on 2 July in Chicago.
        let settings = TripSettings(startDate: Self.day, startTime: ClockTime(hour: 20, minute: 0), dailyLimitHours: 12)
        let itinerary = Self.plan(hours: [5, 1], settings: settings, zones: [Self.denver, Self.chicago, Self.chicago]) { $0[1].overnight = true }
        let arrival = itinerary.days[0].visits[1]
        #expect(LocalDay(arrival.arrival!, in: Self.chicago) == LocalDay(year: 2026, month: 7, day: 2))
        #expect(itinerary.days[1].date == LocalDay(year: 2026, month: 7, day: 2))
        #expect(Self.clock(itinerary.days[1].start) == "20:00")
        let stops = (0...2).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90)) }
        let row = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km).first { $0.title == "2. S1" }
        #expect(row?.detail.contains("Thu 2 Jul 2026") == true)
    }

    @Test func theStartIsTodayWithoutADateAndInTheZoneTheSettingsGive() {
        let itinerary = Self.plan(hours: [1], settings: TripSettings(timeZone: "America/Los_Angeles"))
        #expect(itinerary.days[0].date == Self.day)
        #expect(Self.clock(itinerary.days[0].start, Self.losAngeles) == "09:00")
        #expect(itinerary.days[0].visits[0].timeZone == Self.losAngeles)
    }

    @Test func aTripWithOneStopIsOneDayAndNoStopsNone() {
        #expect(Self.plan(hours: []).days.count == 1)
        let none = ItineraryPlanner(stops: [], legMeters: [], estimate: RouteEstimate(), settings: TripSettings(), timeZones: [], today: Self.day).plan()
        #expect(none.days.isEmpty)
    }

    // MARK: Daylight

    @Test func legsDrivenBeforeSunriseOrAfterSunsetAreMarked() {
        // Sunrise near 40° N on 1 July is about 05:30 local; a 04:00 start drives in the dark.
        let early = Self.plan(hours: [2, 1], settings: TripSettings(startDate: Self.day, startTime: ClockTime(hour: 4, minute: 0)))
        #expect(early.days[0].legs.map(\.isAfterDark) == [true, false])
        let late = Self.plan(hours: [6, 6], settings: TripSettings(startDate: Self.day, dailyLimitHours: 14))
        #expect(late.days[0].legs.map(\.isAfterDark) == [false, true])
    }

    @Test func daysCanEndBySunset() {
        var settings = TripSettings(startDate: Self.day, dailyLimitHours: 14)
        settings.endsBySunset = true
        let itinerary = Self.plan(hours: [6, 6], settings: settings)
        #expect(itinerary.days.map(\.end) == [.sunset, .tripEnd])
        #expect(itinerary.days.flatMap(\.legs).allSatisfy { !$0.isAfterDark })
    }

    @Test func everyVisitHasTheSunOfItsDay() {
        let itinerary = Self.plan(hours: [1])
        let sun = itinerary.days[0].visits[0].sun
        #expect(Self.clock(sun.sunrise).hasPrefix("05:") || Self.clock(sun.sunrise).hasPrefix("04:"))
        #expect(Self.clock(sun.sunset).hasPrefix("20:"))
    }
}
