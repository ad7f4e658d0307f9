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
    /// The most driving a trip is planned with, in hours: nearly six years at the wheel. A day
    /// drives at least half an hour of a leg longer than a day, so this bounds the days of driving
    /// (and, with the stops and nights, the plan: `ItineraryPlanner.maximumDays`). A cached leg of
    /// 1e308 seconds once planned days without end until memory ran out (issue 34).
    package static let maximumDrivingHours = 50_000.0

    /// Why `trip` is not planned, or nil when it can be. `legs`: its legs' road figures where
    /// known (`unit` decides the estimate's default speed for the others).
    package static func tooLargeToPlan(_ trip: Trip, unit: DistanceUnit = .km, legs: [LegFigures]? = nil) -> String? {
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
        let hours = planner(for: trip, unit: unit, places: nil, today: LocalDay(Date(), in: TimeZone(secondsFromGMT: 0)!), legs: legs).drivingSeconds / 3600
        if hours > maximumDrivingHours {
            let about = Int(exactly: hours.rounded()).map(DistanceUnit.grouped) ?? "\(hours)"
            return "\(TripText.quoted(trip.name)) has about \(about) hours of driving, and a day-by-day plan is made for at most "
                + "\(DistanceUnit.grouped(Int(maximumDrivingHours))): \(split)"
        }
        return nil
    }

    /// The days of `trip`. `unit` is the one it is shown in (it decides the default speed);
    /// `places` gives each stop's time zone; `today` is the start when the trip sets none.
    /// `legs`: each leg's road figures (`RoadRouting.legs`), when some are on roads.
    package static func itinerary(for trip: Trip, unit: DistanceUnit, places: (any PlaceIndex)?, today: LocalDay, legs: [LegFigures]? = nil) -> Itinerary {
        var planner = planner(for: trip, unit: unit, places: places, today: today, legs: legs)
        planner.overnightPlaces = places.map(OvernightPlaces.init(places:))
        var itinerary = planner.plan()
        if let range = trip.settings.usableRangeKm, trip.stops.count >= 2 {
            let figures = LegFigures.of(trip, known: legs, estimate: RouteEstimate(for: trip, unit: unit))
            let line = TripLine(stops: trip.stops.map(\.location), figures: figures)
            itinerary.fuelStops = FuelStops.notes(
                along: line, stops: trip.stops.map(\.location), places: places, fuel: trip.settings.fuel ?? .petrol,
                rangeMeters: range * 1_000
            ).map { note in
                var dated = note
                dated.day = AlongTheRoute.day(of: note.leg, share: note.shareOfLeg, in: itinerary)
                return dated
            }
        }
        return itinerary
    }

    private static func planner(for trip: Trip, unit: DistanceUnit, places: (any PlaceIndex)?, today: LocalDay, legs: [LegFigures]?) -> ItineraryPlanner {
        var planner = ItineraryPlanner(
            stops: trip.stops, legMeters: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip, unit: unit),
            settings: trip.settings, timeZones: timeZones(of: trip.stops, places: places), today: today)
        planner.legFigures = legs.flatMap { $0.contains { !$0.isEstimate } ? $0 : nil }
        return planner
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
