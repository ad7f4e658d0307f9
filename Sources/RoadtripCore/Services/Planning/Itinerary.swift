import Foundation

/// A trip lived day by day: when each day starts, the legs it drives, and when it arrives at
/// and leaves each stop, in that stop's own time. `ItineraryPlanner` makes it.
public struct Itinerary: Equatable, Sendable {
    /// Being at a stop: arriving (not at the trip's start or a morning's), leaving (not where a
    /// day or the trip ends), in the stop's time zone, with that day's sunrise and sunset there.
    public struct Visit: Equatable, Sendable {
        public let stop: Int
        public let arrival: Date?
        public let departure: Date?
        public let timeZone: TimeZone
        public let sun: SunTimes
    }

    /// One leg driven: the geodesic length, the road estimates, and when it is driven.
    public struct Leg: Equatable, Sendable {
        public let from: Int
        public let to: Int
        public let meters: Double
        public let roadMeters: Double
        public let seconds: Double
        public let departure: Date
        public let arrival: Date
        /// Longer alone than the daily limit: planned on a day of its own, and said.
        public let exceedsDailyLimit: Bool
        /// Leaves before sunrise or arrives after sunset.
        public let isAfterDark: Bool
    }

    /// Why a day ends where it does.
    public enum DayEnd: Equatable, Sendable {
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

    public struct Day: Equatable, Sendable {
        public let number: Int
        /// The date where the day starts.
        public let date: LocalDay
        public let start: Date
        public internal(set) var visits: [Visit] = []
        public internal(set) var legs: [Leg] = []
        public internal(set) var end = DayEnd.tripEnd

        /// The stop where the night is spent; nil on the trip's last day.
        public var overnightStop: Int? { end == .tripEnd ? nil : visits.last?.stop }
        public var drivingSeconds: Double { legs.reduce(0) { $0 + $1.seconds } }
        public var meters: Double { legs.reduce(0) { $0 + $1.meters } }
        public var roadMeters: Double { legs.reduce(0) { $0 + $1.roadMeters } }
    }

    public let days: [Day]
    public let dailyLimitSeconds: Double

    public var drivingSeconds: Double { days.reduce(0) { $0 + $1.drivingSeconds } }
    public var meters: Double { days.reduce(0) { $0 + $1.meters } }
    /// Legs longer than the daily limit, which no plan can fit in a day.
    public var longLegs: [Leg] { days.flatMap(\.legs).filter(\.exceedsDailyLimit) }
}
