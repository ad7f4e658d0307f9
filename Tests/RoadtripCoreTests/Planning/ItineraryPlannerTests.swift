import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// The rules of the day-by-day plan: the daily limit, overnight stops and nights, stays, a leg
/// longer than a day, time zones and dates. Legs are given as lengths at 100 km/h with a road
/// factor of 1, so that every 100 km is an hour of driving.
struct ItineraryPlannerTests {
    static let chicago = TimeZone(identifier: "America/Chicago")!
    static let denver = TimeZone(identifier: "America/Denver")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let day = LocalDay(year: 2026, month: 7, day: 1)

    /// Stops along the 40th parallel, `hours` of driving apart (the planner uses the given lengths).
    static func plan(
        hours: [Double], settings: TripSettings = TripSettings(startDate: day), zones: [TimeZone]? = nil,
        change: (inout [Stop]) -> Void = { _ in }
    ) -> Itinerary {
        var stops = (0...hours.count).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        change(&stops)
        return ItineraryPlanner(
            stops: stops, legMeters: hours.map { $0 * 100_000 }, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: settings, timeZones: zones ?? Array(repeating: chicago, count: stops.count), today: day
        ).plan()
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
        #expect(
            Self.summary(itinerary) == [
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
        #expect(
            Self.summary(itinerary) == [
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

    /// Issue 38, item 7: a default stay at every stop between the first and the last that sets
    /// none and ends no day; a stop's own stay comes first; the rows say which is the default.
    @Test func aDefaultStayIsSpentWhereAStopSetsNone() {
        var settings = TripSettings(startDate: Self.day)
        settings.defaultStayHours = 0.75
        let itinerary = Self.plan(hours: [1, 1, 1, 1, 1], settings: settings) { stops in
            stops[2].stay = .hours(2)
            stops[3].overnight = true
        }
        #expect(
            Self.summary(itinerary) == [
                "2026-07-01: S0 -→09:00, S1 10:00→10:45, S2 11:45→13:45, S3 14:45→-",
                "2026-07-02: S3 -→09:00, S4 10:00→10:45, S5 11:45→-",
            ], "not at the start, S2's own 2 h, none where the day ends, none at the end")
        var stops = (0...5).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        stops[2].stay = .hours(2)
        stops[3].overnight = true
        let notes = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km, settings: settings).filter { $0.kind == .visit }.map(\.detail)
        #expect(notes.contains("stay 45 min (default)") && notes.contains("stay 2 h 00 min") && !notes.contains("stay 2 h 00 min (default)"), "\(notes)")
    }

    /// Issue 52, item c: a default stay of 24 h planned four calendar days under "Day 1" (and
    /// `plan` said "1 day"). A stay in hours that runs past the next morning's start is a night
    /// there: the day ends at the stop, and the next sets out when the stay ends.
    @Test func aStayPastTheNextMorningIsANightThere() {
        var settings = TripSettings(startDate: Self.day)
        settings.defaultStayHours = 24
        let itinerary = Self.plan(hours: [1, 1, 1], settings: settings)
        #expect(
            Self.summary(itinerary) == [
                "2026-07-01: S0 -→09:00, S1 10:00→-",
                "2026-07-02: S1 -→10:00, S2 11:00→-",
                "2026-07-03: S2 -→11:00, S3 12:00→-",
            ])
        #expect(itinerary.days.map(\.end) == [.planned, .planned, .tripEnd])
        let stops = (0...3).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        let rows = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km, settings: settings).filter { $0.kind == .visit }
        #expect(
            rows.map(\.detail) == ["", "night here", "stay 24 h 00 min (default)", "night here", "stay 24 h 00 min (default)", ""], "\(rows.map(\.detail))")
    }

    @Test func aStayPastSeveralMorningsLeavesWholeDaysThere() {
        let itinerary = Self.plan(hours: [1, 1]) { $0[1].stay = .hours(50) }
        #expect(
            Self.summary(itinerary) == [
                "2026-07-01: S0 -→09:00, S1 10:00→-",
                "2026-07-02: S1 -→-",
                "2026-07-03: S1 -→12:00, S2 13:00→-",
            ])
        #expect(itinerary.days.map(\.end) == [.planned, .rest, .tripEnd])
    }

    @Test func aStayThatEndsBeforeTheNextMorningIsNoNight() {
        // From 10:00 to 08:59 the morning after: the day goes on (a stay is the user's to set).
        let itinerary = Self.plan(hours: [1, 1]) { $0[1].stay = .hours(22 + 59.0 / 60) }
        #expect(itinerary.days.count == 1)
        // A stop that ends the day anyway takes no extra night for its stay.
        let overnight = Self.plan(hours: [1, 1]) {
            $0[1].stay = .hours(24); $0[1].overnight = true
        }
        #expect(overnight.days.map(\.end) == [.planned, .tripEnd])
    }

    @Test func aLegLongerThanTheLimitIsDrivenOnAndSplitOverDays() {
        // Two hours to S1, then ten: six more on day 1, the night on the road, four on day 2.
        let itinerary = Self.plan(hours: [2, 10, 2])
        #expect(itinerary.days.map { $0.legs.map(\.from) } == [[0, 1], [1, 2]])
        let (first, second) = (itinerary.days[0], itinerary.days[1])
        #expect(abs(first.legs[1].share.upperBound - 0.6) < 1e-9 && first.legs[1].share.lowerBound == 0)
        #expect(abs(first.drivingSeconds - 8 * 3600) < 1 && abs(first.legs[1].meters - 600_000) < 1)
        #expect(first.endsOnTheRoad && first.overnightStop == nil && first.end == .dailyLimit && first.nights == 1)
        #expect(first.stopover?.leg == 1 && first.stopover?.isProposal == false)
        #expect(Self.clock(first.stopover?.arrival) == "17:00")
        // Day 2 sets out again from there in the morning and arrives at S2 at 13:00.
        #expect(second.resumes == first.stopover && Self.clock(second.start) == "09:00")
        #expect(second.legs[0].share.upperBound == 1 && second.legs[0].exceedsDailyLimit)
        #expect(Self.summary(itinerary)[1] == "2026-07-02: S2 13:00→13:00, S3 15:00→-")
        #expect(itinerary.longLegs == [1] && itinerary.partCounts == [1: 2])
        #expect(!itinerary.days[0].legs[0].exceedsDailyLimit)
        // Nothing is lost: the days add up to the trip.
        #expect(abs(itinerary.drivingSeconds - 14 * 3600) < 1 && abs(itinerary.meters - 1_400_000) < 1)
    }

    /// Issue 53, item 11: a half-hour's part of a leg was flagged "longer than the daily limit".
    @Test func theWarningOnAShortPartNamesTheLegItIsAbout() {
        let itinerary = Self.plan(hours: [8.5])
        let rows = ItineraryRows.rows(
            for: itinerary, stops: (0...1).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }, unit: .km)
        let legs = rows.filter { $0.kind == .leg }
        #expect(legs.map(\.title) == ["↓ ≈ 8 h 00 min · ≈ 800 km", "↓ ≈ 30 min · ≈ 50.0 km"])
        #expect(legs.last?.detail == "⚠ part 2 of 2 of a ≈ 8 h 30 min leg longer than the daily limit")
    }

    @Test func aLegOfSeveralDaysTakesADayOfTheLimitAtATime() {
        let itinerary = Self.plan(hours: [20])
        #expect(itinerary.days.map { ($0.drivingSeconds / 3600).rounded() } == [8, 8, 4])
        #expect(itinerary.days.map(\.endsOnTheRoad) == [true, true, false])
        #expect(itinerary.days.compactMap { $0.stopover?.share }.map { ($0 * 100).rounded() } == [40, 80])
        let rows = ItineraryRows.rows(
            for: itinerary, stops: (0...1).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }, unit: .km)
        // Issue 53, item 11: the warning is the whole leg's, on each day's part of it.
        #expect(
            rows.filter { $0.kind == .leg }.map(\.detail)
                == (1...3).map { "⚠ part \($0) of 3 of a ≈ 20 h 00 min leg longer than the daily limit" })
        #expect(rows.filter { $0.kind == .stopover }.map(\.title) == ["on the road", "from the road", "on the road", "from the road"])
    }

    @Test func aLongLegWaitsForTomorrowWhenLittleOfTheDayIsLeft() {
        // Seven and three quarter hours driven: a quarter of an hour is not worth setting out on a long leg.
        let itinerary = Self.plan(hours: [7.75, 10])
        #expect(itinerary.days.map { $0.legs.count } == [1, 1, 1])
        #expect(itinerary.days[0].overnightStop == 1 && itinerary.days[0].stopover == nil)
    }

    /// A town and a hamlet near the middle of the leg from S2 (90°… 92° W) to S3 (93° W).
    static let townsOnTheWay = FakePlaces([
        Place(
            name: "Bigtown", admin1: "Illinois", admin1Code: "IL", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 40.05, longitude: -92.5), population: 50_000, timeZone: "America/Chicago"),
        Place(
            name: "Hamlet", admin1: "Illinois", admin1Code: "IL", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 40.0, longitude: -92.52), population: 300, timeZone: "America/Chicago"),
        Place(
            name: "Lake", admin1: "Illinois", admin1Code: "IL", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 40.0, longitude: -92.5), population: 0, kind: .lake),
    ])

    @Test func aDayThatStopsShortOfTheLimitProposesTheLargestTownWhereItWouldRunOut() {
        // 3 + 3 hours, then a leg of 4 that does not fit: two hours on it, halfway, is Bigtown.
        var planner = ItineraryPlanner(
            stops: (0...3).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) },
            legMeters: [300_000, 300_000, 400_000], estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: TripSettings(startDate: Self.day), timeZones: Array(repeating: Self.chicago, count: 4), today: Self.day)
        planner.overnightPlaces = OvernightPlaces(places: Self.townsOnTheWay)
        let itinerary = planner.plan()
        let proposal = itinerary.days[0].stopover
        #expect(itinerary.days[0].overnightStop == 2 && !itinerary.days[0].endsOnTheRoad)
        #expect(proposal?.isProposal == true && proposal?.driveOnSeconds == 7200 && proposal?.leg == 2)
        #expect(proposal?.suggestion?.place.name == "Bigtown")
        // 0.05° of latitude (5.56 km) north of the parallel, and the arc bows 0.12 km north: 5.44 km off the route.
        #expect(abs((proposal?.suggestion?.offRouteMeters ?? 0) - 5_440) < 20)
        let rows = ItineraryRows.rows(for: itinerary, stops: planner.stops, unit: .km)
        let row = rows.first { $0.kind == .stopover }
        #expect(row?.title == "or on to Bigtown" && row?.time == "17:00" && row?.day == 0)
        #expect(row?.detail == "2 h 00 min more driving · town of 50,000, 5.4 km off the route")
    }

    /// Issue 38, item 3: a leg of 20 hours from S1 (90.25° W) to S2 (91.25° W), after 6 hours
    /// from S0: the nights are proposed on each day's way, never at the city behind S1; and once
    /// the first night's town is a stop (as `n` makes it), no later day proposes it again.
    @Test func eachNightIsOnItsDaysWayAndATownMadeAStopIsNotProposedAgain() throws {
        func town(_ name: String, _ latitude: Double, _ longitude: Double, _ population: Int) -> Place {
            Place(
                name: name, admin1: "Illinois", admin1Code: "IL", country: "United States", countryCode: "US",
                coordinate: Coordinate(latitude: latitude, longitude: longitude), population: population, timeZone: "America/Chicago")
        }
        let back = town("Back", 40.02, -90.2, 100_000), ahead = town("Ahead", 40.03, -90.3, 2_000), later = town("Later", 40.02, -90.8, 1_000)
        func plan(_ stops: [Stop], hours: [Double]) -> Itinerary {
            var planner = ItineraryPlanner(
                stops: stops, legMeters: hours.map { $0 * 100_000 }, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
                settings: TripSettings(startDate: Self.day), timeZones: Array(repeating: Self.chicago, count: stops.count), today: Self.day)
            planner.overnightPlaces = OvernightPlaces(places: FakePlaces([back, ahead, later]))
            return planner.plan()
        }
        var stops = [(-89.5, "S0"), (-90.25, "S1"), (-91.25, "S2")].map { Stop(name: $0.1, location: Coordinate(latitude: 40, longitude: $0.0)) }
        // Day 1 drives 2 h of the leg (to 90.35° W), day 2 to 90.75° W, day 3 to 91.15° W.
        let itinerary = plan(stops, hours: [6, 20])
        #expect(itinerary.days.map { $0.stopover?.suggestion?.place.name } == ["Ahead", nil, "Later", nil])
        // `n` on day 1: Ahead, on the way to where day 1's driving ends, a stop with a night.
        var night = Stop(place: ahead)
        night.overnight = true
        stops.insert(night, at: 2)
        let after = plan(stops, hours: [6, 1, 19])
        #expect(after.days[0].overnightStop == 2)
        #expect(!after.days.contains { $0.stopover?.suggestion?.place.name == "Ahead" }, "\(after.days.map { $0.stopover?.suggestion?.place.name })")
        #expect(after.days.map { $0.stopover?.suggestion?.place.name } == [nil, nil, "Later", nil])
    }

    @Test func timesAreLocalToEachStop() {
        // Chicago (CDT) to Denver (MDT): five hours of driving, an hour back on the clock.
        let itinerary = Self.plan(hours: [5], zones: [Self.chicago, Self.denver])
        let arrival = itinerary.days[0].visits[1]
        #expect(Self.clock(arrival.arrival, arrival.timeZone) == "13:00")
        let rows = ItineraryRows.rows(
            for: itinerary,
            stops: [
                Stop(name: "Chicago", location: Coordinate(latitude: 41.9, longitude: -87.6)),
                Stop(name: "Denver", location: Coordinate(latitude: 39.7, longitude: -105)),
            ],
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

    /// Wick in December: the sun rises some seconds after the minute the days start at. The row
    /// shows "sun 09:00–15:21" and leaves at 09:00; that is not leaving in the dark.
    @Test func theSunIsComparedToTheMinuteAsShown() throws {
        let london = TimeZone(identifier: "Europe/London")!
        let wick = Coordinate(latitude: 58.4389, longitude: -3.0937)
        // A December day whose sunrise is not on the minute, and a start at that minute.
        let (date, sunrise) = try #require(
            (1...31).lazy.map { LocalDay(year: 2026, month: 12, day: $0) }
                .compactMap { day in SunTimes.on(day, at: wick, in: london).sunrise.map { (day, $0) } }
                .first { $0.1.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) >= 10 })
        let parts = LocalDay.calendar(in: london).dateComponents([.hour, .minute], from: sunrise)
        var settings = TripSettings(startDate: date, startTime: ClockTime(hour: parts.hour!, minute: parts.minute!))
        settings.endsBySunset = true
        let stops = [Stop(name: "Wick", location: wick), Stop(name: "Thurso", location: Coordinate(latitude: 58.5936, longitude: -3.5221))]
        let itinerary = ItineraryPlanner(
            stops: stops, legMeters: [100_000], estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: settings, timeZones: [london, london], today: date
        ).plan()
        #expect(itinerary.days[0].legs[0].isAfterDark == false)
        let rows = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km)
        let shown = ItineraryRows.clock(sunrise, in: london)
        #expect(rows[1].time.hasSuffix("→ \(shown)") && rows[1].sun.hasPrefix("sun \(shown)–"))
        #expect(!rows[2].detail.contains("after dark"))
        // A minute earlier is dark.
        #expect(SunTimes.on(date, at: wick, in: london).isDark(at: sunrise - 60))
    }
}
