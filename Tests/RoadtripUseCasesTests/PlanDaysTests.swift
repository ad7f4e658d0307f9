import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// The plan by day through the use case itself: on the legs the front end gives, or refused.
@MainActor
@Suite struct PlanDaysTests {
    static let firstOfJuly = LocalDay(year: 2026, month: 7, day: 1)

    /// Every leg on the road, `hours` long at `kmh`.
    @MainActor
    final class Legs {
        let hours: Double
        let kmh: Double
        var asked = 0

        init(hours: Double, kmh: Double = 80) {
            (self.hours, self.kmh) = (hours, kmh)
        }

        func legs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures]? {
            asked += 1
            return Array(repeating: LegFigures(meters: hours * kmh * 1_000, seconds: hours * 3_600, source: .road), count: max(0, trip.stops.count - 1))
        }
    }

    private func plan(_ legs: Legs, places: PlaceIndexProvider = .unavailable) -> PlanDays {
        PlanDays(legs: legs.legs, places: places, today: { Self.firstOfJuly })
    }

    @Test func theDaysSplitOnTheLegsTheFrontEndGives() throws {
        var trip = Fixtures.pacific
        trip.settings.dailyLimitHours = 5
        // Two legs of four hours each: a day each, as the 5-hour limit allows only one.
        let itinerary = plan(Legs(hours: 4), places: .fixed(FakePlaces.california)).itinerary(for: trip, unit: .km)
        #expect(itinerary.days.count == 2)
        #expect(itinerary.days.first?.date == Self.firstOfJuly)
        #expect(itinerary.drivingSeconds == 8 * 3_600)
        #expect(itinerary.days.first?.visits.first?.timeZone.identifier == "America/Los_Angeles")
        // Short legs: one day.
        #expect(plan(Legs(hours: 1)).itinerary(for: trip, unit: .km).days.count == 1)
    }

    @Test func theCheckedPlanIsTheSamePlan() throws {
        let legs = Legs(hours: 1)
        let checked = try plan(legs).checkedItinerary(for: Fixtures.pacific, unit: .km)
        #expect(checked.drivingSeconds == plan(legs).itinerary(for: Fixtures.pacific, unit: .km).drivingSeconds)
        #expect(checked.days.count == 1)
    }

    @Test func tooManyStopsAreRefusedBeforeTheLegsAreRouted() {
        let legs = Legs(hours: 1)
        let trip = Trip(name: "Everywhere", stops: (0...TripPlanning.maximumStops).map { _ in Stop(name: "Here", location: Fixtures.monterey) })
        let refusal = #expect(throws: PlanDays.Refusal.self) { try plan(legs).checkedItinerary(for: trip, unit: .km) }
        #expect(refusal?.sentence.hasPrefix("“Everywhere” has 100,001 stops, and a day-by-day plan is made for at most 100,000") == true)
        #expect(legs.asked == 0)
    }

    @Test func legsOfMoreDrivingThanAPlanHoldsAreRefused() {
        // Two legs of 30,000 km at walking pace (figures a road leg can have): 60,000 hours of driving.
        let legs = Legs(hours: 30_000, kmh: 1)
        let refusal = #expect(throws: PlanDays.Refusal.self) { try plan(legs).checkedItinerary(for: Fixtures.pacific, unit: .km) }
        #expect(refusal?.sentence.contains("split the trip into shorter ones to plan them.") == true)
        #expect(legs.asked == 1)
    }
}
