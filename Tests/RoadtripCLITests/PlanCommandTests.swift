import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing
import RoadtripTestSupport

/// `roadtrip plan` gives every figure one meaning (issue 35): a leg's distance is by road (an
/// estimate's estimated road distance), a day's and the trip's are the sums of their legs', and
/// the times shown differ by the durations shown.
@MainActor
@Suite struct PlanCommandTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    /// Pacific Drive planned from 09:00 on 1 July 2026 with `legs`' figures.
    static func itinerary(legs: [LegFigures]? = nil) -> Itinerary {
        var trip = Fixtures.pacific
        trip.settings.startDate = LocalDay(year: 2026, month: 7, day: 1)
        return TripPlanning.itinerary(for: trip, unit: .km, places: nil, today: LocalDay(year: 2026, month: 7, day: 1), legs: legs)
    }

    static let road = LegFigures(meters: 58_234, seconds: 3_917, source: .road)
    static let estimate = LegFigures.estimated(
        geodesicMeters: TripRoute(Fixtures.pacific).legMeters[1], estimate: RouteEstimate(), reason: "no region covers Morro Bay")

    @Test func eachDistanceIsByRoadAndEachTotalTheSumOfItsLegs() throws {
        for legs in [nil, [Self.road, Self.estimate]] {
            let report = PlanCommand.report(for: Fixtures.pacific, itinerary: Self.itinerary(legs: legs), unit: .km)
            let planned = report.days.flatMap(\.legs)
            #expect(planned.count == 2)
            let expected = legs ?? LegFigures.estimated(legs: TripRoute(Fixtures.pacific).legMeters, estimate: RouteEstimate())
            #expect(planned.map(\.distanceMeters) == expected.map(\.meters), "an estimate's distance is its estimated road distance")
            for day in report.days {
                #expect(day.distanceMeters == day.legs.reduce(0) { $0 + $1.distanceMeters })
                #expect(day.durationSeconds == day.legs.reduce(0) { $0 + $1.durationSeconds })
            }
            #expect(report.distanceMeters == report.days.reduce(0) { $0 + $1.distanceMeters })
            #expect(report.durationSeconds == planned.reduce(0) { $0 + $1.durationSeconds })
        }
    }

    @Test func aLegsTimesAreOnTheMinuteAndDifferByItsDuration() throws {
        let report = PlanCommand.report(for: Fixtures.pacific, itinerary: Self.itinerary(legs: [Self.road, Self.estimate]), unit: .km)
        let stamps = ISO8601DateFormatter()
        for leg in report.days.flatMap(\.legs) {
            let departure = try #require(stamps.date(from: leg.departure)), arrival = try #require(stamps.date(from: leg.arrival))
            #expect(arrival.timeIntervalSince(departure) == leg.durationSeconds, "\(leg)")
            #expect(
                leg.durationSeconds.truncatingRemainder(dividingBy: 60) == 0 && departure.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0,
                "\(leg)")
        }
        // The road leg's 3,917 s are 65 minutes, as show gives them ("1 h 05 min").
        #expect(report.days[0].legs[0].durationSeconds == 65 * 60)
    }

    @Test func theTextsDayAndTotalAreTheSumsOfTheLegsShown() {
        // The legs' times as shown, added up: not their seconds added up, then rounded.
        let text = PlanCommand.text(for: Fixtures.pacific, itinerary: Self.itinerary(legs: [Self.road, Self.estimate]), unit: .km)
        let estimated = RouteEstimate.formatDuration(seconds: Self.estimate.shownSeconds)
        let total = RouteEstimate.formatDuration(seconds: 3_900 + Self.estimate.shownSeconds)
        #expect(text.contains("↓ 1 h 05 min · 58.2 km") && text.contains("↓ ≈ \(estimated) · ≈ "), "\(text)")
        #expect(text.contains(" — ≈ \(total) driving · ≈ ") && text.contains("In all — ≈ \(total) driving"), "\(text)")
        #expect(text.contains("09:00") && text.contains("10:05"), "the clocks differ by the leg shown: \(text)")
    }
}
