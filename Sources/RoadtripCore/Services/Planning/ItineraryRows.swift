import Foundation

/// The itinerary as lines of text, the same for the screen (`i`) and `roadtrip plan`: a heading
/// per day, a line per stop (local times, stay, where the night is spent, the sun), and a line
/// per leg (driving time, distance, and what to watch: a leg past the daily limit, driving after dark).
package struct ItineraryRow: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case day, visit, leg }

    package let kind: Kind
    /// "12:05 → 13:35", "      → 09:00", "18:05 →      ": arrival and departure, local time.
    package var time = ""
    /// The zone's short name at that time ("PDT", "CEST", "GMT-3").
    package var zone = ""
    /// "Day 2 · Thu 2 Jul 2026", "3. Eugene", "↓ ≈ 3 h 05 min · ≈ 280 km".
    package var title = ""
    /// The day's totals; the stop's stay and night; the leg's warnings.
    package var detail = ""
    /// "sun 05:14–21:08", "sun up all day", "sun down all day".
    package var sun = ""
    /// Something to act on: a leg past the daily limit.
    package var isWarning = false
}

package enum ItineraryRows {
    package static func rows(for itinerary: Itinerary, stops: [Stop], unit: DistanceUnit, unicode: Bool = true) -> [ItineraryRow] {
        let limit = RouteEstimate.formatDuration(seconds: itinerary.dailyLimitSeconds)
        var rows: [ItineraryRow] = []
        for day in itinerary.days {
            rows.append(heading(day, unit: unit))
            for visit in day.visits {
                let leg = day.legs.first { $0.from == visit.stop && visit.departure != nil }
                rows.append(row(visit, in: day, stops: stops))
                if let leg { rows.append(row(leg, unit: unit, limit: limit, unicode: unicode)) }
            }
        }
        return rows
    }

    private static func heading(_ day: Itinerary.Day, unit: DistanceUnit) -> ItineraryRow {
        let totals = day.legs.isEmpty
            ? "no driving"
            : "\(day.isEstimate ? "≈ " : "")\(RouteEstimate.formatDuration(seconds: day.drivingSeconds)) driving · "
                + "\(day.isEstimate ? "≈ " : "")\(unit.format(meters: day.roadMeters))"
        return ItineraryRow(kind: .day, title: "Day \(day.number) · \(dateText(day.date))", detail: totals)
    }

    private static func row(_ visit: Itinerary.Visit, in day: Itinerary.Day, stops: [Stop]) -> ItineraryRow {
        let zone = visit.timeZone
        let arrival = visit.arrival.map { clock($0, in: zone) }
        let departure = visit.departure.map { clock($0, in: zone) }
        let shown = visit.arrival ?? visit.departure
        var notes: [String] = []
        let stop = stops[visit.stop]
        if case .hours(let hours) = stop.stay, visit.departure != nil { notes.append("stay \(RouteEstimate.formatDuration(seconds: hours * 3600))") }
        if visit.departure == nil, visit.stop == day.visits.last?.stop, day.end != .tripEnd {
            notes.append(nightNote(day.end))
        }
        // A time on another date than the day's own (past midnight, or a zone's date line) says which.
        if let shown, LocalDay(shown, in: zone) != day.date { notes.append(dateText(LocalDay(shown, in: zone))) }
        return ItineraryRow(kind: .visit, time: day.end == .rest ? "" : timeText(arrival: arrival, departure: departure),
                            zone: shown.map { zoneName(zone, at: $0) } ?? "",
                            title: "\(visit.stop + 1). \(stop.name)", detail: notes.joined(separator: " · "), sun: sunText(visit.sun, in: zone))
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

    private static func row(_ leg: Itinerary.Leg, unit: DistanceUnit, limit: String, unicode: Bool) -> ItineraryRow {
        var warnings: [String] = []
        if leg.exceedsDailyLimit { warnings.append("\(unicode ? "⚠" : "!") over the daily limit (\(limit))") }
        if leg.isAfterDark { warnings.append("\(unicode ? "☾" : "*") after dark") }
        let arrow = unicode ? "↓" : "v"
        return ItineraryRow(kind: .leg, title: "\(arrow) \(leg.mark)\(RouteEstimate.formatDuration(seconds: leg.seconds)) · \(leg.mark)\(unit.format(meters: leg.roadMeters))",
                            detail: warnings.joined(separator: " · "), isWarning: leg.exceedsDailyLimit)
    }

    // MARK: Dates and times, in English whatever the locale (as the rest of the program speaks)

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Wed 1 Jul 2026".
    package static func dateText(_ date: LocalDay) -> String {
        "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "09:05", in `zone`.
    package static func clock(_ instant: Date, in zone: TimeZone) -> String {
        let parts = LocalDay.calendar(in: zone).dateComponents([.hour, .minute], from: instant)
        return ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)?.description ?? "--:--"
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
