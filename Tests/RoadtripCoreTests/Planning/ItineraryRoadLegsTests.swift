import Foundation
@testable import RoadtripCore
import Testing

/// The itinerary on road times (issue 23): a leg on roads takes its road time and length, and the
/// days split on them; an estimate keeps its mark and reason.
struct ItineraryRoadLegsTests {
    typealias Plans = ItineraryPlannerTests

    static func plan(hours: [Double], figures: [LegFigures]) -> Itinerary {
        let stops = (0...hours.count).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        var planner = ItineraryPlanner(
            stops: stops, legMeters: hours.map { $0 * 100_000 }, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: TripSettings(startDate: Plans.day), timeZones: Array(repeating: Plans.chicago, count: stops.count),
            today: Plans.day)
        planner.legFigures = figures
        return planner.plan()
    }

    @Test func daysSplitOnRoadTimesNotOnTheEstimates() {
        // On roads the first leg takes 6 h: with the next of 3 h over the 8 h limit, day one ends after it.
        let road = LegFigures(meters: 450_000, seconds: 6 * 3_600, source: .road)
        let estimate = LegFigures(meters: 300_000, seconds: 3 * 3_600, source: .estimate, reason: "no region covers S3")
        let itinerary = Self.plan(hours: [3, 3, 3], figures: [road, estimate, estimate])
        #expect(itinerary.days.count == 2)
        #expect(itinerary.days[0].legs.count == 1, "estimated, the first day would drive two legs of 3 h")
        let first = itinerary.days[0].legs[0]
        #expect(first.seconds == 6 * 3_600 && first.roadMeters == 450_000 && first.source == .road && first.mark == "")
        #expect(itinerary.days[1].legs.map(\.reason) == ["no region covers S3", "no region covers S3"])
        #expect(!itinerary.days[0].isEstimate && itinerary.days[1].isEstimate)
        let rows = ItineraryRows.rows(
            for: itinerary, stops: (0...3).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) },
            unit: .km, unicode: true)
        #expect(rows.contains { $0.kind == .leg && $0.title == "↓ 6 h 00 min · 450 km" })
        #expect(rows.contains { $0.kind == .leg && $0.title == "↓ ≈ 3 h 00 min · ≈ 300 km" })
        #expect(rows.first?.detail == "6 h 00 min driving · 450 km")
    }

    @Test func figuresOfAnotherCountAreIgnored() {
        let itinerary = Self.plan(hours: [3, 3], figures: [LegFigures(meters: 1, seconds: 1, source: .road)])
        #expect(itinerary.days.flatMap(\.legs).allSatisfy { $0.source == .estimate && $0.seconds == 3 * 3_600 })
    }

    /// Issue 34: a cached leg of 1e308 seconds planned days without end (2.7 GB, then an abort).
    @Test func figuresNoDriveCanHaveAreTheEstimatesInstead() {
        let bad = [
            LegFigures(meters: 32_821, seconds: 1e308, source: .road), LegFigures(meters: -6_572, seconds: -1e300, source: .road),
            LegFigures(meters: .nan, seconds: 1_590, source: .road), LegFigures(meters: 1e308, seconds: 1_000, source: .road),
            LegFigures(meters: 32_821, seconds: .infinity, source: .road), LegFigures(meters: 32_821, seconds: 1, source: .road),
            LegFigures(meters: 32_821, seconds: 1_590, source: .road, line: [Coordinate(latitude: 95, longitude: 400)]),
        ]
        for leg in bad {
            let itinerary = Self.plan(hours: [3, 3], figures: [leg, LegFigures(meters: 300_000, seconds: 3 * 3_600, source: .road)])
            let legs = itinerary.days.flatMap(\.legs)
            #expect(itinerary.days.count == 1 && !itinerary.isCut, "\(leg)")
            #expect(legs.map(\.source) == [.estimate, .road] && legs[0].seconds == 3 * 3_600 && legs[0].roadMeters == 300_000, "\(leg)")
        }
    }

    @Test func aPlanStopsAtItsMostDays() {
        let stops = (0...2).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        var planner = ItineraryPlanner(
            stops: stops, legMeters: [10_000_000, 100_000], estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: TripSettings(startDate: Plans.day), timeZones: Array(repeating: Plans.chicago, count: 3), today: Plans.day)
        let whole = planner.plan()
        #expect(whole.days.count > 12 && !whole.isCut, "100 h and 1 h, 8 h a day: \(whole.days.count) days")
        planner.dayLimit = 5
        let cut = planner.plan()
        #expect(cut.days.count == 5 && cut.isCut)
    }
}
