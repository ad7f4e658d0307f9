import Foundation
import RoadtripCore

/// A VTIMEZONE (RFC 5545 §3.6.5) for one zone over the span a calendar's times fall in, made
/// from the zone's own transitions (Foundation's `nextDaylightSavingTimeTransition`): the
/// observance in force at the span's start, then one STANDARD or DAYLIGHT per change inside it.
/// A calendar program needs no zone database of its own to read the times.
enum ICalendarTimeZone {
    /// More changes than any span of trip can hold (100,000 nights are 274 years, 548 changes):
    /// a zone whose transitions never end does not loop forever.
    static let maximumTransitions = 2_000

    static func lines(for zone: TimeZone, identifier: String, from start: Date, to end: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(ICalendarText.escaped(identifier))"]
        let offset = zone.secondsFromGMT(for: start)
        lines += observance(zone, at: start, from: offset, to: offset)
        var cursor = start
        for _ in 0..<maximumTransitions {
            guard let change = zone.nextDaylightSavingTimeTransition(after: cursor), change > cursor, change <= end else { break }
            lines += observance(zone, at: change, from: zone.secondsFromGMT(for: change - 1), to: zone.secondsFromGMT(for: change))
            cursor = change
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// One observance starting at `instant`: its DTSTART is the wall-clock time just before the
    /// change (RFC 5545's convention: 01:00 for London's spring change to BST at 01:00 GMT).
    private static func observance(_ zone: TimeZone, at instant: Date, from: Int, to: Int) -> [String] {
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        return [
            "BEGIN:\(kind)",
            "DTSTART:\(wallClock(instant, offset: from))",
            "TZOFFSETFROM:\(offsetText(from))",
            "TZOFFSETTO:\(offsetText(to))",
            "TZNAME:\(ICalendarText.escaped(ZoneAbbreviation.name(of: zone, at: instant)))",
            "END:\(kind)",
        ]
    }

    /// "+0100", "-0330", "+0000"; seconds only when there are some ("+005328"), as RFC 5545's
    /// UTC-OFFSET allows.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let (hours, rest) = magnitude.quotientAndRemainder(dividingBy: 3600)
        let (minutes, secondsLeft) = rest.quotientAndRemainder(dividingBy: 60)
        return sign + two(hours) + two(minutes) + (secondsLeft == 0 ? "" : two(secondsLeft))
    }

    /// "20261125T090000": the clock time of `instant` at `offset` seconds from UTC (a DATE-TIME
    /// without a zone, as VTIMEZONE's DTSTART and a TZID'd time are written).
    static func wallClock(_ instant: Date, offset: Int) -> String {
        let seconds = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let (days, time) = floorDivision(seconds, 86_400)
        let date = LocalDay(daysSinceEpoch: days)
        let (hour, rest) = time.quotientAndRemainder(dividingBy: 3600)
        return four(date.year) + two(date.month) + two(date.day) + "T" + two(hour) + two(rest / 60) + two(rest % 60)
    }

    /// "20261125T080000Z": `instant` in UTC.
    static func utc(_ instant: Date) -> String {
        wallClock(instant, offset: 0) + "Z"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func four(_ value: Int) -> String {
        let text = String(max(0, value))
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
