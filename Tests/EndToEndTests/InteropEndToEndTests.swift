import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Trips out to GPX/GeoJSON and back in, from the screens and from the command line.
@Suite("import and export, end to end")
struct InteropEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// The stops of the first trip of a data file, as (name, notes, latitude, longitude).
    static func stops(at url: URL, trip index: Int = 0) throws -> [(String, String?, Double, Double)] {
        let trips = try Run.trips(at: url)
        let stops = try #require(trips[index]["waypoints"] as? [[String: Any]])
        return stops.map { stop in
            let location = stop["location"] as? [String: Any]
            return (
                stop["name"] as? String ?? "", stop["notes"] as? String,
                location?["latitude"] as? Double ?? .nan, location?["longitude"] as? Double ?? .nan
            )
        }
    }

    /// Each stop's stay and night mark, as the file writes them.
    static func stays(at url: URL, trip index: Int) throws -> [String] {
        let stops = try #require(try Run.trips(at: url)[index]["waypoints"] as? [[String: Any]])
        return stops.map { "\($0["stayHours"] ?? "-") \($0["stayNights"] ?? "-") \($0["overnight"] ?? "-")" }
    }

    static func expectSameStops(
        _ lhs: [(String, String?, Double, Double)], _ rhs: [(String, String?, Double, Double)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(lhs.map(\.0) == rhs.map(\.0), sourceLocation: sourceLocation)
        #expect(lhs.map(\.1) == rhs.map(\.1), sourceLocation: sourceLocation)
        for (a, b) in zip(lhs, rhs) {
            #expect(abs(a.2 - b.2) <= 1e-6 && abs(a.3 - b.3) <= 1e-6, "\(a.0): \(a.2),\(a.3) against \(b.2),\(b.3)", sourceLocation: sourceLocation)
        }
    }

    @Test("e with the trips file's own path is refused and the file keeps every trip (issue 21)")
    func exportOntoTheTripsFileIsRefused() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let before = try Data(contentsOf: session.dataFile)
        try await session.sendKeys("e", "C-u")
        try await session.sendText(session.dataFile.path)
        try await session.sendKeys("Enter")
        // Before, this asked "Replace it?" and y wrote one trip as GeoJSON over all of them.
        let screen = try await session.waitFor("is the trips file roadtrip is using")
        #expect(!screen.contains("Replace it?"))
        try await session.sendKeys("y", "Escape", "Escape")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Data(contentsOf: session.dataFile) == before)
    }

    @Test("e on the trip detail screen exports to a GPX file, I on the trip list imports it back: the same stops, one more trip")
    func exportFromTheScreenImportFromTheList() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let file = session.directory.url.appendingPathComponent("coast.gpx").path

        try await session.sendKeys("e")
        try await session.waitFor("Export “Pacific Coast Drive”")
        try await session.sendKeys("C-u")
        try await session.sendText(file)
        try await session.sendKeys("Enter")
        try await session.waitFor("Exported “Pacific Coast Drive” to")
        #expect(FileManager.default.fileExists(atPath: file))
        let gpx = try String(contentsOfFile: file, encoding: .utf8)
        #expect(gpx.contains("<rtept") && gpx.contains("Morro Bay"))

        // Again to the same file: asked first, nothing replaced on n.
        try await session.sendKeys("e", "C-u")
        try await session.sendText(file)
        try await session.sendKeys("Enter")
        try await session.waitFor("already exists. Replace it?")
        try await session.sendKeys("n")

        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("I")
        try await session.waitFor("Import trips")
        try await session.sendText(file)
        try await session.sendKeys("Enter")
        try await session.waitUntil("the imported trip at the top, selected") { screen in
            screen.contains("Imported “Pacific Coast Drive (2)” (7 stops).") && screen.contains("6 trips")
        }
        try await TripListEndToEndTests.quitNormally(session)

        let trips = try Run.trips(at: session.dataFile)
        #expect(trips.count == 6)
        #expect(trips[0]["id"] as? String != trips[1]["id"] as? String)
        Self.expectSameStops(try Self.stops(at: session.dataFile, trip: 0), try Self.stops(at: session.dataFile, trip: 1))
    }

    @Test("export then import on the command line, GPX, GeoJSON and KML: the same stops, notes and all")
    func commandLineRoundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = #"""
            {"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Coast", "waypoints": [
              {"id": "00000000-0000-0000-0000-000000000011", "name": "Monterey & <Aquarium>", "notes": "Open at 10,\nbook ahead", "stayHours": 2.5,
               "location": {"latitude": 36.6002, "longitude": -121.8947}},
              {"id": "00000000-0000-0000-0000-000000000012", "name": "Big Sur “Bixby”", "overnight": true, "location": {"latitude": 36.2704123, "longitude": -121.8081456}},
              {"id": "00000000-0000-0000-0000-000000000013", "name": "森 Morro Bay 🌊", "stayNights": 2, "location": {"latitude": 35.3658, "longitude": -120.8499}}]}]}
            """#
        try Data(text.utf8).write(to: directory.dataFile)
        let original = try Self.stops(at: directory.dataFile, trip: 0)
        let originalStays = try Self.stays(at: directory.dataFile, trip: 0)
        for format in ["gpx", "geojson", "kml"] {
            let file = directory.url.appendingPathComponent("coast.\(format)").path
            let exported = try CLI.roadtrip(["export", "Coast", "-o", file], in: directory)
            #expect(exported.status == 0, "\(CLI.describe(exported))")
            let again = try CLI.roadtrip(["export", "Coast", "-o", file], in: directory)
            #expect(again.status != 0 && again.standardError.contains("already exists"), "\(CLI.describe(again))")
            let imported = try CLI.roadtrip(["import", file, "--name", "Back from \(format)", "--json"], in: directory)
            #expect(imported.status == 0, "\(CLI.describe(imported))")
            #expect(imported.standardOutput.contains("\"stops\" : 3"))
            let names = Run.names(of: try Run.trips(at: directory.dataFile))
            #expect(names.first == "Back from \(format)")
            Self.expectSameStops(try Self.stops(at: directory.dataFile, trip: 0), original)
            #expect(try Self.stays(at: directory.dataFile, trip: 0) == originalStays, "\(format)")
        }
    }

    @Test("A file that is not GPX is refused with its name and the cause, and nothing is added")
    func aBrokenFileIsRefused() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("broken.gpx")
        try Data("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><rte><rtept lat=\"1\"></rtept>".utf8).write(to: file)
        let before = try Data(contentsOf: directory.dataFile)
        let result = try CLI.roadtrip(["import", file.path], in: directory)
        #expect(result.status == 1, "\(CLI.describe(result))")
        #expect(result.standardError.contains(file.path))
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }

    @Test("link prints the directions link of a trip, and says so when it takes several")
    func links() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let one = try CLI.roadtrip(["link", "Pacific Coast Drive"], in: directory)
        #expect(one.status == 0, "\(CLI.describe(one))")
        // Monterey is the town of that name: the link carries its name, which Google Maps shows.
        #expect(one.standardOutput.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=Monterey,%20California,%20United%20States"))
        let several = try CLI.roadtrip(["link", "Route 66", "--service", "osm"], in: directory)
        #expect(several.standardOutput.hasPrefix("OpenStreetMap takes at most 2 stops a link: the 11 stops of “Route 66” are in 10 links"))
    }

    /// Writes a GeoJSON line and starts importing it from the trip list, with the import held at
    /// the gate before it reads anything: the spinner shows, and the import stays under way for
    /// as long as the test keeps it there, however fast the machine.
    static func startHeldImport(in session: TmuxSession) async throws {
        let file = session.directory.url.appendingPathComponent("line.geojson")
        let coordinates = (0..<1_000).map { "[\(-120 + Double($0) * 1e-3),\(35 + Double($0 % 100) * 1e-3)]" }
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Huge line"},"geometry":{"type":"LineString","coordinates":["#
            + coordinates.joined(separator: ",") + "]}}]}"
        try Data(text.utf8).write(to: file)
        try await session.sendKeys("I")
        try await session.waitFor("Import trips")
        try await session.sendText(file.path)
        try await session.sendKeys("Enter")
        try await session.waitUntilHeld("import")
        try await session.waitFor("Esc cancels")
    }

    @Test("An import runs off the main loop: a spinner, Esc cancels, nothing is added, and the result that comes later is dropped (issue 21)")
    func importCancelsWithEscape() async throws {
        let session = try await TmuxSession(hold: ["import"])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await Self.startHeldImport(in: session)
        try await session.sendKeys("j") // held while it runs: says so, changes nothing
        try await session.sendKeys("Escape")
        try await session.waitFor("was cancelled: nothing was changed")
        // Now the import reads the file and ends; its trip is dropped, not added.
        try session.release("import")
        try await session.waitUntilEnded("import")
        try await session.sendKeys("?") // a frame drawn after the late result was handed over
        try await session.waitFor("Roadtrips — keys")
        try await session.sendKeys("Escape")
        let screen = try await session.waitUntil("the trip list again") { !$0.contains("Roadtrips — keys") && $0.contains("5 trips") }
        #expect(!screen.contains("Huge line"), "\(session.framed(screen))")
        try await TripListEndToEndTests.quitNormally(session)
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == SampleTrips.names)
    }

    @Test("SIGTERM during an import quits at once, saved, without the import (issue 21)")
    func signalDuringAnImport() async throws {
        let session = try await TmuxSession(hold: ["import"])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await Self.startHeldImport(in: session)
        #expect(kill(try await session.programProcessID(), SIGTERM) == 0)
        let (status, screen) = try await session.waitForExit()
        #expect(status == 143, "\(session.framed(screen))")
        // Before, the signal waited for the whole import, and the import was saved with the rest.
        #expect(Run.names(of: try Run.trips(at: session.dataFile)) == ["New Trip"] + SampleTrips.names)
        #expect(session.endedCount("import") == 0)
    }

    /// Issue 52, item a: the refusal of a .kml file said "GPX needs none".
    @Test("A KML file that declares entities is refused in KML's name")
    func aKMLDoctypeIsRefusedInKMLsName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kml = try directory.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE kml [ <!ENTITY a "b"> ]>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&a;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """, to: "entities.kml")
        let result = try CLI.roadtrip(["import", kml.path], in: directory)
        #expect(result.status == 1, "\(CLI.describe(result))")
        #expect(result.standardError.contains("which roadtrip refuses: KML needs none, and they can expand to gigabytes."), "\(CLI.describe(result))")
        #expect(!result.standardError.contains("GPX"), "\(CLI.describe(result))")
    }
}
