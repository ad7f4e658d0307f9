import Foundation

extension Itinerary {
    /// When the plan reaches a stop (issue 56, item 13: the trip screen's arrival clock), read
    /// from its days rather than worked out again, so that the trip screen, the day view and
    /// `roadtrip plan` give one time for one stop.
    package struct StopTime: Equatable, Sendable {
        /// The first arrival at the stop; for the trip's first stop, when the trip sets out from it.
        package let instant: Date
        /// The stop's zone: the time is read there, as the day view reads it.
        package let timeZone: TimeZone
        /// The first stop's time is a departure (the start, after any stay there), not an arrival.
        package let isDeparture: Bool
        /// An estimated leg is driven before it: the time is an estimate too.
        package let isEstimate: Bool
    }

    /// Each of the `stopCount` stops' time in the plan, by position: the first stop's departure,
    /// every other stop's first arrival (a stop that ends a day is left the next morning, which
    /// is not its arrival). nil where the plan gives none: a stop past the end of a plan cut short
    /// (`isCut`), the only stop of a trip (nothing sets out from it), a plan of another trip.
    package func stopTimes(stopCount: Int) -> [StopTime?] {
        guard stopCount > 0 else { return [] }
        // Whether the leg that ends at each stop, or any before it, is an estimate.
        var legIsEstimate = [Bool](repeating: false, count: stopCount)
        for day in days {
            for leg in day.legs where leg.source == .estimate && legIsEstimate.indices.contains(leg.to) { legIsEstimate[leg.to] = true }
        }
        var estimateBefore = legIsEstimate
        for index in estimateBefore.indices.dropFirst() { estimateBefore[index] = estimateBefore[index] || estimateBefore[index - 1] }
        var times = [StopTime?](repeating: nil, count: stopCount)
        for day in days {
            for visit in day.visits where times.indices.contains(visit.stop) && times[visit.stop] == nil {
                if visit.stop == 0 {
                    guard let departure = visit.departure else { continue }
                    times[0] = StopTime(instant: departure, timeZone: visit.timeZone, isDeparture: true, isEstimate: false)
                } else if let arrival = visit.arrival {
                    times[visit.stop] = StopTime(instant: arrival, timeZone: visit.timeZone, isDeparture: false, isEstimate: estimateBefore[visit.stop])
                }
            }
        }
        return times
    }
}
