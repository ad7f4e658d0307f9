import Foundation
import RoadtripCore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Follows XMLParser through a GPX 1.0 or 1.1 document and collects its waypoints, routes and
/// tracks, and whether roadtrip wrote it. The first problem stops the parse and is kept, with the
/// parser's position.
final class GPXDocumentReader: XMLDocumentReader {
    private(set) var metadataName: String?
    /// The metadata's extensions hold `<roadtrip:trip/>` (`GPXNamespace.tripMark`).
    private(set) var isRoadtripTrip = false
    /// The trip's settings, from `<roadtrip:settings>` in the metadata's extensions (`GPXNamespace.settings`).
    private(set) var settings = TripSettings()
    private(set) var waypoints: [ImportedPoint] = []
    private(set) var lines: [ImportedLine] = []

    private var namespace = ""
    private var path: [String] = [] // local names of the open GPX elements, root first
    private var point: ImportedPoint?
    private var pointFields: [String: String] = [:]
    private var line: ImportedLine?

    /// The GPX elements whose text is kept, and roadtrip's extension elements.
    private static let textElements: Set = ["name", "desc", "cmt"]
    private static let stayElements: Set = [StopStay.stayHours, StopStay.stayNights, StopStay.overnight, GPXNamespace.region, GPXNamespace.country]

    override func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let elementNamespace = namespaceURI ?? ""
        guard sawRoot else {
            acceptRoot(parser, element: element, namespace: elementNamespace)
            return
        }
        if elementNamespace == GPXNamespace.roadtrip, point != nil, Self.stayElements.contains(element) {
            text = ""
            path.append("roadtrip:" + element)
            return
        }
        if elementNamespace == GPXNamespace.roadtrip, element == GPXNamespace.tripMark, path == ["gpx", "metadata", "extensions"] {
            isRoadtripTrip = true
        }
        if elementNamespace == GPXNamespace.roadtrip, element == GPXNamespace.settings, path == ["gpx", "metadata", "extensions"] {
            text = ""
            path.append("roadtrip:" + element)
            return
        }
        // Elements of other namespaces (other programs' extensions) are passed over whole.
        guard elementNamespace == namespace else { path.append("*"); return }
        let parent = path.last ?? ""
        path.append(element)
        switch (element, parent) {
        case ("wpt", "gpx"), ("rtept", "rte"), ("trkpt", "trkseg"):
            switch GPXPointText.coordinate(element: element, attributes: attributes) {
            case .success(let location): point = ImportedPoint(location: location)
            case .failure(let failure): fail(parser, failure.reason)
            }
            pointFields = [:]
        case ("rte", "gpx"): line = ImportedLine(kind: .route)
        case ("trk", "gpx"): line = ImportedLine(kind: .track)
        case (let name, _) where Self.textElements.contains(name) && ["wpt", "rtept", "trkpt", "rte", "trk", "metadata", "gpx"].contains(parent):
            text = ""
        default: break
        }
    }

    override func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard let closed = path.popLast() else { return }
        let parent = path.last ?? ""
        if let value = text {
            text = nil
            keep(value, of: closed, in: parent)
        }
        switch closed {
        case "wpt", "rtept", "trkpt": finishPoint(parser, element: closed)
        case "rte", "trk":
            if let finished = line { lines.append(finished) }
            line = nil
        default: break
        }
    }

    /// The root must be `<gpx>` in the GPX 1.0 or 1.1 namespace.
    private func acceptRoot(_ parser: XMLParser, element: String, namespace rootNamespace: String) {
        sawRoot = true
        guard element == "gpx", [GPXNamespace.gpx11, GPXNamespace.gpx10].contains(rootNamespace) else {
            let namespaceText = rootNamespace.isEmpty ? "no namespace" : "the namespace \(rootNamespace)"
            let what = element == "gpx" ? "its root is <gpx> in \(namespaceText)" : "its root is <\(element)>"
            fail(parser, "the file is not a GPX 1.0/1.1 file: \(what)")
            return
        }
        namespace = rootNamespace
        path = ["gpx"]
    }

    /// Text of a name, description or comment, or of one of roadtrip's elements, where it belongs.
    private func keep(_ value: String, of element: String, in parent: String) {
        let given = value.isEmpty ? nil : value
        switch (element, parent) {
        case ("name", "metadata"), ("name", "gpx"): metadataName = metadataName ?? given
        case ("name", "rte"), ("name", "trk"): line?.name = given
        case ("name", _): point?.name = given
        case ("desc", "wpt"), ("desc", "rtept"), ("desc", "trkpt"): point?.notes = given
        case ("cmt", "wpt"), ("cmt", "rtept"), ("cmt", "trkpt"): pointFields["cmt"] = given
        case ("roadtrip:" + GPXNamespace.settings, "extensions"):
            // The data file's own reading of a trip's settings: one set of names and checks.
            do { settings = try JSONDecoder().decode(TripSettings.self, from: Data(value.utf8)) } catch {
                settingsProblem = "<roadtrip:\(GPXNamespace.settings)> is not a trip's settings: \(error)"
            }
        default:
            if element.hasPrefix("roadtrip:") { pointFields[String(element.dropFirst(9))] = value }
        }
    }

    /// Why `<roadtrip:settings>` could not be read, nil when it was (or there was none): said as a
    /// note, the trip imported with the default settings.
    private(set) var settingsProblem: String?

    private func finishPoint(_ parser: XMLParser, element: String) {
        guard var finished = point else { return }
        point = nil
        finished.notes = finished.notes ?? pointFields["cmt"]
        switch (
            StopStay.stay(hours: pointFields[StopStay.stayHours], nights: pointFields[StopStay.stayNights]),
            StopStay.overnight(pointFields[StopStay.overnight])
        ) {
        case (.success(let stay), .success(let overnight)):
            finished.stay = stay
            finished.overnight = overnight
            (finished.region, finished.country) = (pointFields[GPXNamespace.region], pointFields[GPXNamespace.country])
        case (.failure(let failure), _), (_, .failure(let failure)):
            fail(parser, "<\(element)>: \(failure.reason)")
            return
        }
        if element == "wpt" { waypoints.append(finished) } else { line?.points.append(finished) }
    }
}
