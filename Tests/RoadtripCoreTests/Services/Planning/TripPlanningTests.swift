import Foundation
@testable import RoadtripCore
import TextCanvas
import Testing

/// What `TripPlanning` decides before any planning: whether a trip is small enough to plan.
@MainActor
struct TripPlanningTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    private static func trip(stops count: Int, name: String = "Huge") -> Trip {
        let stop = Stop(name: "Here", location: Coordinate(latitude: 1, longitude: 2))
        return Trip(name: name, stops: Array(repeating: stop, count: count))
    }

    @Test func aTripUpToTheLimitIsPlanned() {
        #expect(TripPlanning.tooLargeToPlan(Self.trip(stops: TripPlanning.maximumStops)) == nil)
        #expect(TripPlanning.tooLargeToPlan(Self.trip(stops: 0)) == nil)
    }

    @Test func aTripPastTheLimitGetsASentenceWithItsNameClipped() {
        let reason = TripPlanning.tooLargeToPlan(Self.trip(stops: TripPlanning.maximumStops + 1, name: String(repeating: "Long name ", count: 1000)))
        #expect(reason == "“Long name Long name Long name Long name…” has 100,001 stops, and a day-by-day plan is made for at most 100,000: "
                + "split the trip into shorter ones to plan them.")
    }

    /// A rest day costs as much as a stop: 100,000 stops of 365 nights would be 36 million days.
    @Test func staysOfTooManyNightsInAllGetASentence() {
        var trip = Self.trip(stops: 300)
        for index in trip.stops.indices { trip.stops[index].stay = .nights(365) }
        #expect(TripPlanning.tooLargeToPlan(trip) == "“Huge” has stays of 109,500 nights in all, and a day-by-day plan is made for at most 100,000: "
                + "split the trip into shorter ones to plan them.")
        trip.stops.removeLast(27)
        #expect(TripPlanning.tooLargeToPlan(trip) == nil)
    }
}
