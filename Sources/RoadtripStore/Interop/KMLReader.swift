import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a KML file, streaming, into trips: its point Placemarks, in order, are one trip (the
/// route line roadtrip exports beside them adds nothing); a file of lines alone gives a trip per
/// line, reduced like a GPX track.
enum KMLReader {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let reader = KMLDocumentReader()
        try XMLImport.parse(file, with: reader, kind: "KML")
        let name = reader.documentName ?? file.baseName
        if !reader.points.isEmpty {
            return [ImportedTrip(name: name, stops: reader.points.enumerated().map { index, point in point.stop(fallbackName: "Point \(index + 1)") })]
        }
        let trips = reader.lines.map { TrackStops.trip(named: $0.name ?? name, from: $0.points, kind: "line") }
        guard !trips.isEmpty else { throw ImportProblem("the file has no placemarks with points or lines") }
        return trips
    }
}
