import Foundation
import RoadtripCore

/// Writes a trip as a file for other programs. The bytes depend only on the arguments, so the
/// same trip exported twice gives the same file.
package enum TripExport {
    /// How a GPX file carries the road's line: as a track (`<trk>`, which apps and devices draw)
    /// after a route of the stops alone (which they navigate), or as the route's points between
    /// the stops (`<rte>`, which some devices follow, and other programs list point by point).
    package enum GPXRoad: String, CaseIterable, Sendable {
        case route, track
    }

    /// What a calendar needs beyond the trip to plan its days, as `roadtrip plan` and `i` do:
    /// the gazetteer that gives each stop its time zone, the unit the trip is shown in (it
    /// decides the default speed, and the distances the events give), and the start day when
    /// the trip sets none.
    package struct CalendarPlanning {
        package var places: (any PlaceIndex)?
        package var unit: DistanceUnit
        package var today: LocalDay

        package init(places: (any PlaceIndex)?, unit: DistanceUnit, today: LocalDay) {
            self.places = places
            self.unit = unit
            self.today = today
        }
    }

    /// The file's bytes. `now` is the GPX `<metadata><time>` and the calendar's DTSTAMP;
    /// `creator` names the program that wrote the file ("roadtrip 0.1.0"). `legs`: each leg's
    /// figures; the line of a leg on roads is written instead of the straight line between its
    /// stops, and a calendar's drives take its time. `calendar`: how an .ics file's days are
    /// planned (without it: no gazetteer, so zones by longitude, and today in UTC). Throws a
    /// sentence rather than give a document that is not valid (a point off the Earth, a number
    /// JSON cannot hold, a calendar too long to plan): nothing is written then (issue 34).
    package static func data(
        for trip: Trip, format: TripExportFormat, now: Date, creator: String, legs: [LegFigures]? = nil,
        gpxRoad: GPXRoad = .track, calendar: CalendarPlanning? = nil
    ) throws(ExportFile.Failure) -> Data {
        let cannot = "Cannot write \(TripText.quoted(trip.name)) as \(format.title)"
        if let stop = trip.stops.first(where: { !$0.location.isValid }) {
            throw ExportFile.Failure(
                description: "\(cannot): the stop \(TripText.quoted(stop.name)) is not on the Earth (\(stop.location.latitude), \(stop.location.longitude)).")
        }
        switch format {
        case .gpx: return Data(GPXWriter.document(for: trip, now: now, creator: creator, roadLine: routeLine(of: trip, legs: legs), as: gpxRoad).utf8)
        case .geojson:
            do {
                return try GeoJSONWriter.data(for: trip, line: routeLine(of: trip, legs: legs))
            } catch {
                throw ExportFile.Failure(description: "\(cannot): \(GeoJSONWriter.reason(error)).")
            }
        case .kml: return Data(KMLWriter.document(for: trip, line: routeLine(of: trip, legs: legs)).utf8)
        case .ics:
            let planning = calendar ?? CalendarPlanning(places: nil, unit: trip.unit(default: .km), today: LocalDay(now, in: TimeZone(secondsFromGMT: 0)!))
            let unit = trip.unit(default: planning.unit)
            if let refusal = TripPlanning.tooLargeToPlan(trip, unit: unit, legs: legs) { throw ExportFile.Failure(description: refusal) }
            let itinerary = TripPlanning.itinerary(for: trip, unit: unit, places: planning.places, today: planning.today, legs: legs)
            return Data(ICalendarWriter.document(for: trip, itinerary: itinerary, unit: unit, now: now, creator: creator).utf8)
        }
    }

    /// Why `trip` cannot be written as `format`, as a sentence; nil when it can. A calendar needs
    /// a drive or a stay (two stops at least) and a trip small enough to plan day by day.
    package static func refusal(for trip: Trip, format: TripExportFormat) -> String? {
        guard format == .ics else { return nil }
        if let refusal = TripPlanning.tooLargeToPlan(trip) { return refusal }
        if let start = trip.settings.startDate, !LocalDay.startYears.contains(start.year) {
            return "\(TripText.quoted(trip.name)) starts on \(start), and a calendar is written for trips starting in the years "
                + "\(LocalDay.startYears.lowerBound) to \(LocalDay.startYears.upperBound): set another start date first."
        }
        if trip.stops.count < 2 {
            return "\(TripText.quoted(trip.name)) has \(TripText.stopCount(trip.stops.count)), and a calendar needs a drive: add a second stop first."
        }
        return nil
    }

    /// The route through the stops, each leg on roads along its road's line, the others straight;
    /// nil when no leg is on roads (the stops alone are the route).
    static func routeLine(of trip: Trip, legs: [LegFigures]?) -> [Coordinate]? {
        // A leg whose figures no drive has (`isPlausible`: its line off the Earth, say) is drawn straight, as the plan estimates it.
        guard let legs, legs.count == max(0, trip.stops.count - 1), legs.contains(where: { !$0.isEstimate && $0.isPlausible }) else { return nil }
        var line = trip.stops.first.map { [$0.location] } ?? []
        for (leg, to) in zip(legs, trip.stops.dropFirst()) {
            let points = leg.isEstimate || leg.line.isEmpty || !leg.isPlausible ? [to.location] : leg.line
            for point in points where point != line.last { line.append(point) }
            if line.last != to.location { line.append(to.location) }
        }
        return line
    }
}
