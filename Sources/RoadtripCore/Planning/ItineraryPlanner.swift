import Foundation

/// Splits a trip into days, as a driver would plan them:
///
/// - Each day starts at the trip's start time (09:00 by default) where the last one ended, in
///   that stop's time zone; the first on the start date (today when none is set).
/// - A stay of some hours is spent at the stop before driving on; an overnight stop ends the day
///   there, and a stay of n nights leaves n − 1 whole days there before driving on. A stay of
///   hours that runs past the next morning's start is nights there too, one a morning it passes:
///   the day ends at the stop, and the next sets out when the stay ends.
/// - A day ends at the last stop it can reach without driving more than the daily limit; where
///   the limit would run out on the next leg, the place to sleep there is proposed beside it.
/// - A leg longer than the limit on its own is driven with what is left of the day and split
///   over as many days as it takes, each night near the point where the day's driving runs out
///   (`OvernightPlaces`: the largest town near the road line, or the arc without one, on the
///   day's way there).
/// - When the days end by sunset, a leg that would arrive after sunset waits for the next
///   morning, unless it is the day's first (which is then driven, and marked after dark); a
///   long leg's day ends by sunset too.
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
    /// Where to sleep where a day's driving runs out on the road; nil: the point alone.
    package var overnightPlaces: OvernightPlaces?
    /// The most days the plan holds (`maximumDays`; less in tests).
    package var dayLimit = ItineraryPlanner.maximumDays

    /// The most days a plan holds: past them the plan stops (`Itinerary.isCut`). A trip that
    /// `TripPlanning.tooLargeToPlan` lets through never comes near: at most 100,000 stops, 100,000
    /// nights and 50,000 hours of driving, which a day drives at least half an hour of.
    package static let maximumDays = 400_000

    /// The figures of leg `index` when the planner was given them and a leg can have them
    /// (`LegFigures.isPlausible`): a figure no drive has (a negative time, 1e308 seconds) is
    /// the estimate's instead, never days without end.
    func figures(ofLeg index: Int) -> LegFigures? {
        guard let legFigures, legFigures.count == legMeters.count, legFigures[index].isPlausible else { return nil }
        return legFigures[index]
    }

    /// The driving time of leg `index`: its figures', else the estimate's, to the whole minute
    /// as it is shown (`LegFigures.shownSeconds`): the plan keeps whole minutes, so that the
    /// clock times it shows are its own and differ by the legs' times shown between them.
    func seconds(ofLeg index: Int) -> Double {
        LegFigures.toTheMinute(figures(ofLeg: index)?.seconds ?? estimate.drivingSeconds(geodesicMeters: legMeters[index]))
    }

    /// The driving time of the whole trip, as the plan takes it.
    package var drivingSeconds: Double {
        legMeters.indices.reduce(0) { $0 + seconds(ofLeg: $1) }
    }

    /// The way leg `index` runs: its road line when routed, else the arc.
    func path(ofLeg index: Int) -> LegPath {
        LegPath(from: stops[index].location, to: stops[index + 1].location, road: figures(ofLeg: index)?.line ?? [])
    }

    /// The whole trip's way, as `path(ofLeg:)` runs each leg: what the places to sleep are
    /// measured against (how far along and off it they lie).
    var line: TripLine {
        TripLine(
            stops: stops.map(\.location),
            figures: legMeters.indices.map { figures(ofLeg: $0) ?? LegFigures.estimated(geodesicMeters: legMeters[$0], estimate: estimate) })
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

    /// The daily limit, to the whole minute as the plan keeps its times.
    package var dailyLimitSeconds: Double {
        LegFigures.toTheMinute((settings.dailyLimitHours ?? TripSettings.defaultDailyLimitHours) * 3600)
    }

    package func plan() -> Itinerary {
        guard !stops.isEmpty, let startZone else { return Itinerary(days: [], dailyLimitSeconds: dailyLimitSeconds) }
        var zones = timeZones
        zones[0] = startZone
        var schedule = Schedule(planner: self, zones: zones)
        schedule.run()
        return Itinerary(days: schedule.days, dailyLimitSeconds: dailyLimitSeconds, isCut: schedule.isCut)
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
    /// The trip's line, made when a place to sleep is first looked for (`tripLine()`).
    private var line: TripLine?
    /// The plan stopped at its most days (`ItineraryPlanner.dayLimit`) before the trip's end.
    var isCut = false
    /// The morning after the day under way, in a zone (`morningAfterTheDay`).
    private var knownMorningAfterTheDay: (day: Int, zone: TimeZone, instant: Date)?

    private var isFull: Bool { days.count >= planner.dayLimit }

    /// The least driving worth starting a day's part of a long leg with, or proposing to drive on.
    static let shortestDrive = 1800.0

    init(planner: ItineraryPlanner, zones: [TimeZone]) {
        self.planner = planner
        self.zones = zones
        let date = planner.settings.startDate ?? planner.today
        clock = date.instant(hour: planner.startTime.hour, minute: planner.startTime.minute, in: zones[0])
        day = Itinerary.Day(number: 1, date: date, start: clock)
    }

    private var limit: Double { planner.dailyLimitSeconds }

    mutating func run() {
        let last = planner.stops.count - 1
        var arrival: Date?
        for index in 0...last {
            if isFull {
                isCut = true
                return
            }
            let stop = planner.stops[index]
            let stayStart = clock
            if let stay = planner.settings.stayHours(at: index, of: planner.stops) { clock += LegFigures.toTheMinute(stay.hours * 3600) }
            if index == last {
                endDay(at: index, arrival: arrival, because: .tripEnd)
                return
            }
            let nights = Stay.nights(stop.stay, overnight: stop.overnight)
            if nights > 0 {
                endDay(at: index, arrival: arrival, because: .planned)
                startNextDay(at: index, restDays: nights - 1)
                arrival = nil
            } else if clock > stayStart {
                let mornings = morningsPassed(since: stayStart, at: index)
                if !mornings.isEmpty {
                    endDay(at: index, arrival: arrival, because: .planned)
                    rest(at: index, on: mornings.dropLast())
                    begin(at: clock, in: zones[index])
                    arrival = nil
                }
            }
            let seconds = planner.seconds(ofLeg: index)
            let isLong = seconds > limit + 1
            if driven > 0, let reason = isLong ? reasonToWait(at: index) : reasonToStop(before: index, seconds: seconds) {
                let proposal = reason == .dailyLimit && !isLong ? proposal(onLeg: index, seconds: seconds) : nil
                endDay(at: index, arrival: arrival, because: reason)
                days[days.count - 1].stopover = proposal
                startNextDay(at: index, restDays: 0)
                arrival = nil
            }
            day.visits.append(visit(index, arrival: arrival, departure: clock))
            if isLong { driveInParts(from: index, seconds: seconds) } else { drive(from: index, seconds: seconds) }
            if isCut { return }
            arrival = clock
        }
    }

    /// Why the day should end at stop `index` rather than drive the next leg, if it should.
    private func reasonToStop(before index: Int, seconds: Double) -> Itinerary.DayEnd? {
        if driven + seconds > limit + 1 { return .dailyLimit }
        if planner.settings.endsBySunset, sun(at: index + 1, on: clock + seconds).isAfterSunset(clock + seconds) { return .sunset }
        return nil
    }

    /// Why a leg longer than a day should wait for tomorrow at stop `index`: too little of
    /// today is left to start it.
    private func reasonToWait(at index: Int) -> Itinerary.DayEnd? {
        driveLeft(sun: sun(at: index, on: clock)) < Self.shortestDrive ? .dailyLimit : nil
    }

    /// The driving left in the day under way, setting out now from where `sun` is the sun's:
    /// to the daily limit, and to sunset when the days end by sunset.
    private func driveLeft(sun: SunTimes) -> Double {
        var left = limit - driven
        // The whole minutes before sunset: the plan's times stay on the minute.
        if planner.settings.endsBySunset, let sunset = sun.sunset { left = min(left, (sunset.timeIntervalSince(clock) / 60).rounded(.down) * 60) }
        return left
    }

    /// Where the daily limit would run out on leg `index`, which does not fit in the day, when
    /// what is left of the day is worth driving.
    private mutating func proposal(onLeg index: Int, seconds: Double) -> Itinerary.Stopover? {
        let left = limit - driven
        guard left >= Self.shortestDrive, seconds > 0 else { return nil }
        let proposal = stopover(onLeg: index, shares: 0...left / seconds, arrival: clock + left, driveOn: left)
        return proposal.suggestion == nil ? nil : proposal
    }

    /// Where the day's driving on leg `index`, over `shares` of it, runs out, and the place to
    /// sleep on that way.
    private mutating func stopover(onLeg index: Int, shares: ClosedRange<Double>, arrival: Date, driveOn: Double, path: LegPath? = nil) -> Itinerary.Stopover {
        let path = path ?? planner.path(ofLeg: index)
        let share = shares.upperBound, point = path.point(at: share)
        var suggestion: OvernightPlaces.Suggestion?
        if let places = planner.overnightPlaces {
            suggestion = places.suggestion(on: OvernightPlaces.DaysWay(line: tripLine(), leg: index, shares: shares, point: point))
        }
        let zone = suggestion?.place.zone ?? planner.overnightPlaces?.timeZone(at: point) ?? zones[share < 0.5 ? index : index + 1]
        return Itinerary.Stopover(leg: index, share: share, point: point, arrival: arrival, timeZone: zone, suggestion: suggestion, driveOnSeconds: driveOn)
    }

    private mutating func tripLine() -> TripLine {
        if let line { return line }
        let made = planner.line
        line = made
        return made
    }

    private mutating func drive(from index: Int, seconds: Double) {
        let dark = sun(at: index, on: clock).isDark(at: clock) || sun(at: index + 1, on: clock + seconds).isDark(at: clock + seconds)
        drive(from: index, share: 0...1, seconds: seconds, legSeconds: seconds, isAfterDark: dark)
    }

    /// Leg `index`, longer than a day: what is left of today, then a day's driving at a time,
    /// each night at a stopover on the way.
    private mutating func driveInParts(from index: Int, seconds: Double) {
        var done = 0.0
        var setOut: (point: Coordinate, zone: TimeZone)?
        let path = planner.path(ofLeg: index)
        while true {
            // A day's first drive is never cut short by the sun (it is driven, and marked).
            let here = setOut.map { sun(at: $0.point, in: $0.zone, on: clock) } ?? sun(at: index, on: clock)
            var left = driveLeft(sun: here)
            if driven == 0, left < Self.shortestDrive { left = limit }
            let part = min(left, seconds - done)
            let arrives = done + part >= seconds - 1
            let dark = here.isDark(at: clock) || (arrives && sun(at: index + 1, on: clock + part).isDark(at: clock + part))
            let shares = done / seconds...(arrives ? 1 : (done + part) / seconds)
            drive(from: index, share: shares, seconds: part, legSeconds: seconds, isAfterDark: dark)
            done += part
            if arrives { return }
            let night = stopover(onLeg: index, shares: shares, arrival: clock, driveOn: 0, path: path)
            if sun(at: night.point, in: night.timeZone, on: clock).isDark(at: clock) { markLastLegAfterDark() }
            day.stopover = night
            day.end = driven >= limit - 1 ? .dailyLimit : .sunset
            days.append(day)
            if isFull {
                isCut = true
                return
            }
            startNextDay(in: night.timeZone)
            day.resumes = night
            setOut = (night.point, night.timeZone)
        }
    }

    private mutating func drive(from index: Int, share: ClosedRange<Double>, seconds: Double, legSeconds: Double, isAfterDark: Bool) {
        let meters = planner.legMeters[index]
        let figures = planner.figures(ofLeg: index)
        let portion = share.upperBound - share.lowerBound
        day.legs.append(
            Itinerary.Leg(
                from: index, to: index + 1, share: share, meters: meters * portion,
                roadMeters: (figures?.meters ?? planner.estimate.roadMeters(geodesicMeters: meters)) * portion,
                seconds: seconds, legSeconds: legSeconds, departure: clock, arrival: clock + seconds,
                exceedsDailyLimit: legSeconds > limit + 1, isAfterDark: isAfterDark,
                source: figures?.source ?? .estimate, reason: figures?.reason))
        driven += seconds
        clock += seconds
    }

    private mutating func markLastLegAfterDark() {
        guard let last = day.legs.popLast() else { return }
        day.legs.append(
            Itinerary.Leg(
                from: last.from, to: last.to, share: last.share, meters: last.meters, roadMeters: last.roadMeters,
                seconds: last.seconds, legSeconds: last.legSeconds, departure: last.departure, arrival: last.arrival,
                exceedsDailyLimit: last.exceedsDailyLimit, isAfterDark: true, source: last.source, reason: last.reason))
    }

    private mutating func endDay(at index: Int, arrival: Date?, because end: Itinerary.DayEnd) {
        day.visits.append(visit(index, arrival: arrival, departure: nil))
        day.end = end
        days.append(day)
    }

    /// The next morning at stop `index`, after `restDays` whole days there.
    private mutating func startNextDay(at index: Int, restDays: Int) {
        var morning = nextMorning(after: clock, in: zones[index])
        var restMornings: [Date] = []
        for _ in 0..<restDays {
            restMornings.append(morning)
            morning = nextMorning(after: morning, in: zones[index])
        }
        rest(at: index, on: restMornings)
        begin(at: morning, in: zones[index])
    }

    /// A whole day at stop `index` from each of `mornings`.
    private mutating func rest(at index: Int, on mornings: some Sequence<Date>) {
        for morning in mornings where !isFull {
            var rest = Itinerary.Day(number: days.count + 1, date: LocalDay(morning, in: zones[index]), start: morning)
            rest.visits = [visit(index, arrival: nil, departure: nil, on: morning)]
            rest.end = .rest
            days.append(rest)
        }
    }

    /// The mornings a stay at stop `index` from `start` until now runs past: the start time on
    /// each date after the day's own, in the stop's zone. Each is a night there (issue 52: a
    /// default stay of 24 h planned five calendar days as "Day 1"). A stay ending before the next
    /// morning passes none, however late it ends: the day goes on, as the user set it.
    private mutating func morningsPassed(since start: Date, at index: Int) -> [Date] {
        var morning = morningAfterTheDay(in: zones[index])
        var mornings: [Date] = []
        var date = day.date.adding(days: 1)
        while morning <= clock {
            if morning > start { mornings.append(morning) }
            date = date.adding(days: 1)
            morning = date.instant(hour: planner.startTime.hour, minute: planner.startTime.minute, in: zones[index])
        }
        return mornings
    }

    /// The start time on the date after the day under way's, in `zone`: asked after every stay
    /// (a default stay is spent at each stop), so kept while the day and the zone are the same.
    private mutating func morningAfterTheDay(in zone: TimeZone) -> Date {
        if let known = knownMorningAfterTheDay, known.day == day.number, known.zone == zone { return known.instant }
        let instant = day.date.adding(days: 1).instant(hour: planner.startTime.hour, minute: planner.startTime.minute, in: zone)
        knownMorningAfterTheDay = (day.number, zone, instant)
        return instant
    }

    /// The next morning on the road, in `zone`.
    private mutating func startNextDay(in zone: TimeZone) {
        begin(at: nextMorning(after: clock, in: zone), in: zone)
    }

    private mutating func begin(at morning: Date, in zone: TimeZone) {
        day = Itinerary.Day(number: days.count + 1, date: LocalDay(morning, in: zone), start: morning)
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
        sun(at: planner.stops[index].location, in: zones[index], on: instant)
    }

    private func sun(at point: Coordinate, in zone: TimeZone, on instant: Date) -> SunTimes {
        SunTimes.on(LocalDay(instant, in: zone), at: point, in: zone)
    }
}
