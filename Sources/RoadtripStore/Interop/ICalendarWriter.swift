import Foundation
import RoadtripCore

/// A trip's itinerary as an iCalendar file (RFC 5545) for calendar programs: an event per drive
/// (leaving one stop, arriving at the next, or a day's part of a longer leg), an event per stay
/// at a stop (hours, or nights) and per night on the road (near the town the plan proposes),
/// each with its stop's place (LOCATION, GEO) and its times in the stop's own zone (TZID), with a
/// VTIMEZONE for each zone used. UIDs are the trip's id and the event's number, so a calendar
/// that imports the file again updates its events rather than adding them twice.
enum ICalendarWriter {
    /// One VEVENT before it is written.
    struct Event: Equatable {
        var uid: String
        var summary: String
        var start: Date
        var startZone: TimeZone
        var end: Date
        var endZone: TimeZone
        var location: String
        var coordinate: Coordinate
        var description: String
    }

    /// The file's text, CRLF line ends and folded lines. `unit` is the one distances are given in.
    static func document(for trip: Trip, itinerary: Itinerary, unit: DistanceUnit, now: Date, creator: String) -> String {
        let events = events(for: trip, itinerary: itinerary, unit: unit)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//\(ICalendarText.escaped(creator))//EN",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:\(ICalendarText.escaped(trip.name))",
        ]
        lines += timeZones(of: events)
        let stamp = ICalendarTimeZone.utc(now)
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(event.uid)",
                "DTSTAMP:\(stamp)",
                "DTSTART;TZID=\(ICalendarText.parameterValue(zoneID(event.startZone))):\(localTime(event.start, in: event.startZone))",
                "DTEND;TZID=\(ICalendarText.parameterValue(zoneID(event.endZone))):\(localTime(event.end, in: event.endZone))",
                "SUMMARY:\(ICalendarText.escaped(event.summary))",
                "LOCATION:\(ICalendarText.escaped(event.location))",
                "GEO:\(degrees(event.coordinate.latitude));\(degrees(event.coordinate.longitude))",
            ]
            if !event.description.isEmpty { lines.append("DESCRIPTION:\(ICalendarText.escaped(event.description))") }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return ICalendarText.stream(lines)
    }

    // MARK: Events

    /// The drives, stays and nights on the road in the order they happen (a stay before the
    /// drive that ends it).
    static func events(for trip: Trip, itinerary: Itinerary, unit: DistanceUnit) -> [Event] {
        let stops = trip.stops
        let id = trip.id.uuidString.lowercased()
        var zones: [Int: TimeZone] = [:]
        for visit in itinerary.days.lazy.flatMap(\.visits) where zones[visit.stop] == nil { zones[visit.stop] = visit.timeZone }
        let utc = TimeZone(secondsFromGMT: 0)!
        func spot(_ index: Int) -> Spot { Spot(name: stops[index].name, coordinate: stops[index].location, zone: zones[index] ?? utc) }

        var drives: [Event] = [], nights: [Event] = []
        let partCounts = itinerary.partCounts
        var partsDone: [Int: Int] = [:]
        for (dayIndex, day) in itinerary.days.enumerated() {
            for leg in day.legs where stops.indices.contains(leg.from) && stops.indices.contains(leg.to) {
                // A day's part of a leg longer than a day starts or ends on the road, at the
                // stopover where the night is spent.
                let from = leg.share.lowerBound > 0 ? day.resumes.map(Spot.init(stopover:)) ?? spot(leg.from) : spot(leg.from)
                let to = leg.share.upperBound < 1 ? day.stopover.map(Spot.init(stopover:)) ?? spot(leg.to) : spot(leg.to)
                var part: (Int, Int)?
                if leg.isPart, let count = partCounts[leg.from] {
                    partsDone[leg.from, default: 0] += 1
                    part = (partsDone[leg.from] ?? 1, count)
                }
                drives.append(
                    Event(
                        uid: "\(id)-drive-\(drives.count + 1)@roadtrip",
                        summary: "Drive \(stops[leg.from].name) → \(stops[leg.to].name)" + (part.map { " (day \($0.0) of \($0.1))" } ?? ""),
                        start: leg.departure, startZone: from.zone, end: leg.arrival, endZone: to.zone,
                        location: to.name, coordinate: to.coordinate,
                        description: driveDescription(leg, from: from.name, to: to.name, unit: unit, limit: itinerary.dailyLimitSeconds)))
            }
            if day.endsOnTheRoad, let stopover = day.stopover, itinerary.days.indices.contains(dayIndex + 1),
                stops.indices.contains(stopover.leg + 1)
            {
                let place = Spot(stopover: stopover)
                nights.append(
                    Event(
                        uid: "\(id)-night-\(day.number)@roadtrip", summary: "Night \(place.name)",
                        start: stopover.arrival, startZone: stopover.timeZone,
                        end: itinerary.days[dayIndex + 1].start, endZone: stopover.timeZone,
                        location: stopover.suggestion?.place.name ?? place.name,
                        coordinate: stopover.suggestion?.place.coordinate ?? stopover.point,
                        description: nightDescription(stopover, from: stops[stopover.leg].name, to: stops[stopover.leg + 1].name, unit: unit)))
            }
        }
        let stays = stays(in: itinerary, stops: stops).map { stay in
            let stop = stops[stay.stop]
            return Event(
                uid: "\(id)-stay-\(stay.stop + 1)@roadtrip", summary: stayTitle(stop.name, nights: stay.nights),
                start: stay.start, startZone: zones[stay.stop] ?? utc, end: stay.end, endZone: zones[stay.stop] ?? utc,
                location: stop.name, coordinate: stop.location, description: stayDescription(stop, stay: stay))
        }
        // Stays first at equal starts: a stop's stay begins when the drive to it ends, and the
        // drive on begins when the stay ends.
        return (stays + nights + drives).enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Where a drive starts or ends: a stop, or a stopover on the road.
    struct Spot {
        let name: String
        let coordinate: Coordinate
        let zone: TimeZone

        init(name: String, coordinate: Coordinate, zone: TimeZone) {
            self.name = name
            self.coordinate = coordinate
            self.zone = zone
        }

        /// "near Dijon", or "on the road" where no place is near; at the point on the route.
        init(stopover: Itinerary.Stopover) {
            self.init(name: stopover.suggestion.map { "near \($0.place.name)" } ?? "on the road", coordinate: stopover.point, zone: stopover.timeZone)
        }
    }

    private static func nightDescription(_ stopover: Itinerary.Stopover, from: String, to: String, unit: DistanceUnit) -> String {
        let leg = "A night on the way from \(from) to \(to), where the day's driving ends."
        guard let suggestion = stopover.suggestion else { return leg + " No town is near." }
        return leg + " \(suggestion.place.name) is \(unit.format(meters: suggestion.offRouteMeters)) off the route."
    }

    /// Time spent at a stop between arriving and leaving again.
    struct Stay: Equatable {
        let stop: Int
        let start: Date
        let end: Date
        let nights: Int
    }

    /// Each stop's stay: from its arrival (the trip's start for the first stop) to its last
    /// departure, with the nights spent there; none where the trip only passes through or ends.
    static func stays(in itinerary: Itinerary, stops: [Stop]) -> [Stay] {
        var arrivals: [Int: Date] = [:], departures: [Int: Date] = [:], nights: [Int: Int] = [:]
        if let first = itinerary.days.first { arrivals[0] = first.start }
        for day in itinerary.days {
            for visit in day.visits {
                if let arrival = visit.arrival, arrivals[visit.stop] == nil { arrivals[visit.stop] = arrival }
                if let departure = visit.departure { departures[visit.stop] = departure }
            }
            if let night = day.overnightStop { nights[night, default: 0] += 1 }
        }
        return departures.keys.sorted().compactMap { stop in
            guard let start = arrivals[stop], let end = departures[stop], end > start + 59 else { return nil }
            return Stay(stop: stop, start: start, end: end, nights: nights[stop] ?? 0)
        }
    }

    private static func stayTitle(_ name: String, nights: Int) -> String {
        switch nights {
        case 0: return "Stay in \(name)"
        case 1: return "Stay in \(name) · 1 night"
        default: return "Stay in \(name) · \(nights) nights"
        }
    }

    private static func stayDescription(_ stop: Stop, stay: Stay) -> String {
        let length =
            stay.nights == 0
            ? RouteEstimate.formatDuration(seconds: stay.end.timeIntervalSince(stay.start))
            : stay.nights == 1 ? "1 night" : "\(stay.nights) nights"
        var parts = ["\(length) in \(stop.name)."]
        if let notes = stop.notes?.trimmingCharacters(in: .whitespacesAndNewlines), !notes.isEmpty { parts.append(notes) }
        return parts.joined(separator: "\n\n")
    }

    private static func driveDescription(_ leg: Itinerary.Leg, from: String, to: String, unit: DistanceUnit, limit: Double) -> String {
        var lines = [
            "\(from.prefix(1).uppercased() + from.dropFirst()) to \(to): \(leg.mark)\(unit.format(meters: leg.roadMeters)), "
                + "\(leg.mark)\(RouteEstimate.formatDuration(seconds: leg.seconds)) of driving"
                + (leg.source == .estimate ? " (estimated)." : " (on roads).")
        ]
        if leg.exceedsDailyLimit {
            lines.append("The leg is longer than the daily limit of \(RouteEstimate.formatDuration(seconds: limit)): it is driven over several days.")
        }
        if leg.isAfterDark { lines.append("Driven partly after dark.") }
        return lines.joined(separator: "\n")
    }

    // MARK: Zones and times

    /// A VTIMEZONE for each zone the events use, over the span of all the events and a year
    /// either side: no time sits on the edge of what it describes, and a zone with daylight time
    /// shows both its observances even for a trip within one of them (some readers, Python's
    /// icalendar among them, cannot use a VTIMEZONE of daylight time alone).
    private static func timeZones(of events: [Event]) -> [String] {
        guard let first = events.map(\.start).min(), let last = events.map(\.end).max() else { return [] }
        let year = 366.0 * 86_400
        var seen: Set<String> = []
        var lines: [String] = []
        for zone in events.flatMap({ [$0.startZone, $0.endZone] }) where seen.insert(zoneID(zone)).inserted {
            lines += ICalendarTimeZone.lines(for: zone, identifier: zoneID(zone), from: first - year, to: last + year)
        }
        return lines
    }

    /// The zone's TZID: its tz database identifier.
    static func zoneID(_ zone: TimeZone) -> String { zone.identifier }

    /// "20261125T090000", the clock time of `instant` in `zone`.
    static func localTime(_ instant: Date, in zone: TimeZone) -> String {
        ICalendarTimeZone.wallClock(instant, offset: zone.secondsFromGMT(for: instant))
    }

    /// GEO's float: six decimals (RFC 5545 §3.8.1.6: about a decimeter).
    private static func degrees(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}
