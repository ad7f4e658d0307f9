import Foundation

/// A calendar date without a time or zone.
///
/// Day arithmetic is done on a count of days since 1970-01-01 in the proleptic Gregorian calendar,
/// so that adding days never depends on a zone; only the conversions to and from instants take one.
package struct LocalDay: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    package var year: Int, month: Int, day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local date of `instant` in `timeZone` (Gregorian calendar).
    package init(_ instant: Date, in timeZone: TimeZone) {
        let parts = LocalDay.calendar(in: timeZone).dateComponents([.year, .month, .day], from: instant)
        guard let year = parts.year, let month = parts.month, let day = parts.day else {
            // Calendar fills all three for any Gregorian date; the UTC date only satisfies the type checker.
            self.init(daysSinceEpoch: Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)))
            return
        }
        self.init(year: year, month: month, day: day)
    }

    /// `"2026-07-01"`.
    package var description: String {
        let sign = year < 0 ? "-" : ""
        return sign + Self.padded(abs(year), to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
    }

    /// Parses "YYYY-MM-DD"; nil when not a real date (Feb 30 → nil).
    package init?(iso text: String) {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              let year = Self.digits(fields[0]), let month = Self.digits(fields[1]), let day = Self.digits(fields[2])
        else { return nil }
        let candidate = LocalDay(year: year, month: month, day: day)
        // A date that is not real (month 13, Feb 30) comes back from the day count as another date.
        guard (1...12).contains(month), (1...31).contains(day),
              LocalDay(daysSinceEpoch: candidate.daysSinceEpoch) == candidate else { return nil }
        self = candidate
    }

    /// The day `count` days later (negative: earlier).
    package func adding(days count: Int) -> LocalDay {
        LocalDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The instant of clock time `hour:minute` on this day in `timeZone` (a time skipped by a DST
    /// change moves forward, as Calendar does).
    package func instant(hour: Int, minute: Int, in timeZone: TimeZone) -> Date {
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        if let date = Self.calendar(in: timeZone).date(from: parts) { return date }
        // Calendar gives nil only for components it cannot place; read the clock time as UTC and
        // shift by the zone's offset then, which is right everywhere but inside a DST change.
        let utc = Date(timeIntervalSince1970: Double(daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60))
        return utc.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utc)))
    }

    package static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// A Gregorian calendar in `timeZone`, never the process's own zone or locale.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    private static func padded(_ value: Int, to width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The value of a run of ASCII digits; nil for anything else (signs, spaces, other scripts' digits).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }
}
