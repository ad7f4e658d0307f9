import Foundation

/// Splits a trip into days, as a driver would plan them:
///
/// - Each day starts at the trip's start time (09:00 by default) where the last one ended, in
///   that stop's time zone; the first on the start date (today when none is set).
/// - A stay of some hours is spent at the stop before driving on; an overnight stop ends the day
///   there, and a stay of n nights leaves n − 1 whole days there before driving on.
/// - A day ends at the last stop it can reach without driving more than the daily limit. A leg
///   longer than the limit on its own gets a day of its own and is flagged, never split or hidden.
/// - When the days end by sunset, a leg that would arrive after sunset waits for the next
///   morning, unless it is the day's first (which is then driven, and marked after dark).
///
/// Times are instants; each visit carries its stop's zone, so a day that crosses a time zone
/// shows every arrival in local time, with its own date.
package struct ItineraryPlanner {
    package let stops: [Stop]
    /// The geodesic length of each leg (`TripRoute.legMeters`).
    package let legMeters: [Double]
    /// Each leg's road figures when some are on roads (`LegFigures`): their times and lengths
    /// then replace the estimates; nil or of another count, every leg is estimated.
    package var legFigures: [LegFigures]?
    package let estimate: RouteEstimate
    package let settings: TripSettings
    /// The zone of each stop (the nearest gazetteer place's).
    package let timeZones: [TimeZone]
    /// The start date when the settings give none.
    package let today: LocalDay

    /// The figures of leg `index` when the planner was given them.
    func figures(ofLeg index: Int) -> LegFigures? {
        guard let legFigures, legFigures.count == legMeters.count else { return nil }
        return legFigures[index]
    }

    package init(stops: [Stop], legMeters: [Double], estimate: RouteEstimate, settings: TripSettings, timeZones: [TimeZone], today: LocalDay) {
        precondition(legMeters.count == max(0, stops.count - 1) && timeZones.count == stops.count, "one leg between stops, one zone a stop")
        self.stops = stops
        self.legMeters = legMeters
        self.estimate = estimate
        self.settings = settings
        self.timeZones = timeZones
        self.today = today
    }

    /// The time zone the start is given in: the settings' when it is one this machine knows,
    /// else the first stop's.
    package var startZone: TimeZone? {
        settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? timeZones.first
    }

    package var dailyLimitSeconds: Double {
        (settings.dailyLimitHours ?? TripSettings.defaultDailyLimitHours) * 3600
    }

    package func plan() -> Itinerary {
        guard !stops.isEmpty, let startZone else { return Itinerary(days: [], dailyLimitSeconds: dailyLimitSeconds) }
        var zones = timeZones
        zones[0] = startZone
        var schedule = Schedule(planner: self, zones: zones)
        schedule.run()
        return Itinerary(days: schedule.days, dailyLimitSeconds: dailyLimitSeconds)
    }

    var startTime: ClockTime { settings.startTime ?? TripSettings.defaultStartTime }
}

/// The plan as it is made, stop by stop: the days so far, the one under way, and the clock.
private struct Schedule {
    let planner: ItineraryPlanner
    let zones: [TimeZone]
    var days: [Itinerary.Day] = []
    var day: Itinerary.Day
    /// Now, in the plan.
    var clock: Date
    /// Seconds driven in the day under way.
    var driven = 0.0

    init(planner: ItineraryPlanner, zones: [TimeZone]) {
        self.planner = planner
        self.zones = zones
        let date = planner.settings.startDate ?? planner.today
        clock = date.instant(hour: planner.startTime.hour, minute: planner.startTime.minute, in: zones[0])
        day = Itinerary.Day(number: 1, date: date, start: clock)
    }

    mutating func run() {
        let last = planner.stops.count - 1
        var arrival: Date?
        for index in 0...last {
            let stop = planner.stops[index]
            if case .hours(let hours) = stop.stay { clock += hours * 3600 }
            if index == last {
                endDay(at: index, arrival: arrival, because: .tripEnd)
                return
            }
            let nights = Stay.nights(stop.stay, overnight: stop.overnight)
            if nights > 0 {
                endDay(at: index, arrival: arrival, because: .planned)
                startNextDay(at: index, restDays: nights - 1)
                arrival = nil
            }
            let seconds = planner.figures(ofLeg: index)?.seconds ?? planner.estimate.drivingSeconds(geodesicMeters: planner.legMeters[index])
            if driven > 0, let reason = reasonToStop(before: index, seconds: seconds) {
                endDay(at: index, arrival: arrival, because: reason)
                startNextDay(at: index, restDays: 0)
                arrival = nil
            }
            day.visits.append(visit(index, arrival: arrival, departure: clock))
            drive(from: index, seconds: seconds)
            arrival = clock
        }
    }

    /// Why the day should end at stop `index` rather than drive the next leg, if it should.
    private func reasonToStop(before index: Int, seconds: Double) -> Itinerary.DayEnd? {
        if driven + seconds > planner.dailyLimitSeconds + 1 { return .dailyLimit }
        if planner.settings.endsBySunset, let sunset = sun(at: index + 1, on: clock + seconds).sunset, clock + seconds > sunset {
            return .sunset
        }
        return nil
    }

    private mutating func drive(from index: Int, seconds: Double) {
        let meters = planner.legMeters[index]
        let arrival = clock + seconds
        let dark = sun(at: index, on: clock).isDark(at: clock) || sun(at: index + 1, on: arrival).isDark(at: arrival)
        let figures = planner.figures(ofLeg: index)
        day.legs.append(Itinerary.Leg(from: index, to: index + 1, meters: meters,
                                      roadMeters: figures?.meters ?? planner.estimate.roadMeters(geodesicMeters: meters),
                                      seconds: seconds, departure: clock, arrival: arrival,
                                      exceedsDailyLimit: seconds > planner.dailyLimitSeconds + 1, isAfterDark: dark,
                                      source: figures?.source ?? .estimate, reason: figures?.reason))
        driven += seconds
        clock = arrival
    }

    private mutating func endDay(at index: Int, arrival: Date?, because end: Itinerary.DayEnd) {
        day.visits.append(visit(index, arrival: arrival, departure: nil))
        day.end = end
        days.append(day)
    }

    /// The next morning at stop `index`, after `restDays` whole days there.
    private mutating func startNextDay(at index: Int, restDays: Int) {
        var morning = nextMorning(after: clock, in: zones[index])
        for _ in 0..<restDays {
            var rest = Itinerary.Day(number: days.count + 1, date: LocalDay(morning, in: zones[index]), start: morning)
            rest.visits = [visit(index, arrival: nil, departure: nil, on: morning)]
            rest.end = .rest
            days.append(rest)
            morning = nextMorning(after: morning, in: zones[index])
        }
        day = Itinerary.Day(number: days.count + 1, date: LocalDay(morning, in: zones[index]), start: morning)
        clock = morning
        driven = 0
    }

    /// The first start of a day's driving after `instant`, in `zone`.
    private func nextMorning(after instant: Date, in zone: TimeZone) -> Date {
        let time = planner.startTime
        let date = LocalDay(instant, in: zone)
        let sameDay = date.instant(hour: time.hour, minute: time.minute, in: zone)
        return sameDay > instant ? sameDay : date.adding(days: 1).instant(hour: time.hour, minute: time.minute, in: zone)
    }

    private func visit(_ index: Int, arrival: Date?, departure: Date?, on instant: Date? = nil) -> Itinerary.Visit {
        let when = instant ?? arrival ?? departure ?? clock
        return Itinerary.Visit(stop: index, arrival: arrival, departure: departure, timeZone: zones[index], sun: sun(at: index, on: when))
    }

    /// The sun at stop `index` on the local date of `instant` there.
    private func sun(at index: Int, on instant: Date) -> SunTimes {
        SunTimes.on(LocalDay(instant, in: zones[index]), at: planner.stops[index].location, in: zones[index])
    }
}
