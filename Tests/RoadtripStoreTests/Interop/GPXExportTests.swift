import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

@Suite struct GPXExportTests {
    static func gpx(_ trip: Trip) -> String {
        // The fixtures are valid trips: a failure shows as a document that matches nothing.
        (try? TripExport.data(for: trip, format: .gpx, now: InteropFixtures.now, creator: "roadtrip 0.1.0")).map { String(decoding: $0, as: UTF8.self) }
            ?? "export failed"
    }

    @Test func theDocumentHasTheRootMetadataWaypointsAndRouteInTheSchemasOrder() throws {
        let text = Self.gpx(InteropFixtures.plain)
        #expect(
            text.hasPrefix(
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<gpx version="1.1" creator="roadtrip 0.1.0" xmlns="http://www.topografix.com/GPX/1/1""#))
        #expect(text.contains(#"xmlns:roadtrip="https://roadtrip.invalid/gpx/1""#))
        #expect(text.contains("<metadata>\n    <name>Pacific Coast Drive</name>\n    <time>2026-07-01T10:00:00Z</time>\n"))
        let metadata = try #require(text.range(of: "<metadata>")), firstWaypoint = try #require(text.range(of: "<wpt "))
        let route = try #require(text.range(of: "<rte>"))
        #expect(metadata.lowerBound < firstWaypoint.lowerBound && firstWaypoint.lowerBound < route.lowerBound)
        #expect(text.components(separatedBy: "<wpt ").count == 4)
        #expect(text.components(separatedBy: "<rtept ").count == 4)
        #expect(text.contains(#"<wpt lat="36.6002000" lon="-121.8947000">"#))
        #expect(text.contains("<name>Carmel-by-the-Sea</name>\n    <desc>Lunch</desc>"))
        #expect(text.contains("<extensions>\n      <roadtrip:stayNights>1</roadtrip:stayNights>\n    </extensions>"))
    }

    /// Issue 38: the mark that tells an import the file is roadtrip's own, so that its waypoints
    /// are read back as the stops and its route and track as the road between them.
    @Test func theMetadataMarksTheFileAsARoadtripTrip() {
        let text = Self.gpx(InteropFixtures.plain)
        #expect(text.contains("    <time>2026-07-01T10:00:00Z</time>\n    <extensions>\n      <roadtrip:trip/>\n    </extensions>\n  </metadata>"))
    }

    @Test func textAndAttributesAreEscapedAndCharactersXMLCannotCarryAreDropped() throws {
        var trip = InteropFixtures.plain
        trip.name = "A & B <c> \"d\"\u{1}\u{FFFE}"
        let text = Self.gpx(trip)
        #expect(text.contains("<name>A &amp; B &lt;c&gt; \"d\"</name>"))
        #expect(!text.contains("\u{1}"))
        let creator = String(decoding: try TripExport.data(for: trip, format: .gpx, now: InteropFixtures.now, creator: "x \"y\" & <z>\n"), as: UTF8.self)
        #expect(creator.contains(#"creator="x &quot;y&quot; &amp; &lt;z&gt;&#10;""#))
    }

    @Test func coordinatesHaveAtLeastSevenDecimalsAndLongitude180IsWrittenAsMinus180() {
        let text = Self.gpx(InteropFixtures.tricky)
        #expect(text.contains(#"lat="-33.868820123" lon="151.209295987""#))
        #expect(text.contains(#"lat="12.3456789" lon="-180.0000000""#))
        #expect(text.contains(#"lat="90.0000000" lon="0.0000000""#))
        #expect(!text.contains(#"lon="180"#))
    }

    @Test func theSameTripGivesTheSameBytes() {
        #expect(Self.gpx(InteropFixtures.tricky) == Self.gpx(InteropFixtures.tricky))
        #expect(TripExportFormat.allCases.map(\.fileExtension) == ["gpx", "geojson", "kml", "ics"])
    }
}
