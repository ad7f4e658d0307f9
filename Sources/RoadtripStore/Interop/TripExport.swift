import Foundation
import RoadtripCore

/// Writes a trip as a file for other programs. The bytes depend only on the arguments, so the
/// same trip exported twice gives the same file.
package enum TripExport {
    /// The file's bytes. `now` is the GPX `<metadata><time>`; `creator` names the program that
    /// wrote the file ("roadtrip 0.1.0").
    package static func data(for trip: Trip, format: TripExportFormat, now: Date, creator: String) -> Data {
        switch format {
        case .gpx: return Data(GPXWriter.document(for: trip, now: now, creator: creator).utf8)
        case .geojson: return GeoJSONWriter.data(for: trip)
        case .kml: return Data(KMLWriter.document(for: trip).utf8)
        }
    }
}
