import Foundation

/// The itinerary as lines of text, the same for the screen (`i`) and `roadtrip plan`: a heading
/// per day, a line per stop (local times, stay, where the night is spent, the sun), and a line
/// per leg (driving time, distance, and what to watch: a leg past the daily limit, driving after dark).
package struct ItineraryRow: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case day, visit, leg, stopover, fuel }

    package let kind: Kind
    /// The day the row belongs to, from 0.
    package var day = 0
    /// "12:05 → 13:35", "      → 09:00", "18:05 →      ": arrival and departure, local time.
    package var time = ""
    /// The zone's short name at that time ("PDT", "CEST", "GMT-3").
    package var zone = ""
    /// "Day 2 · Thu 2 Jul 2026", "3. Eugene", "↓ ≈ 3 h 05 min · ≈ 280 km", "near Redding".
    package var title = ""
    /// The day's totals and costs; the stop's stay and night; the leg's warnings; the stopover's place.
    package var detail = ""
    /// "sun 05:14–21:08", "sun up all day", "sun down all day".
    package var sun = ""
    /// Something to act on: a leg past the daily limit, a stretch longer than the range.
    package var isWarning = false
    /// A line of filling up: its note in `Itinerary.fuelStops`.
    package var fuelStop: Int?
}

package enum ItineraryRows {
    /// The rows of `itinerary`; `costs`, when given, add each day's fuel and lodging to its heading.
    /// `settings`: the trip's, for the range and fuel its lines of filling up name.
    package static func rows(
        for itinerary: Itinerary, stops: [Stop], unit: DistanceUnit, unicode: Bool = true, costs: TripCosts? = nil,
        settings: TripSettings = TripSettings()
    ) -> [ItineraryRow] {
        let tripMeters = itinerary.roadMeters
        let parts = itinerary.partCounts
        var partNumbers: [Int: Int] = [:]
        var rows: [ItineraryRow] = []
        for (number, day) in itinerary.days.enumerated() {
            var dayRows: [ItineraryRow] = []
            func add(_ leg: Itinerary.Leg) {
                var part: (Int, Int)?
                if leg.isPart, let count = parts[leg.from] {
                    partNumbers[leg.from, default: 0] += 1
                    part = (partNumbers[leg.from]!, count)
                }
                dayRows.append(row(leg, unit: unit, part: part, unicode: unicode))
                for (index, note) in itinerary.fuelStops.enumerated()
                where note.day == day.number && note.leg == leg.from
                    && (leg.share.contains(note.shareOfLeg) || (note.shareOfLeg == 0 && leg.share.lowerBound == 0))
                {
                    var fuelRow = row(note, settings: settings, tripMeters: tripMeters, unit: unit, unicode: unicode)
                    fuelRow.fuelStop = index
                    dayRows.append(fuelRow)
                }
            }
            dayRows.append(heading(day, unit: unit, costs: costs.map { ($0, $0.days[number]) }))
            if let resumes = day.resumes {
                dayRows.append(row(resumes, departure: day.start, unit: unit))
                if let leg = day.legs.first(where: { $0.from == resumes.leg && $0.share.lowerBound > 0 }) { add(leg) }
            }
            for visit in day.visits {
                dayRows.append(row(visit, in: day, stops: stops, settings: settings))
                if visit.departure != nil, let leg = day.legs.first(where: { $0.from == visit.stop && $0.share.lowerBound == 0 }) { add(leg) }
            }
            if let stopover = day.stopover { dayRows.append(row(stopover, departure: nil, unit: unit)) }
            rows += dayRows.map {
                var row = $0; row.day = number; return row
            }
        }
        return rows
    }

    private static func heading(_ day: Itinerary.Day, unit: DistanceUnit, costs: (TripCosts, TripCosts.Figures)?) -> ItineraryRow {
        var totals =
            day.legs.isEmpty
            ? "no driving"
            : "\(day.isEstimate ? "≈ " : "")\(RouteEstimate.formatDuration(seconds: day.drivingSeconds)) driving · "
                + "\(day.isEstimate ? "≈ " : "")\(unit.format(meters: day.roadMeters))"
        if let (costs, figures) = costs, case let text = costs.text(figures), !text.isEmpty { totals += " · \(text)" }
        return ItineraryRow(kind: .day, title: "Day \(day.number) · \(dateText(day.date))", detail: totals)
    }

    private static func row(_ visit: Itinerary.Visit, in day: Itinerary.Day, stops: [Stop], settings: TripSettings) -> ItineraryRow {
        let zone = visit.timeZone
        let arrival = visit.arrival.map { clock($0, in: zone) }
        let departure = visit.departure.map { clock($0, in: zone) }
        let shown = visit.arrival ?? visit.departure
        var notes: [String] = []
        let stop = stops[visit.stop]
        if let stay = settings.stayHours(at: visit.stop, of: stops), visit.departure != nil {
            notes.append("stay \(RouteEstimate.formatDuration(seconds: stay.hours * 3600))" + (stay.isDefault ? " (default)" : ""))
        }
        if visit.departure == nil, visit.stop == day.visits.last?.stop, day.end != .tripEnd {
            notes.append(nightNote(day.end))
        }
        // A time on another date than the day's own (past midnight, or a zone's date line) says which.
        if let shown, LocalDay(shown, in: zone) != day.date { notes.append(dateText(LocalDay(shown, in: zone))) }
        return ItineraryRow(
            kind: .visit, time: day.end == .rest ? "" : timeText(arrival: arrival, departure: departure),
            zone: shown.map { zoneName(zone, at: $0) } ?? "",
            title: "\(visit.stop + 1). \(stop.name)", detail: notes.joined(separator: " · "), sun: sunText(visit.sun, in: zone))
    }

    /// Where a day ends on the road (its arrival), where the next one sets out again
    /// (`departure`), or where the limit would end it: the place to sleep there.
    private static func row(_ stopover: Itinerary.Stopover, departure: Date?, unit: DistanceUnit) -> ItineraryRow {
        let zone = stopover.timeZone
        let shown = departure ?? stopover.arrival
        let near = stopover.suggestion.map { "near \($0.place.name)" } ?? "on the road"
        var notes: [String] = []
        if departure == nil {
            if stopover.isProposal { notes.append("\(RouteEstimate.formatDuration(seconds: stopover.driveOnSeconds)) more driving") }
            if let suggestion = stopover.suggestion {
                let place = suggestion.place
                let size = place.population > 0 ? "\(place.kindText) of \(DistanceUnit.grouped(place.population))" : place.kindText
                notes.append("\(size), \(unit.format(meters: unit.shown(meters: suggestion.offRouteMeters))) off the route")
                if !suggestion.beds.isEmpty {
                    notes.append(
                        "beds: "
                            + suggestion.beds.map {
                                "\($0.place.name) (\($0.place.kindText), \(unit.format(meters: unit.shown(meters: $0.offRouteMeters))) off)"
                            }
                            .joined(separator: ", "))
                }
            } else {
                notes.append("no town on the way within \(OvernightPlaces.reach) km")
            }
        }
        let title =
            departure != nil
            ? "from \(stopover.suggestion.map { "near \($0.place.name)" } ?? "the road")"
            : stopover.isProposal ? "or on to \(stopover.suggestion?.place.name ?? "")" : near
        if departure == nil, !stopover.isProposal { notes.insert("night here (daily limit)", at: 0) }
        let sun = SunTimes.on(LocalDay(shown, in: zone), at: stopover.point, in: zone)
        return ItineraryRow(
            kind: .stopover, time: departure.map { "      → \(clock($0, in: zone))" } ?? clock(stopover.arrival, in: zone),
            zone: zoneName(zone, at: shown), title: title, detail: notes.joined(separator: " · "), sun: sunText(sun, in: zone))
    }

    /// "11:00 → 12:30" for a stay, "09:05" passing through or arriving, "      → 09:00" leaving.
    private static func timeText(arrival: String?, departure: String?) -> String {
        switch (arrival, departure) {
        case let (arrival?, departure?): return arrival == departure ? arrival : "\(arrival) → \(departure)"
        case let (arrival?, nil): return arrival
        case let (nil, departure?): return "      → \(departure)"
        case (nil, nil): return ""
        }
    }

    private static func nightNote(_ end: Itinerary.DayEnd) -> String {
        switch end {
        case .planned: return "night here"
        case .dailyLimit: return "night here (daily limit)"
        case .sunset: return "night here (sunset)"
        case .rest: return "a day here"
        case .tripEnd: return ""
        }
    }

    private static func row(_ leg: Itinerary.Leg, unit: DistanceUnit, part: (Int, Int)?, unicode: Bool) -> ItineraryRow {
        var warnings: [String] = []
        if leg.exceedsDailyLimit {
            // About the whole leg, on the line of a day's part of it (issue 53, item 11): the
            // part itself, half an hour perhaps, is not longer than the limit. The limit is the
            // plan's heading's; the line stays short enough for "☾ after dark" after it.
            let whole = "a \(leg.mark)\(RouteEstimate.formatDuration(seconds: leg.legSeconds)) leg \(longLegWarning)"
            warnings.append("\(unicode ? "⚠" : "!") " + (part.map { "part \($0.0) of \($0.1) of \(whole)" } ?? whole))
        }
        if leg.isAfterDark { warnings.append("\(unicode ? "☾" : "*") after dark") }
        let arrow = unicode ? "↓" : "v"
        return ItineraryRow(
            kind: .leg, title: "\(arrow) \(leg.mark)\(RouteEstimate.formatDuration(seconds: leg.seconds)) · \(leg.mark)\(unit.format(meters: leg.roadMeters))",
            detail: warnings.joined(separator: " · "), isWarning: leg.exceedsDailyLimit)
    }

    /// Where to fill up (`n` adds the station as a stop), a stretch longer than the range, or one
    /// where it cannot be known: "fill up at BP (11.5 km of 39.6 km)", "on the road · 11.5 km from
    /// the start; the next is out of range".
    private static func row(_ note: FuelStops.Note, settings: TripSettings, tripMeters: Double, unit: DistanceUnit, unicode: Bool) -> ItineraryRow {
        let electric = settings.fuel == .electric
        let range = unit.format(meters: (settings.rangeKm ?? 0) * 1_000)
        func at(_ meters: Double) -> String { meters <= 0 ? "the start" : meters >= tripMeters - 1 ? "the end" : unit.format(meters: meters) }
        let stretch = "from \(at(note.from)) to \(at(note.to)) of \(unit.format(meters: tripMeters))"
        let long = unit.format(meters: note.to - note.from)
        switch note.kind {
        case .fillUp(let station):
            let off = note.offMeters < AlongTheRoute.Row.onTheRoadMeters ? "on the road" : "\(unit.format(meters: note.offMeters)) off"
            return ItineraryRow(
                kind: .fuel,
                title: "\(electric ? "charge" : "fill up") at \(station.name) (\(unit.format(meters: note.to)) of \(unit.format(meters: tripMeters)))",
                detail: "\(off) · \(long) from \(note.from <= 0 ? "the start" : "the last fill-up"); the next is out of range")
        case .tooFar:
            return ItineraryRow(
                kind: .fuel, title: "\(unicode ? "⚠" : "!") \(long) without \(electric ? "a charger" : "fuel")",
                detail: "\(stretch): longer than the \(range) range", isWarning: true)
        case .unknown:
            return ItineraryRow(
                kind: .fuel, title: "? \(electric ? "chargers" : "fuel") not known for \(long)",
                detail: "\(stretch), where no added region has the stations")
        }
    }

    /// The trip in all: "≈ 24 h 10 min driving · ≈ 1,940 km · fuel €139 · lodging €240 · total €379".
    package static func totals(_ itinerary: Itinerary, unit: DistanceUnit, costs: TripCosts?) -> String {
        let mark = itinerary.days.contains(where: \.isEstimate) ? "≈ " : ""
        var parts = [
            "\(mark)\(RouteEstimate.formatDuration(seconds: itinerary.drivingSeconds)) driving",
            "\(mark)\(unit.format(meters: itinerary.roadMeters))",
        ]
        if let costs {
            let text = costs.text(costs.total)
            if !text.isEmpty { parts.append(text) }
            if costs.total.fuelCost != nil, costs.total.lodging != nil, let cost = costs.total.cost { parts.append("total \(costs.money(cost))") }
        }
        return parts.joined(separator: " · ")
    }

    /// What a leg longer than a day's driving is flagged with (the README quotes it).
    package static let longLegWarning = "longer than the daily limit"

    // MARK: Dates and times, in English whatever the locale (as the rest of the program speaks)

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Wed 1 Jul 2026".
    package static func dateText(_ date: LocalDay) -> String {
        "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "09:05", in `zone`: the instant rounded to the nearest minute (09:04:40 is 09:05), as
    /// the plan's durations are, so that the time between two clocks shown is the one shown.
    package static func clock(_ instant: Date, in zone: TimeZone) -> String {
        let minute = Date(timeIntervalSinceReferenceDate: LegFigures.toTheMinute(instant.timeIntervalSinceReferenceDate))
        let parts = LocalDay.calendar(in: zone).dateComponents([.hour, .minute], from: minute)
        return ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)?.description ?? "--:--"
    }

    /// "Tue 14:35": `clock`'s time after its weekday, both of the minute it is rounded to (23:59:40
    /// on a Monday is "Tue 00:00"), for a list that shows one time a stop over several days.
    package static func weekdayAndClock(_ instant: Date, in zone: TimeZone) -> String {
        let minute = Date(timeIntervalSinceReferenceDate: LegFigures.toTheMinute(instant.timeIntervalSinceReferenceDate))
        return "\(weekdays[LocalDay(minute, in: zone).weekday - 1]) \(clock(minute, in: zone))"
    }

    /// "PDT", "JST", "CEST", "GMT-3": the zone's short name in use at `instant` (`ZoneAbbreviation`).
    package static func zoneName(_ zone: TimeZone, at instant: Date) -> String {
        ZoneAbbreviation.name(of: zone, at: instant)
    }

    static func sunText(_ sun: SunTimes, in zone: TimeZone) -> String {
        switch sun {
        case .risesAndSets(let sunrise, let sunset): return "sun \(clock(sunrise, in: zone))–\(clock(sunset, in: zone))"
        case .alwaysUp: return "sun up all day"
        case .alwaysDown: return "sun down all day"
        }
    }
}
