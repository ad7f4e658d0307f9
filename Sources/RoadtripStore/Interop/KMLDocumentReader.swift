import Foundation
#if canImport(FoundationXML)
import FoundationXML
import RoadtripCore
#endif

/// Follows XMLParser through a KML 2.2 document (Google My Maps, Google Earth, roadtrip's own
/// export) and collects its Placemarks: points with their name, description and ExtendedData
/// (roadtrip's stay and night mark), and lines. Folders nest as deep as they like. The first
/// problem stops the parse and is kept, with the parser's position.
final class KMLDocumentReader: XMLDocumentReader {
    static let namespaces: Set = [
        "http://www.opengis.net/kml/2.2", "http://earth.google.com/kml/2.2",
        "http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.0",
    ]

    private(set) var documentName: String?
    private(set) var points: [ImportedPoint] = []
    private(set) var lines: [ImportedLine] = []

    private var path: [String] = []
    /// The Placemark being read: its name, description, data, and its geometry's coordinates.
    private var placemark: (name: String?, notes: String?, data: [String: String], point: Coordinate?, line: [Coordinate]?)?
    private var dataName: String?

    override func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard sawRoot else {
            sawRoot = true
            let namespace = namespaceURI ?? ""
            guard element == "kml", Self.namespaces.contains(namespace) else {
                return fail(
                    parser, "the file is not a KML 2.2 file: its root is <\(element)> in \(namespace.isEmpty ? "no namespace" : "the namespace \(namespace)")")
            }
            path = ["kml"]
            return
        }
        let parent = path.last ?? ""
        path.append(element)
        switch element {
        case "Placemark": placemark = (nil, nil, [:], nil, nil)
        case "Data" where placemark != nil: dataName = attributes["name"]
        case "name" where parent == "Placemark" || parent == "Document" || parent == "Folder", "description" where parent == "Placemark",
            "value" where parent == "Data", "coordinates" where placemark != nil:
            text = ""
        default: break
        }
    }

    override func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        guard path.popLast() != nil else { return }
        let parent = path.last ?? ""
        if let value = text {
            text = nil
            // Names and descriptions as written (notes keep their spaces); coordinates split on any.
            keep(value, of: element, in: parent, parser: parser)
        }
        if element == "Placemark" { finishPlacemark(parser) }
    }

    private func keep(_ value: String, of element: String, in parent: String, parser: XMLParser) {
        let given = value.isEmpty ? nil : value
        switch (element, parent) {
        case ("name", "Document"), ("name", "Folder"): documentName = documentName ?? given
        case ("name", "Placemark"): placemark?.name = given
        case ("description", _): placemark?.notes = given
        case ("value", _): if let dataName { placemark?.data[dataName] = value }
        case ("coordinates", "Point"):
            guard let point = coordinates(value, parser: parser)?.first else { return fail(parser, "a Point has no coordinates") }
            placemark?.point = point
        case ("coordinates", "LineString"):
            placemark?.line = coordinates(value, parser: parser)
        default: break
        }
    }

    /// KML's "longitude,latitude[,altitude]" tuples, separated by white space.
    private func coordinates(_ text: String, parser: XMLParser) -> [Coordinate]? {
        var result: [Coordinate] = []
        for tuple in text.split(whereSeparator: { $0.isWhitespace }) {
            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 2, let longitude = Double(parts[0]), let latitude = Double(parts[1]) else {
                fail(parser, "“\(tuple.prefix(60))” is not a KML position (longitude,latitude)")
                return nil
            }
            let point = Coordinate(latitude: latitude, longitude: longitude)
            guard point.isValid else {
                fail(parser, "the position \(tuple.prefix(60)) is out of range: latitude from -90 to 90, longitude from -180 to 180")
                return nil
            }
            result.append(point)
        }
        return result
    }

    private func finishPlacemark(_ parser: XMLParser) {
        guard let finished = placemark else { return }
        placemark = nil
        if let location = finished.point {
            switch (
                StopStay.stay(hours: finished.data[StopStay.stayHours], nights: finished.data[StopStay.stayNights]),
                StopStay.overnight(finished.data[StopStay.overnight])
            ) {
            case (.success(let stay), .success(let overnight)):
                points.append(ImportedPoint(location: location, name: finished.name, notes: finished.notes, stay: stay, overnight: overnight))
            case (.failure(let failure), _), (_, .failure(let failure)):
                fail(parser, "<Placemark>: \(failure.reason)")
            }
        } else if let line = finished.line, !line.isEmpty {
            lines.append(ImportedLine(kind: .track, name: finished.name, points: line.map { ImportedPoint(location: $0) }))
        }
    }
}
