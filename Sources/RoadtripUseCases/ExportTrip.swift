import Foundation
import RoadtripCore
import RoadtripStore

/// Writing a trip for another program (a GPS, a web map, Google My Maps, a calendar), once for
/// both front ends: the refusal of a trip the format cannot hold, the legs along their roads, a
/// calendar's plan, the bytes, and the file, never the trips file itself. The front ends say
/// where the file goes and how a failure reads (`roadtrip export`, E on the trip screen).
@MainActor
package struct ExportTrip {
    private let legs: TripLegs
    /// For a calendar's time zones and nights; loaded only when a calendar is written.
    private let places: PlaceIndexProvider
    /// The units of trips that choose none: a calendar's distances and default speed.
    private let defaultUnit: DistanceUnit
    /// Today, where the user is: a calendar's start for a trip without a start date.
    private let today: () -> LocalDay
    private let now: () -> Date

    package init(
        legs: @escaping TripLegs, places: PlaceIndexProvider, defaultUnit: DistanceUnit,
        today: @escaping () -> LocalDay = { TripPlanning.today() }, now: @escaping () -> Date = { Date() }
    ) {
        self.legs = legs
        self.places = places
        self.defaultUnit = defaultUnit
        self.today = today
        self.now = now
    }

    /// The file's bytes; a `Failure` whose description says why there are none.
    package func data(of trip: Trip, as format: TripExportFormat, gpxRoad: TripExport.GPXRoad = .track) throws(ExportFile.Failure) -> Data {
        // Asked first: routing the legs of a trip that cannot be written would be time lost.
        if let refusal = TripExport.refusal(for: trip, format: format) { throw ExportFile.Failure(description: refusal) }
        let unit = trip.unit(default: defaultUnit)
        // Legs on the roads of the added regions are written along their roads (and a calendar's
        // drives take their road times, as the plan does).
        let legs = legs(trip, RouteEstimate(for: trip, unit: unit))
        let calendar = format == .ics ? TripExport.CalendarPlanning(places: try? places.value.get(), unit: unit, today: today()) : nil
        return try TripExport.data(
            for: trip, format: format, now: now(), creator: RoadtripVersion.creator, legs: legs, gpxRoad: gpxRoad,
            calendar: calendar)
    }

    /// Writes the file at `url` (an existing one only when `replacing`; never `dataFile`, the trips file).
    package func write(
        _ trip: Trip, as format: TripExportFormat, gpxRoad: TripExport.GPXRoad = .track, to url: URL, replacing: Bool,
        protecting dataFile: URL, folders: RoadtripFolders
    ) throws(ExportFile.Failure) {
        try ExportFile.write(try data(of: trip, as: format, gpxRoad: gpxRoad), to: url, replacing: replacing, protecting: dataFile, folders: folders)
    }
}
