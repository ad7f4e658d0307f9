import Foundation
@testable import RoadtripCore
import Testing

@Suite struct LocalDayTests {
    private static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    private static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func parsesRealDates() {
        #expect(LocalDay(iso: "2026-07-01") == LocalDay(year: 2026, month: 7, day: 1))
        #expect(LocalDay(iso: "2024-02-29") == LocalDay(year: 2024, month: 2, day: 29))
        #expect(LocalDay(iso: "2000-02-29") == LocalDay(year: 2000, month: 2, day: 29))
        #expect(LocalDay(iso: "2026-12-31") == LocalDay(year: 2026, month: 12, day: 31))
    }

    @Test(arguments: [
        "2026-02-30", "2026-13-01", "2025-02-29", "1900-02-29", "2026-04-31", "2026-00-10",
        "2026-07-00", "2026-7-01", "2026-07-1", "26-07-01", "2026/07/01", "2026-07-01T00:00",
        " 2026-07-01", "+026-07-01", "2026-+7-01", "abcd-ef-gh", "", "--", "garbage",
        "٢٠٢٦-07-01", "2026-07-01-",
    ])
    func rejectsWhatIsNotARealDate(_ text: String) {
        #expect(LocalDay(iso: text) == nil)
    }

    @Test func describesItselfAsItParses() {
        #expect(LocalDay(year: 2026, month: 7, day: 1).description == "2026-07-01")
        #expect(LocalDay(year: 987, month: 1, day: 2).description == "0987-01-02")
        #expect(LocalDay(iso: LocalDay(year: 2026, month: 11, day: 9).description) == LocalDay(year: 2026, month: 11, day: 9))
    }

    @Test func addsDaysAcrossMonthAndYearEnds() {
        let day = { (text: String) in LocalDay(iso: text) }
        #expect(day("2026-01-31")?.adding(days: 1) == day("2026-02-01"))
        #expect(day("2026-12-31")?.adding(days: 1) == day("2027-01-01"))
        #expect(day("2027-01-01")?.adding(days: -1) == day("2026-12-31"))
        #expect(day("2024-02-28")?.adding(days: 1) == day("2024-02-29"))
        #expect(day("2026-03-01")?.adding(days: -1) == day("2026-02-28"))
        #expect(day("2026-07-01")?.adding(days: 0) == day("2026-07-01"))
        #expect(day("2026-07-01")?.adding(days: 365) == day("2027-07-01"))
        #expect(day("1970-01-01")?.adding(days: -1) == day("1969-12-31"))
        #expect(day("2000-03-01")?.adding(days: -1) == day("2000-02-29"))
    }

    /// The pure day count agrees with Foundation's Gregorian calendar, day by day over decades.
    @Test func dayCountAgreesWithCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try Self.zone("UTC")
        for count in stride(from: -30 * 365, through: 80 * 365, by: 1) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(count) * 86_400))
            let expected = LocalDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
            guard LocalDay(daysSinceEpoch: count) == expected, expected.daysSinceEpoch == count else {
                Issue.record("day \(count): \(LocalDay(daysSinceEpoch: count)) vs \(expected)")
                return
            }
        }
    }

    @Test func localDateOfAnInstantIsTheZonesNotUTCs() throws {
        let evening = try Self.utc("2026-07-01T03:00:00Z")
        #expect(LocalDay(evening, in: try Self.zone("America/Los_Angeles")) == LocalDay(year: 2026, month: 6, day: 30))
        #expect(LocalDay(evening, in: try Self.zone("UTC")) == LocalDay(year: 2026, month: 7, day: 1))
        let morning = try Self.utc("2026-12-31T20:00:00Z")
        #expect(LocalDay(morning, in: try Self.zone("Asia/Tokyo")) == LocalDay(year: 2027, month: 1, day: 1))
        #expect(LocalDay(morning, in: try Self.zone("Pacific/Apia")) == LocalDay(year: 2027, month: 1, day: 1))
    }

    @Test func instantOfAClockTimeFollowsTheZonesOffsetThatDay() throws {
        let losAngeles = try Self.zone("America/Los_Angeles")
        let changeDay = LocalDay(year: 2026, month: 3, day: 8)
        #expect(changeDay.instant(hour: 1, minute: 30, in: losAngeles) == (try Self.utc("2026-03-08T09:30:00Z")))
        #expect(changeDay.instant(hour: 12, minute: 0, in: losAngeles) == (try Self.utc("2026-03-08T19:00:00Z")))
        #expect(changeDay.adding(days: -1).instant(hour: 12, minute: 0, in: losAngeles) == (try Self.utc("2026-03-07T20:00:00Z")))
    }

    /// 02:30 does not happen in Los Angeles on 2026-03-08: clocks go from 02:00 PST to 03:00 PDT.
    @Test func aSkippedClockTimeMovesForward() throws {
        let losAngeles = try Self.zone("America/Los_Angeles")
        let skipped = LocalDay(year: 2026, month: 3, day: 8).instant(hour: 2, minute: 30, in: losAngeles)
        #expect(skipped == (try Self.utc("2026-03-08T10:30:00Z")))
        #expect(LocalDay(skipped, in: losAngeles) == LocalDay(year: 2026, month: 3, day: 8))
    }

    /// Issue 34: Foundation's Gregorian calendar turns Julian before 15 October 1582, so
    /// 1582-10-10 at 09:00 came back as the 20th in a calendar file. Every conversion is now in
    /// the proleptic Gregorian calendar of the day count: the day goes out and comes back itself.
    @Test func daysBeforeTheGregorianReformStayThemselves() throws {
        let utc = try Self.zone("UTC"), tokyo = try Self.zone("Asia/Tokyo")
        for day in [LocalDay(year: 1582, month: 10, day: 10), LocalDay(year: 1_200, month: 2, day: 29), LocalDay(year: 1, month: 1, day: 1)] {
            for zone in [utc, tokyo] {
                #expect(LocalDay(day.instant(hour: 9, minute: 0, in: zone), in: zone) == day, "\(day) in \(zone.identifier)")
            }
        }
        #expect(
            LocalDay(year: 1582, month: 10, day: 10).instant(hour: 0, minute: 0, in: utc).timeIntervalSince1970
                == Double(LocalDay(year: 1582, month: 10, day: 10).daysSinceEpoch) * 86_400)
    }

    @Test func ordersByYearThenMonthThenDay() {
        let days = ["2026-07-02", "2025-12-31", "2026-06-30", "2026-07-01"].compactMap { LocalDay(iso: $0) }
        #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-06-30", "2026-07-01", "2026-07-02"])
    }
}
