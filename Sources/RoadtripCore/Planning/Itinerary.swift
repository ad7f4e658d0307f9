import Foundation

/// A trip lived day by day: when each day starts, the legs it drives, and when it arrives at
/// and leaves each stop, in that stop's own time. `ItineraryPlanner` makes it.
package struct Itinerary: Equatable, Sendable {
    /// Being at a stop: arriving (not at the trip's start or a morning's), leaving (not where a
    /// day or the trip ends), in the stop's time zone, with that day's sunrise and sunset there.
    package struct Visit: Equatable, Sendable {
        package let stop: Int
        package let arrival: Date?
        package let departure: Date?
        package let timeZone: TimeZone
        package let sun: SunTimes
    }

    /// One leg driven, or the part of it driven in a day: the geodesic length, the road
    /// estimates, and when it is driven.
    package struct Leg: Equatable, Sendable {
        package let from: Int
        package let to: Int
        /// The share of the leg driven: all of it, or a day's part of a leg longer than a day.
        package var share: ClosedRange<Double> = 0...1
        package let meters: Double
        package let roadMeters: Double
        package let seconds: Double
        /// The whole leg's driving: `seconds` for a whole leg, more for a day's part of a longer
        /// one, which its warning is about.
        package let legSeconds: Double
        package let departure: Date
        package let arrival: Date
        /// Longer alone than the daily limit: split over days, and said.
        package let exceedsDailyLimit: Bool
        /// Leaves before sunrise or arrives after sunset.
        package let isAfterDark: Bool
        /// Driven on the roads of a region, or estimated; why, for an estimate next to road legs.
        package var source: LegFigures.Source = .estimate
        package var reason: String?

        /// "≈ " before an estimated figure, nothing before a road one.
        package var mark: String { source == .estimate ? "≈ " : "" }
        /// A day's part of a longer leg.
        package var isPart: Bool { share != 0...1 }
    }

    /// A point on a leg where a day's driving ends, and the place to sleep near it: where a leg
    /// longer than a day stops for the night, or, on a day that ends at a stop before its limit,
    /// how far the limit would have taken it (a proposal: `n` adds it as a stop).
    package struct Stopover: Equatable, Sendable {
        /// The leg it is on, by its first stop, and how far along it (0...1).
        package let leg: Int
        package let share: Double
        package let point: Coordinate
        /// When the driving gets there, in the zone there.
        package let arrival: Date
        package let timeZone: TimeZone
        /// The town (or village, camp site, hut) to sleep in, nil when none is near.
        package let suggestion: OvernightPlaces.Suggestion?
        /// For a proposal, the driving from the day's last stop to the point; 0 where the day
        /// ends there anyway.
        package let driveOnSeconds: Double

        package var isProposal: Bool { driveOnSeconds > 0 }
    }

    /// Why a day ends where it does.
    package enum DayEnd: Equatable, Sendable {
        /// The trip's last stop.
        case tripEnd
        /// The stop is marked overnight, or has nights of stay.
        case planned
        /// Driving on would go past the daily limit.
        case dailyLimit
        /// Driving on would arrive after sunset (the trip's days end by sunset).
        case sunset
        /// A whole day at a stop with more than one night.
        case rest
    }

    package struct Day: Equatable, Sendable {
        package let number: Int
        /// The date where the day starts.
        package let date: LocalDay
        package let start: Date
        package internal(set) var visits: [Visit] = []
        package internal(set) var legs: [Leg] = []
        package internal(set) var end = DayEnd.tripEnd
        /// Where the day ends on the road (a leg longer than a day), or where driving on to the
        /// limit would end it (`isProposal`).
        package internal(set) var stopover: Stopover?
        /// Where the day starts on the road: the last day's stopover.
        package internal(set) var resumes: Stopover?

        /// Whether the night is spent on the road, at the stopover, rather than at a stop.
        package var endsOnTheRoad: Bool { stopover.map { !$0.isProposal } ?? false }
        /// The stop where the night is spent; nil on the trip's last day and on the road.
        package var overnightStop: Int? { end == .tripEnd || endsOnTheRoad ? nil : visits.last?.stop }
        /// Nights spent at the end of the day: one, but for the trip's last day.
        package var nights: Int { end == .tripEnd ? 0 : 1 }
        package var drivingSeconds: Double { legs.reduce(0) { $0 + $1.seconds } }
        package var meters: Double { legs.reduce(0) { $0 + $1.meters } }
        package var roadMeters: Double { legs.reduce(0) { $0 + $1.roadMeters } }
        /// Whether any leg of the day is an estimate: its totals are then marked "≈".
        package var isEstimate: Bool { legs.contains { $0.source == .estimate } }
    }

    package let days: [Day]
    package let dailyLimitSeconds: Double
    /// The plan stops before the trip's end: it would be longer than `ItineraryPlanner.maximumDays`.
    package var isCut = false
    /// Where to fill up, for a trip that sets its vehicle's range (`FuelStops`), each with its day.
    package var fuelStops: [FuelStops.Note] = []

    package var drivingSeconds: Double { days.reduce(0) { $0 + $1.drivingSeconds } }
    package var meters: Double { days.reduce(0) { $0 + $1.meters } }
    /// The distance by road of every leg driven (an estimate's estimated), as the days show it.
    package var roadMeters: Double { days.reduce(0) { $0 + $1.roadMeters } }
    /// The first stop of each leg longer than the daily limit, which the plan splits over days.
    package var longLegs: [Int] {
        var seen = Set<Int>()
        return days.flatMap(\.legs).filter(\.exceedsDailyLimit).map(\.from).filter { seen.insert($0).inserted }
    }
    /// How many days each leg is driven over, by its first stop, for the legs split over days.
    package var partCounts: [Int: Int] {
        days.flatMap(\.legs).filter(\.isPart).reduce(into: [:]) { $0[$1.from, default: 0] += 1 }
    }
}
