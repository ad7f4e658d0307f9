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

    /// The local date of `instant` in `timeZone`, in the proleptic Gregorian calendar like every
    /// other date of the program (Foundation's Gregorian calendar turns Julian before 15 October
    /// 1582, which made 1582-10-10 the 20th in a calendar file, issue 34).
    package init(_ instant: Date, in timeZone: TimeZone) {
        let local = (instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))) / 86_400
        self.init(daysSinceEpoch: Int(local.rounded(.down)))
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
            LocalDay(daysSinceEpoch: candidate.daysSinceEpoch) == candidate
        else { return nil }
        self = candidate
    }

    /// The day `count` days later (negative: earlier).
    package func adding(days count: Int) -> LocalDay {
        LocalDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The instant of clock time `hour:minute` on this day in `timeZone`, proleptic Gregorian as
    /// above. A clock time a daylight-saving change skips moves forward by the change (02:30 on
    /// the spring change is 03:30); one it repeats is the first of the two.
    package func instant(hour: Int, minute: Int, in timeZone: TimeZone) -> Date {
        let wallClock = Double(daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60)
        let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock))
        let offsets = Set([guess, timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock - Double(guess)))])
        let fitting = offsets.filter { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock - Double($0))) == $0 }
        // The larger offset is the earlier instant of a repeated time; a skipped time has no
        // fitting offset, and the one before the change (the smaller) puts it after the change.
        let offset = fitting.max() ?? offsets.min() ?? guess
        return Date(timeIntervalSince1970: wallClock - Double(offset))
    }

    /// The years a trip may start in (`set start-date`, and a calendar export): from the first
    /// whole year of the Gregorian calendar, which every date of roadtrip is in, to a year that
    /// leaves the longest trip roadtrip plans (100,000 stops and 100,000 nights: under 550 years)
    /// inside 9999, the last year a calendar file can write. Issue 34: 9999-12-31 wrote a change
    /// dated "100000312T020000", and 0001-01-01 a zone that Python's icalendar cannot read.
    package static let startYears = 1_583...9_000

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
