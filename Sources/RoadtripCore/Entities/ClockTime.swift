import Foundation

/// A time of day on a 24-hour clock, without a date or zone: when the days of a trip start.
package struct ClockTime: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    package let hour: Int
    package let minute: Int

    /// Nil unless 0 ≤ hour < 24 and 0 ≤ minute < 60.
    package init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// "9:00", "09:00", "17:30", "9" or "0930" as people type them; nil when not a time of day.
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        let digits: (Substring, Substring)
        switch parts.count {
        case 1 where trimmed.count == 4: digits = (trimmed.prefix(2)[...], trimmed.suffix(2)[...])
        case 1 where (1...2).contains(trimmed.count): digits = (trimmed[...], "00")
        case 2 where parts[1].count == 2: digits = (parts[0], parts[1])
        default: return nil
        }
        guard digits.0.allSatisfy(\.isASCII), digits.1.allSatisfy(\.isASCII), !digits.0.isEmpty,
            let hour = Int(digits.0), let minute = Int(digits.1)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// "09:00".
    package var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    package static func < (lhs: ClockTime, rhs: ClockTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}
