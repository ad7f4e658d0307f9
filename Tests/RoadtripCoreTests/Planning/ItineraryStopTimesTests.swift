import Foundation
@testable import RoadtripCore
import Testing

/// Each stop's time in the plan (issue 56, item 13: the trip screen's arrival clock), read from
/// the days the day view shows: the first stop's departure, every other stop's first arrival,
/// marked estimated after an estimated leg.
struct ItineraryStopTimesTests {
    typealias Plans = ItineraryPlannerTests

    /// "→09:00", "≈12:00", "12:00", "-": each stop's time as its marks and clock, in Chicago.
    static func texts(_ times: [Itinerary.StopTime?]) -> [String] {
        times.map { time in
            guard let time else { return "-" }
            return (time.isDeparture ? "→" : time.isEstimate ? "≈" : "") + ItineraryRows.clock(time.instant, in: time.timeZone)
        }
    }

    @Test func eachStopHasItsFirstArrivalNotTheNextMorningsDeparture() {
        // Day 1: S0 09:00, S1 12:00, S2 15:00 (night); day 2: S2 left 09:00, S3 12:00, S4 15:00.
        let itinerary = Plans.plan(hours: [3, 3, 3, 3])
        let times = itinerary.stopTimes(stopCount: 5)
        #expect(Self.texts(times) == ["→09:00", "≈12:00", "≈15:00", "≈12:00", "≈15:00"])
        #expect(times.compactMap { $0.map { LocalDay($0.instant, in: Plans.chicago).day } } == [1, 1, 1, 2, 2])
    }

    @Test func aTimeIsAnEstimateOnceAnEstimatedLegComesBeforeIt() {
        let road = LegFigures(meters: 100_000, seconds: 3_600, source: .road)
        let estimate = LegFigures(meters: 100_000, seconds: 3_600, source: .estimate, reason: "no region covers S2")
        let itinerary = ItineraryRoadLegsTests.plan(hours: [1, 1, 1], figures: [road, estimate, road])
        #expect(Self.texts(itinerary.stopTimes(stopCount: 4)) == ["→09:00", "10:00", "≈11:00", "≈12:00"])
    }

    @Test func theFirstStopsTimeIsWhenTheTripSetsOutFromIt() {
        let stay = Plans.plan(hours: [1]) { $0[0].stay = .hours(2) }
        #expect(Self.texts(stay.stopTimes(stopCount: 2)) == ["→11:00", "≈12:00"])
        // Two nights at the first stop: the trip sets out on the third morning.
        let nights = Plans.plan(hours: [1]) { $0[0].stay = .nights(2) }
        let times = nights.stopTimes(stopCount: 2)
        #expect(Self.texts(times) == ["→09:00", "≈10:00"])
        #expect(times.map { $0.map { LocalDay($0.instant, in: Plans.chicago).day } } == [3, 3])
    }

    @Test func aStopWithAStayIsTimedOnArrival() {
        let itinerary = Plans.plan(hours: [1, 1]) { $0[1].stay = .hours(2) }
        #expect(Self.texts(itinerary.stopTimes(stopCount: 3)) == ["→09:00", "≈10:00", "≈13:00"])
    }

    @Test func aLegLongerThanADayArrivesAfterItsNightsOnTheRoad() {
        // 20 h of driving at 8 h a day: 09:00–17:00, 09:00–17:00, then 4 h on the third day.
        let itinerary = Plans.plan(hours: [20])
        let times = itinerary.stopTimes(stopCount: 2)
        #expect(Self.texts(times) == ["→09:00", "≈13:00"])
        #expect(times[1].map { LocalDay($0.instant, in: Plans.chicago).day } == 3)
    }

    @Test func eachTimeIsInItsStopsZone() {
        let itinerary = Plans.plan(hours: [2, 2], zones: [Plans.chicago, Plans.denver, Plans.losAngeles])
        let times = itinerary.stopTimes(stopCount: 3)
        #expect(times.map { $0?.timeZone } == [Plans.chicago, Plans.denver, Plans.losAngeles])
        #expect(Self.texts(times) == ["→09:00", "≈10:00", "≈11:00"], "09:00 in Chicago, 2 h later in Denver, 2 h more in Los Angeles")
    }

    @Test func stopsPastTheEndOfAPlanCutShortHaveNoTime() {
        let stops = (0...6).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        var planner = ItineraryPlanner(
            stops: stops, legMeters: Array(repeating: 500_000, count: 6), estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: TripSettings(startDate: Plans.day), timeZones: Array(repeating: Plans.chicago, count: 7), today: Plans.day)
        planner.dayLimit = 2
        let itinerary = planner.plan()
        #expect(itinerary.isCut)
        let times = itinerary.stopTimes(stopCount: 7)
        #expect(times.prefix(2).allSatisfy { $0 != nil } && times.suffix(4).allSatisfy { $0 == nil }, "\(Self.texts(times))")
    }

    @Test func aTripOfOneStopOrNoneHasNoTimes() {
        #expect(Plans.plan(hours: []).stopTimes(stopCount: 1) == [nil])
        #expect(Plans.plan(hours: []).stopTimes(stopCount: 0).isEmpty)
    }

    @Test func theWeekdayIsTheRoundedMinutes() {
        // Wednesday 1 July 2026, 23:59:40 in Chicago is shown as Thursday 00:00.
        let late = Plans.day.instant(hour: 23, minute: 59, in: Plans.chicago) + 40
        #expect(ItineraryRows.weekdayAndClock(late, in: Plans.chicago) == "Thu 00:00")
        #expect(ItineraryRows.weekdayAndClock(late - 60, in: Plans.chicago) == "Wed 23:59")
    }
}
