/// The file formats a trip can be written in, for other programs: GPX for GPS devices and most
/// map software, GeoJSON for web maps and GIS, KML for Google My Maps and Google Earth, and
/// iCalendar (.ics) for calendars: the itinerary's drives and stays as events.
package enum TripExportFormat: String, CaseIterable, Sendable {
    case gpx, geojson, kml, ics

    /// The extension a file of this format is given, without the dot.
    package var fileExtension: String { rawValue }
}

extension TripExportFormat {
    /// The format's name in a sentence ("Wrote … as GPX.", "… (iCalendar)"), as its own
    /// specification spells it (issue 56: "as GEOJSON").
    package var title: String {
        switch self {
        case .gpx: "GPX"
        case .geojson: "GeoJSON"
        case .kml: "KML"
        case .ics: "iCalendar"
        }
    }
}
