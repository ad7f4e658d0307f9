import Foundation

/// A trip's itinerary from what the trip holds and where its stops are: the one way the screen
/// (`i`) and `roadtrip plan` make it.
package enum TripPlanning {
    /// The most stops a trip is planned with, and the most nights its stays may add up to. An
    /// itinerary takes about 2 KB a stop and 50 µs to make and print (release build): 100,000
    /// stops are some 200 MB and 5 s, and a thousand pages no one reads day by day; a million took
    /// 2 GB and two minutes. A rest day costs as much as a stop, and 100,000 stops of 365 nights
    /// each would be 36 million of them. Past these a trip is refused with a sentence
    /// (`tooLargeToPlan`) rather than planned slowly.
    package static let maximumStops = 100_000
    package static let maximumNights = 100_000

    /// Why `trip` is not planned, or nil when it can be.
    package static func tooLargeToPlan(_ trip: Trip) -> String? {
        let split = "split the trip into shorter ones to plan them."
        if trip.stops.count > maximumStops {
            return "\(TripText.quoted(trip.name)) has \(DistanceUnit.grouped(trip.stops.count)) stops, and a day-by-day plan is made for at most "
                + "\(DistanceUnit.grouped(maximumStops)): \(split)"
        }
        // At most 100,000 stops of at most 365 nights: the sum fits an Int with room to spare.
        let nights = trip.stops.reduce(0) { $0 + Stay.nights($1.stay, overnight: $1.overnight) }
        if nights > maximumNights {
            return "\(TripText.quoted(trip.name)) has stays of \(DistanceUnit.grouped(nights)) nights in all, and a day-by-day plan is made for at most "
                + "\(DistanceUnit.grouped(maximumNights)): \(split)"
        }
        return nil
    }

    /// The days of `trip`. `unit` is the one it is shown in (it decides the default speed);
    /// `places` gives each stop's time zone; `today` is the start when the trip sets none.
    /// `legs`: each leg's road figures (`RoadRouter.legs`), when some are on roads.
    package static func itinerary(for trip: Trip, unit: DistanceUnit, places: (any PlaceIndex)?, today: LocalDay, legs: [LegFigures]? = nil) -> Itinerary {
        let route = TripRoute(trip)
        var planner = ItineraryPlanner(stops: trip.stops, legMeters: route.legMeters, estimate: RouteEstimate(for: trip, unit: unit),
                                       settings: trip.settings, timeZones: timeZones(of: trip.stops, places: places), today: today)
        planner.legFigures = legs.flatMap { $0.contains { !$0.isEstimate } ? $0 : nil }
        planner.overnightPlaces = places.map(OvernightPlaces.init(places:))
        return planner.plan()
    }

    /// Each stop's zone: the nearest gazetteer place's (GeoNames gives each place one), else,
    /// without a gazetteer or for a zone this machine lacks, the hour of its longitude.
    package static func timeZones(of stops: [Stop], places: (any PlaceIndex)?) -> [TimeZone] {
        stops.map { stop in
            places?.nearest(to: stop.location)?.zone ?? nauticalZone(longitude: stop.location.longitude)
        }
    }

    /// The zone of a ship at sea: whole hours from Greenwich by longitude.
    static func nauticalZone(longitude: Double) -> TimeZone {
        let hours = Int((longitude / 15).rounded())
        return TimeZone(secondsFromGMT: hours * 3600) ?? TimeZone(secondsFromGMT: 0)!
    }

    /// Today where the user is (the start of a trip without a date).
    package static func today(now: Date = Date()) -> LocalDay {
        LocalDay(now, in: TimeZone.current)
    }
}
