import Foundation
import RoadtripCore

/// The trip screen's Arrives column (issue 56, item 13): when the plan of a trip with a start
/// date reaches each stop, in the stop's own time, as the day view (`i`) shows it. Made once a
/// plan (`Itinerary.stopTimes`), each row's text made when the row is drawn.
///
/// "≈ 14:35" after an estimated leg (any leg before it, as the running total is marked), "14:35"
/// after legs on roads alone; the first stop "→ 09:00", the day view's sign of a departure (the
/// start, after any stay there). With the weekday ("≈ Tue 14:35") on every row once the times
/// fall on more than one date; "" for a stop the plan does not reach.
struct ArrivalClocks: Equatable {
    let times: [Itinerary.StopTime?]
    /// Whether the times fall on more than one date, each in its own zone.
    let showsWeekday: Bool

    /// "→ Tue 09:00", "≈ Tue 14:35": the widest a text is.
    static let width = 11

    /// The most stops a trip's arrivals are shown for. The plan is made again at every change of
    /// the stops, the settings or the legs' figures (a stop moved with `J`, a leg routed), on the
    /// main loop, and costs some 20 µs a stop (release build, the gazetteer's time zones and the
    /// sun at each stop most of it): 500 stops add 10 ms to a key, within a frame; 5,000 added
    /// 200 ms to every `J`. A longer trip shows no Arrives column; `i` still plans its days.
    static let mostStops = 500

    init(times: [Itinerary.StopTime?]) {
        self.times = times
        let dates = times.compactMap { $0.map { LocalDay(Self.minute(of: $0.instant), in: $0.timeZone) } }
        showsWeekday = dates.contains { $0 != dates.first }
    }

    init(_ itinerary: Itinerary, stopCount: Int) {
        self.init(times: itinerary.stopTimes(stopCount: stopCount))
    }

    /// The text of the stop at `index`.
    func text(at index: Int) -> String {
        guard times.indices.contains(index), let time = times[index] else { return "" }
        let clock = showsWeekday ? ItineraryRows.weekdayAndClock(time.instant, in: time.timeZone) : ItineraryRows.clock(time.instant, in: time.timeZone)
        if time.isDeparture { return "→ \(clock)" }
        return time.isEstimate ? "≈ \(clock)" : clock
    }

    /// The minute a time is shown as: its date is that minute's.
    private static func minute(of instant: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: LegFigures.toTheMinute(instant.timeIntervalSinceReferenceDate))
    }
}
