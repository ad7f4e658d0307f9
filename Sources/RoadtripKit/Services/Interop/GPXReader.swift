import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a GPX 1.0 or 1.1 file, streaming, into trips: one per route and one per track (reduced
/// to a sensible number of stops), and one of the waypoints when the file has no route.
enum GPXReader {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        try XMLPrologGuard.check(file.read(upTo: XMLPrologGuard.maximumPrologBytes))
        guard let stream = InputStream(url: file.url) else { throw ImportProblem("the file cannot be read") }
        let reader = GPXDocumentReader()
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let finished = parser.parse()
        // libxml2 runs in recovery mode under XMLParser: a cut-short file can "succeed" with an
        // error set, so the error is what counts, not the result.
        if let problem = reader.problem { throw problem }
        if let error = parser.parserError {
            throw ImportProblem(line: parser.lineNumber, column: parser.columnNumber, XMLSyntaxError.reason(code: (error as NSError).code))
        }
        guard finished, reader.sawRoot else { throw ImportProblem("the file is not a GPX 1.0/1.1 file: it has no root element") }
        return try trips(of: reader, fallbackName: file.baseName)
    }

    private static func trips(of reader: GPXDocumentReader, fallbackName: String) throws(ImportProblem) -> [ImportedTrip] {
        let fileName = reader.metadataName ?? fallbackName
        let lines = reader.lines.filter { !$0.points.isEmpty }
        var trips: [ImportedTrip] = []
        if !lines.contains(where: { $0.kind == .route }), !reader.waypoints.isEmpty {
            trips.append(ImportedTrip(name: fileName, stops: reader.waypoints.enumerated().map { index, point in
                point.stop(fallbackName: "Point \(index + 1)")
            }))
        }
        for line in lines {
            switch line.kind {
            case .route:
                trips.append(ImportedTrip(name: line.name ?? fileName, stops: line.points.enumerated().map { index, point in
                    point.stop(fallbackName: "Point \(index + 1)")
                }))
            case .track:
                trips.append(TrackStops.trip(named: line.name ?? fileName, from: line.points, kind: "track"))
            }
        }
        guard !trips.isEmpty else { throw ImportProblem("the file has no routes, tracks or waypoints") }
        return trips
    }
}
