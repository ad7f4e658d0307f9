import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct KMLExportTests {
    static func kml(_ trip: Trip) -> String {
        // The fixtures are valid trips: a failure shows as a document that matches nothing.
        (try? TripExport.data(for: trip, format: .kml, now: InteropFixtures.now, creator: "roadtrip")).map { String(decoding: $0, as: UTF8.self) }
            ?? "export failed"
    }

    @Test func aDocumentWithAPlacemarkPerStopAndARouteLine() {
        let text = Self.kml(InteropFixtures.plain)
        #expect(text.contains(#"<kml xmlns="http://www.opengis.net/kml/2.2">"#))
        #expect(text.contains("<Document>\n    <name>Pacific Coast Drive</name>"))
        #expect(text.components(separatedBy: "<Placemark>").count == 5)
        #expect(text.contains("<name>Carmel-by-the-Sea</name>\n      <description>Lunch</description>"))
        #expect(text.contains("<coordinates>-121.8947000,36.6002000,0</coordinates>"))
        #expect(text.contains(#"<Data name="stayNights"><value>1</value></Data>"#))
        #expect(
            text.contains(
                "<LineString>\n        <tessellate>1</tessellate>\n        <coordinates>-121.8947000,36.6002000,0 -121.9233000,36.5552000,0 -121.8081000,36.2704000,0</coordinates>"
            ))
    }

    @Test func theDocumentIsWellFormedXMLWithTrickyNames() throws {
        let directory = try TemporaryDirectory()
        let file = try InteropFixtures.write(try TripExport.data(for: InteropFixtures.tricky, format: .kml, now: .now, creator: "r"), "t.kml", in: directory)
        let (status, errors) = try GPXSchemaTests.xmllint(["--noout", file.path])
        #expect(status == 0, "xmllint: \(errors)")
        #expect(Self.kml(InteropFixtures.tricky).contains("<name>Ben &amp; Jerry's &lt;HQ&gt;</name>"))
    }
}
