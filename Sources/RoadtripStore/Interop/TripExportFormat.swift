
/// The file formats a trip can be written in, for other programs: GPX for GPS devices and most
/// map software, GeoJSON for web maps and GIS, KML for Google My Maps and Google Earth.
package enum TripExportFormat: String, CaseIterable, Sendable {
    case gpx, geojson, kml

    /// The extension a file of this format is given, without the dot.
    package var fileExtension: String { rawValue }
}
