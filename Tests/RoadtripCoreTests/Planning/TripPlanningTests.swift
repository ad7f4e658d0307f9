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
        #expect(
            reason == "“Long name Long name Long name Long name…” has 100,001 stops, and a day-by-day plan is made for at most 100,000: "
                + "split the trip into shorter ones to plan them.")
    }

    /// A rest day costs as much as a stop: 100,000 stops of 365 nights would be 36 million days.
    @Test func staysOfTooManyNightsInAllGetASentence() {
        var trip = Self.trip(stops: 300)
        for index in trip.stops.indices { trip.stops[index].stay = .nights(365) }
        #expect(
            TripPlanning.tooLargeToPlan(trip) == "“Huge” has stays of 109,500 nights in all, and a day-by-day plan is made for at most 100,000: "
                + "split the trip into shorter ones to plan them.")
        trip.stops.removeLast(27)
        #expect(TripPlanning.tooLargeToPlan(trip) == nil)
    }

    /// Issue 34: a plan is bounded by its driving too, road figures and estimates alike.
    @Test func moreDrivingThanAPlanHoldsGetsASentence() {
        let places = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 179)]
        var trip = Trip(name: "Far", stops: (0..<3).map { Stop(name: "S\($0)", location: places[$0 % 2]) })
        // Two legs of the Earth's circumference at about 1 km/h: nearly as much as a leg may be, twice.
        let slowest = LegFigures(meters: LegFigures.maximumMeters, seconds: LegFigures.maximumMeters * 3.5, source: .road)
        #expect(
            TripPlanning.tooLargeToPlan(trip, legs: [slowest, slowest]) == "“Far” has about 77,924 hours of driving, and a day-by-day plan is made "
                + "for at most 50,000: split the trip into shorter ones to plan them.")
        #expect(
            TripPlanning.tooLargeToPlan(trip, legs: [slowest, LegFigures(meters: 1e308, seconds: 1e308, source: .road)]) == nil,
            "a figure no leg can have is the estimate's instead")
        // Estimated: half the Earth three times over at the slowest speed the settings allow.
        trip.stops += (3..<12).map { Stop(name: "S\($0)", location: places[$0 % 2]) }
        trip.settings.averageSpeedKmh = 5
        trip.settings.roadFactor = 3
        let refusal = TripPlanning.tooLargeToPlan(trip) ?? ""
        #expect(refusal.hasPrefix("“Far” has about ") && refusal.contains(" hours of driving, and a day-by-day plan is made for at most 50,000"), "\(refusal)")
        trip.stops.removeLast(8)
        #expect(TripPlanning.tooLargeToPlan(trip) == nil, "three such legs are some 36,000 hours")
    }
}
