import Foundation
@testable import RoadtripCore
import Testing

/// The itinerary on road times (issue 23): a leg on roads takes its road time and length, and the
/// days split on them; an estimate keeps its mark and reason.
struct ItineraryRoadLegsTests {
    typealias Plans = ItineraryPlannerTests

    static func plan(hours: [Double], figures: [LegFigures]) -> Itinerary {
        let stops = (0...hours.count).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        var planner = ItineraryPlanner(stops: stops, legMeters: hours.map { $0 * 100_000 }, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
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
        let rows = ItineraryRows.rows(for: itinerary, stops: (0...3).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) },
                                      unit: .km, unicode: true)
        #expect(rows.contains { $0.kind == .leg && $0.title == "↓ 6 h 00 min · 450 km" })
        #expect(rows.contains { $0.kind == .leg && $0.title == "↓ ≈ 3 h 00 min · ≈ 300 km" })
        #expect(rows.first?.detail == "6 h 00 min driving · 450 km")
    }

    @Test func figuresOfAnotherCountAreIgnored() {
        let itinerary = Self.plan(hours: [3, 3], figures: [LegFigures(meters: 1, seconds: 1, source: .road)])
        #expect(itinerary.days.flatMap(\.legs).allSatisfy { $0.source == .estimate && $0.seconds == 3 * 3_600 })
    }
}
