import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import RoadtripStore
import RoadtripTestSupport

/// Every malformed or hostile file is refused with one sentence that names the file, the place
/// (when there is one) and the cause.
@Suite struct MalformedImportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        let cause: String
        var line: Int?
        var maximumBytes = 256 << 20
        var testDescription: String { label }

        init(_ label: String, _ text: String, cause: String, line: Int? = nil, maximumBytes: Int = 256 << 20) {
            self.init(label, Array(text.utf8), cause: cause, line: line, maximumBytes: maximumBytes)
        }

        init(_ label: String, _ bytes: [UInt8], cause: String, line: Int? = nil, maximumBytes: Int = 256 << 20) {
            (self.label, self.bytes, self.cause, self.line, self.maximumBytes) = (label, bytes, cause, line, maximumBytes)
        }
    }

    static let gpxStart = #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        ]>
        \(gpxStart)<metadata><name>&lol9;</name></metadata><wpt lat="1" lon="2"/></gpx>
        """

    static let cases: [Case] = [
        Case("empty file", "", cause: "the file is empty"),
        Case("only white space", " \n\t\n", cause: "the file holds only white space"),
        Case(
            "binary garbage", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x13],
            cause: "the file is neither GPX nor JSON (GeoJSON or a trips file)", line: 1),
        Case("UTF-16", [0xFF, 0xFE, 0x3C, 0x00, 0x67, 0x00], cause: "the file is in UTF-16 or UTF-32", line: 1),
        Case(
            "over the size limit", "\(gpxStart)<wpt lat=\"1\" lon=\"2\"/></gpx>", cause: "the file is 101 bytes, over the import limit of 100 bytes",
            maximumBytes: 100),
        Case("truncated XML", "\(gpxStart)\n<rte>\n<rtept lat=\"1\" lon=\"2\"><name>Cut", cause: "is the file cut short?", line: 3),
        Case("an HTML page", "<!DOCTYPE html>\n<html><body>Not found</body></html>", cause: "the file is not a GPX 1.0/1.1 file: its root is <html>", line: 2),
        Case(
            "a KML file without placemarks", #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>"#,
            cause: "the file has no placemarks with points or lines"),
        Case(
            "KML in no namespace", #"<kml><Document><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>"#,
            cause: "the file is not a KML 2.2 file: its root is <kml> in no namespace", line: 1),
        Case(
            "a KML position out of range",
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark>\n<Point><coordinates>200,2</coordinates></Point></Placemark></kml>",
            cause: "the position 200,2 is out of range", line: 2),
        Case(
            "a KML position that is not one",
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark>\n<Point><coordinates>east,north</coordinates></Point></Placemark></kml>",
            cause: "“east,north” is not a KML position (longitude,latitude)", line: 2),
        Case("a comment with a tag in it before the root", "<!-- <gpx> -->\n<html/>", cause: "the file is not a GPX 1.0/1.1 file: its root is <html>", line: 2),
        Case(
            "GPX in another namespace", #"<gpx version="2.0" xmlns="http://example.com/gpx"/>"#,
            cause: "its root is <gpx> in the namespace http://example.com/gpx", line: 1),
        Case("GPX without a namespace", #"<gpx version="1.1"><wpt lat="1" lon="2"/></gpx>"#, cause: "its root is <gpx> in no namespace", line: 1),
        Case("missing lat", "\(gpxStart)\n<rte>\n<rtept lon=\"2\"/></rte></gpx>", cause: "<rtept> has no lat attribute", line: 3),
        Case("missing lon", "\(gpxStart)\n<wpt lat=\"2\"/></gpx>", cause: "<wpt> has no lon attribute", line: 2),
        Case("lat not a number", "\(gpxStart)\n\n<wpt lat=\"north\" lon=\"2\"/></gpx>", cause: #"<wpt> has lat="north", which is not a number"#, line: 3),
        Case("lat NaN", "\(gpxStart)<wpt lat=\"NaN\" lon=\"2\"/></gpx>", cause: #"<wpt> has lat="NaN", which is not a number"#, line: 1),
        Case("lon hexadecimal", "\(gpxStart)<wpt lat=\"1\" lon=\"0x1p3\"/></gpx>", cause: #"<wpt> has lon="0x1p3", which is not a number"#, line: 1),
        Case(
            "lat beyond 90", "\(gpxStart)<trk><trkseg>\n<trkpt lat=\"90.5\" lon=\"2\"/></trkseg></trk></gpx>",
            cause: #"<trkpt> has lat="90.5", outside -90…90"#, line: 2),
        Case("lon beyond 180", "\(gpxStart)<wpt lat=\"1\" lon=\"-180.01\"/></gpx>", cause: #"<wpt> has lon="-180.01", outside -180…180"#, line: 1),
        Case(
            "a stay out of range",
            "\(gpxStart)<rte><rtept lat=\"1\" lon=\"2\"><extensions><r:stayNights xmlns:r=\"https://roadtrip.invalid/gpx/1\">0</r:stayNights></extensions></rtept></rte></gpx>",
            cause: "<rtept>: stayNights must be a whole number of nights from 1 to 365, found “0”", line: 1),
        Case(
            "no points at all", "\(gpxStart)<metadata><name>Empty</name></metadata><rte><name>Nothing</name></rte></gpx>",
            cause: "the file has no routes, tracks or waypoints"),
        Case("billion laughs", billionLaughs, cause: "the file declares entities in a DOCTYPE", line: 2),
        Case(
            "an unescaped ampersand", "\(gpxStart)\n<wpt lat=\"1\" lon=\"2\"><name>Fish & Chips</name></wpt></gpx>",
            cause: "the file is not well-formed XML", line: 2),
        Case(
            "invalid UTF-8 in GPX", Array("\(gpxStart)\n<wpt lat=\"1\" lon=\"2\"><name>".utf8) + [0xC3, 0x28, 0xFF] + Array("</name></wpt></gpx>".utf8),
            cause: "bytes that are not UTF-8", line: 2),
        Case(
            "invalid UTF-8 in JSON", Array(#"{"type": "Point", "coordinates": [1, 2], "x": ""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            cause: "invalid UTF-8 text (byte 0xFF)", line: 1),
        Case("truncated JSON", "{\"type\": \"FeatureCollection\",\n\"features\": [", cause: "the file is not valid JSON", line: 2),
        Case("JSON that is neither", #"{"hello": "world"}"#, cause: "the file is neither GeoJSON (it has no “type”) nor a roadtrip trips file", line: 1),
        Case("a JSON array", "[1, 2]", cause: "the file's top level is not a JSON object", line: 1),
        Case(
            "GeoJSON in [lat, lon] order",
            "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"properties\": {}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [45.5, 122.6]}}]}",
            cause: "in features[0].geometry.coordinates[1]: the latitude 122.6 is outside -90…90 (GeoJSON gives [longitude, latitude])", line: 2),
        Case(
            "GeoJSON coordinate not a number", "{\"type\": \"Point\",\n \"coordinates\": [\"1\", 2]}",
            cause: "in coordinates[0]: the longitude must be a number, found a string", line: 2),
        Case(
            "GeoJSON position too short", "{\"type\": \"MultiPoint\", \"coordinates\": [[1, 2], [3]]}",
            cause: "in coordinates[1]: a position needs a longitude and a latitude, found 1 number", line: 1),
        Case("GeoJSON unknown type", #"{"type": "Circle", "coordinates": [1, 2]}"#, cause: "in type: “Circle” is not a GeoJSON type", line: 1),
        Case(
            "GeoJSON stay not a number", #"{"type": "Feature", "properties": {"stayHours": "two"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#,
            cause: "in properties.stayHours: stayHours must be a number, found a string", line: 1),
        Case("GeoJSON without points", #"{"type": "FeatureCollection", "features": []}"#, cause: "the file has no points or lines", line: 1),
    ]

    @Test(arguments: cases)
    func isRefusedWithASentenceNamingTheFileThePlaceAndTheCause(_ testCase: Case) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("input.gpx")
        try Data(testCase.bytes).write(to: file)
        let error = try #require(throws: ImportError.self) {
            try TripImport.read(contentsOf: file, maximumBytes: testCase.maximumBytes)
        }
        let sentence = error.description
        #expect(sentence.hasPrefix("Cannot import \(file.path): "), "\(sentence)")
        #expect(sentence.contains(testCase.cause), "\(sentence)")
        #expect(sentence.hasSuffix("."))
        #expect(error.path == file.path)
        if let line = testCase.line {
            #expect(error.line == line, "\(sentence)")
            #expect(sentence.contains("line \(line)"), "\(sentence)")
        }
    }

    /// Issue 52, item a: a KML file's DOCTYPE was refused with "GPX needs none". The format is
    /// the one read: the root element's, else the file's extension's.
    @Test(arguments: [
        ("entities.kml", "<!DOCTYPE kml [ <!ENTITY a \"b\"> ]>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", "KML needs none"),
        ("entities.xml", "<!DOCTYPE kml [ <!ENTITY a \"b\"> ]>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", "KML needs none"),
        ("lolz.kml", "<!DOCTYPE lolz [ <!ENTITY a \"b\"> ]>\n<lolz>&a;</lolz>", "KML needs none"),
        ("lolz.gpx", billionLaughs, "GPX needs none"),
        ("lolz.xml", "<!DOCTYPE lolz [ <!ENTITY a \"b\"> ]>\n<lolz>&a;</lolz>", "GPX and KML need none"),
    ])
    func aDoctypeIsRefusedInTheNameOfTheFormatRead(_ name: String, _ text: String, _ words: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(text, to: name)
        let error = try #require(throws: ImportError.self) { try TripImport.read(contentsOf: file) }
        #expect(error.description.contains("which roadtrip refuses: \(words), and they can expand to gigabytes."), "\(error)")
    }

    @Test func aFolderOrAMissingFileIsNamedForWhatItIs() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: ImportError(path: directory.url.path, reason: "it is not a regular file")) {
            try TripImport.read(contentsOf: directory.url)
        }
        let missing = directory.file("missing.gpx")
        #expect(throws: ImportError(path: missing.path, reason: "the file cannot be read: No such file or directory")) {
            try TripImport.read(contentsOf: missing)
        }
    }

    @Test func theBillionLaughsFailFastEvenPastTheGuard() throws {
        // libxml2's own limit, should a DOCTYPE ever get past XMLPrologGuard: the parse stops at
        // the first reference with an error, having expanded nothing. (How fast that is belongs to
        // no unit test; stopping at all is what keeps it fast.)
        let reader = GPXDocumentReader()
        let parser = XMLParser(data: Data(Self.billionLaughs.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        #expect(parser.parse() == false)
        #expect(parser.parserError != nil)
        #expect(reader.problem?.reason == "the file is not well-formed XML: an entity refers to itself or expands too far")
        #expect(reader.metadataName == nil)
    }

    @Test func theSentenceReadsAsOne() {
        let error = ImportError(path: "/tmp/a.gpx", line: 12, column: 5, reason: "<rtept> has no lat attribute")
        #expect(error.description == "Cannot import /tmp/a.gpx: line 12, column 5: <rtept> has no lat attribute.")
        #expect(ImportError(path: "/tmp/b", reason: "the file is empty").description == "Cannot import /tmp/b: the file is empty.")
    }
}
