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

    /// One leg driven: the geodesic length, the road estimates, and when it is driven.
    package struct Leg: Equatable, Sendable {
        package let from: Int
        package let to: Int
        package let meters: Double
        package let roadMeters: Double
        package let seconds: Double
        package let departure: Date
        package let arrival: Date
        /// Longer alone than the daily limit: planned on a day of its own, and said.
        package let exceedsDailyLimit: Bool
        /// Leaves before sunrise or arrives after sunset.
        package let isAfterDark: Bool
        /// Driven on the roads of a region, or estimated; why, for an estimate next to road legs.
        package var source: LegFigures.Source = .estimate
        package var reason: String?

        /// "≈ " before an estimated figure, nothing before a road one.
        package var mark: String { source == .estimate ? "≈ " : "" }
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

        /// The stop where the night is spent; nil on the trip's last day.
        package var overnightStop: Int? { end == .tripEnd ? nil : visits.last?.stop }
        package var drivingSeconds: Double { legs.reduce(0) { $0 + $1.seconds } }
        package var meters: Double { legs.reduce(0) { $0 + $1.meters } }
        package var roadMeters: Double { legs.reduce(0) { $0 + $1.roadMeters } }
        /// Whether any leg of the day is an estimate: its totals are then marked "≈".
        package var isEstimate: Bool { legs.contains { $0.source == .estimate } }
    }

    package let days: [Day]
    package let dailyLimitSeconds: Double

    package var drivingSeconds: Double { days.reduce(0) { $0 + $1.drivingSeconds } }
    package var meters: Double { days.reduce(0) { $0 + $1.meters } }
    /// Legs longer than the daily limit, which no plan can fit in a day.
    package var longLegs: [Leg] { days.flatMap(\.legs).filter(\.exceedsDailyLimit) }
}
