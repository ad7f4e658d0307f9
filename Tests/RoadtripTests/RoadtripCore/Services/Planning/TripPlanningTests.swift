import Foundation
@testable import RoadtripCore
import Terminal
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
        #expect(TripPlanning.tooManyStops(Self.trip(stops: TripPlanning.maximumStops)) == nil)
        #expect(TripPlanning.tooManyStops(Self.trip(stops: 0)) == nil)
    }

    @Test func aTripPastTheLimitGetsASentenceWithItsNameClipped() {
        let reason = TripPlanning.tooManyStops(Self.trip(stops: TripPlanning.maximumStops + 1, name: String(repeating: "Long name ", count: 1000)))
        #expect(reason == "“Long name Long name Long name Long name…” has 100,001 stops, and a day-by-day plan is made for at most 100,000: "
                + "split the trip into shorter ones to plan them.")
    }
}
