import RoadtripCore

/// A trip day by day, once for both front ends (`roadtrip plan`, i on the trip screen): the days
/// split on the legs' road times where they are on roads, the nights near towns, the times local
/// to each stop.
@MainActor
package struct PlanDays {
    private let legs: TripLegs
    /// For time zones, the towns proposed for the night and the places with beds.
    private let places: PlaceIndexProvider
    /// Today, where the user is: the start of a trip without a start date.
    private let today: () -> LocalDay

    package init(legs: @escaping TripLegs, places: PlaceIndexProvider, today: @escaping () -> LocalDay = { TripPlanning.today() }) {
        self.legs = legs
        self.places = places
        self.today = today
    }

    /// Why `trip` is not planned: too many stops, or too long stays (`TripPlanning.tooLargeToPlan`).
    package struct Refusal: Error, Equatable {
        package let sentence: String
    }

    /// The plan of `trip` in `unit`, on its legs as far as they are known.
    package func itinerary(for trip: Trip, unit: DistanceUnit) -> Itinerary {
        itinerary(for: trip, unit: unit, legs: legs(trip, RouteEstimate(for: trip, unit: unit)))
    }

    /// The plan, unless the trip is too large: its stops and stays asked before the legs are
    /// routed (which would take long), then the driving the legs add up to.
    package func checkedItinerary(for trip: Trip, unit: DistanceUnit) throws(Refusal) -> Itinerary {
        if let refusal = Self.refusal(of: trip) { throw refusal }
        let legs = legs(trip, RouteEstimate(for: trip, unit: unit))
        if let refusal = Self.refusal(of: trip, unit: unit, legs: legs) { throw refusal }
        return itinerary(for: trip, unit: unit, legs: legs)
    }

    /// Why `trip` is not planned on `legs` (nil: each leg its estimate), or nil: the rule the use
    /// cases that plan along a trip (`FindAlong`) ask too, on any thread.
    nonisolated package static func refusal(of trip: Trip, unit: DistanceUnit = .km, legs: [LegFigures]? = nil) -> Refusal? {
        TripPlanning.tooLargeToPlan(trip, unit: unit, legs: legs).map(Refusal.init(sentence:))
    }

    private func itinerary(for trip: Trip, unit: DistanceUnit, legs: [LegFigures]?) -> Itinerary {
        TripPlanning.itinerary(for: trip, unit: unit, places: try? places.value.get(), today: today(), legs: legs)
    }
}
