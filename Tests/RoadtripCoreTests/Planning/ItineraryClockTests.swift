import Foundation
@testable import RoadtripCore
import Testing

/// The itinerary's clock times and durations agree (issue 35, item 4): "09:05 … ↓ 7 min … 09:11"
/// came from clocks cut to the minute beside durations rounded to it. The time shown for a leg
/// or a stay is the difference of the clock times shown around it, and a day's driving is the
/// sum of the legs shown.
struct ItineraryClockTests {
    typealias Plans = ItineraryPlannerTests

    static let stops = (0...3).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0) / 10)) }

    /// Legs of these seconds on roads (with `stays` hours at the stops), planned from 09:00.
    static func rows(seconds: [Double], stays: [Int: Double] = [:], estimate: Bool = false) -> [ItineraryRow] {
        var stops = Self.stops
        for (index, hours) in stays { stops[index].stay = .hours(hours) }
        var planner = ItineraryPlanner(
            stops: stops, legMeters: seconds.map { $0 * 20 }, estimate: RouteEstimate(roadFactor: 1.25, averageSpeedKmh: 80),
            settings: TripSettings(startDate: Plans.day), timeZones: Array(repeating: Plans.chicago, count: stops.count),
            today: Plans.day)
        if !estimate { planner.legFigures = seconds.map { LegFigures(meters: $0 * 20, seconds: $0, source: .road) } }
        return ItineraryRows.rows(for: planner.plan(), stops: stops, unit: .km)
    }

    /// Minutes of "1 h 05 min", "7 min", "≈ 2 h 00 min".
    static func minutes(_ text: some StringProtocol) -> Int? {
        let words = text.split(separator: " ").filter { $0 != "≈" }
        guard let last = words.firstIndex(of: "min"), last > 0, let minutes = Int(words[last - 1]) else { return nil }
        if last >= 3, words[last - 2] == "h", let hours = Int(words[last - 3]) { return hours * 60 + minutes }
        return minutes
    }

    /// The minutes since midnight of every "HH:MM" in `text`, in order.
    static func clocks(_ text: String) -> [Int] {
        text.split(whereSeparator: { $0 == " " || $0 == "→" }).compactMap { word in
            let parts = word.split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
            return hour * 60 + minute
        }
    }

    /// Each leg row's minutes against the clocks of the stop rows around it.
    static func legsAgainstClocks(_ rows: [ItineraryRow]) -> [(shown: Int?, between: Int?)] {
        rows.indices.filter { rows[$0].kind == .leg }.map { index in
            let departure = clocks(rows[index - 1].time).last, arrival = clocks(rows[index + 1].time).first
            return (minutes(rows[index].title.split(separator: "·")[0]), arrival.flatMap { arrival in departure.map { arrival - $0 } })
        }
    }

    @Test func aClockIsTheInstantToTheNearestMinute() {
        let nine = Plans.day.instant(hour: 9, minute: 4, in: Plans.chicago)
        #expect(ItineraryRows.clock(nine + 40, in: Plans.chicago) == "09:05")
        #expect(ItineraryRows.clock(nine + 29, in: Plans.chicago) == "09:04")
    }

    @Test func eachLegTakesTheTimeBetweenTheClocksShown() {
        // 4 min 40 s, 6 min 36 s, 7 min 29 s: cut to the minute the clocks read 09:00, 09:04, 09:11, 09:18.
        let rows = Self.rows(seconds: [280, 396, 449])
        let legs = Self.legsAgainstClocks(rows)
        #expect(legs.count == 3)
        for leg in legs { #expect(leg.shown != nil && leg.shown == leg.between, "\(rows.map(\.time)) \(rows.map(\.title))") }
        #expect(Self.clocks(rows.last?.time ?? "") == [9 * 60 + 19])
    }

    @Test func aStayTakesTheTimeBetweenItsClocks() throws {
        // A stay of 0.33 h is 19.8 minutes: "stay 20 min", and it leaves 20 minutes after it arrives.
        let rows = Self.rows(seconds: [600, 600, 600], stays: [1: 0.33])
        let visit = try #require(rows.first { $0.title == "2. S1" })
        #expect(visit.detail == "stay 20 min")
        let times = Self.clocks(visit.time)
        #expect(times.count == 2 && times[1] - times[0] == 20, "\(visit.time)")
        for leg in Self.legsAgainstClocks(rows) { #expect(leg.shown == leg.between) }
    }

    @Test func aDaysDrivingIsTheSumOfItsLegsShown() throws {
        // Estimates of odd lengths: 13.3, 13.3 and 13.4 minutes would round to 40 minutes together, shown as 13 + 13 + 13.
        for rows in [Self.rows(seconds: [798, 798, 804]), Self.rows(seconds: [798, 798, 804], estimate: true)] {
            let legs = rows.filter { $0.kind == .leg }.compactMap { Self.minutes($0.title.split(separator: "·")[0]) }
            let day = try #require(rows.first { $0.kind == .day })
            #expect(legs.count == 3 && Self.minutes(day.detail.split(separator: "·")[0]) == legs.reduce(0, +), "\(day.detail) \(legs)")
        }
    }

    @Test func thePlanKeepsWholeMinutes() {
        let planner = ItineraryPlanner(
            stops: Self.stops, legMeters: [10_123, 20_456, 30_789], estimate: RouteEstimate(),
            settings: TripSettings(startDate: Plans.day, dailyLimitHours: 7.991), timeZones: Array(repeating: Plans.chicago, count: 4),
            today: Plans.day)
        let itinerary = planner.plan()
        let legs = itinerary.days.flatMap(\.legs)
        #expect(legs.allSatisfy { $0.seconds.truncatingRemainder(dividingBy: 60) == 0 && $0.arrival.timeIntervalSince($0.departure) == $0.seconds })
        #expect(itinerary.dailyLimitSeconds.truncatingRemainder(dividingBy: 60) == 0)
        #expect(itinerary.drivingSeconds == legs.reduce(0) { $0 + $1.seconds })
    }
}
