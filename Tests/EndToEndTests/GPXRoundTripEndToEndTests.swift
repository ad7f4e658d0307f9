import Foundation
import Testing
import RoadtripTestSupport

/// Issue 38, item 2: `export TRIP -o li.gpx` then `import li.gpx` gave a trip of 922 stops
/// ("Point 2", "Point 3", …) from the road's route points, and the track mode a second trip of 37.
/// A roadtrip GPX comes back as the same trip; a foreign route of hundreds of unnamed points as a
/// few stops, and the command says so.
@Suite("GPX back as the same trip, end to end")
struct GPXRoundTripEndToEndTests {
    typealias CLI = CommandLineEndToEndTests
    typealias Regions = RegionFixture

    /// Three stops on Andorra's roads, with what a round trip must keep: markup in a name, notes
    /// on two lines, a stay of hours and one of nights, a night mark.
    static let tour = #"""
        {"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Tour", "waypoints": [
          {"id": "00000000-0000-0000-0000-000000000011", "name": "Andorra la Vella & <Casa>", "notes": "coffee,\nthen the bridge", "stayHours": 1.5,
           "location": {"latitude": 42.5078, "longitude": 1.5211}},
          {"id": "00000000-0000-0000-0000-000000000012", "name": "Ordino “poble”", "overnight": true, "location": {"latitude": 42.5562, "longitude": 1.5332}},
          {"id": "00000000-0000-0000-0000-000000000013", "name": "Pas de la Casa", "notes": "fuel", "stayNights": 2, "location": {"latitude": 42.5429, "longitude": 1.7331}}]}]}
        """#

    /// Exports Tour as `arguments` say, imports the file, and checks the one trip added is Tour's
    /// stops exactly (names, notes, stays, night marks, coordinates). The GPX written.
    static func roundTrip(
        _ arguments: [String], file name: String, variables: [String: String], in directory: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let file = directory.url.appendingPathComponent(name).path
        // By id: the trips imported are named "Tour" too.
        let exported = try CLI.roadtrip(["export", "00000000-0000-0000-0000-000000000001", "-o", file] + arguments, in: directory, variables: variables)
        #expect(exported.status == 0, "\(CLI.describe(exported))", sourceLocation: sourceLocation)
        let before = try Run.trips(at: directory.dataFile).count
        let imported = try CLI.roadtrip(["import", file], in: directory, variables: variables)
        // Every trip of the file is a Tour: the one imported is numbered (issue 56, as `new --force` numbers one).
        let name = "Tour (\(before + 1))"
        #expect(
            imported.status == 0 && imported.standardError.contains("A trip is already named “Tour”: this one is “\(name)”."), "\(CLI.describe(imported))",
            sourceLocation: sourceLocation)
        #expect(imported.standardOutput == "Imported “\(name)” (3 stops).\n", sourceLocation: sourceLocation)
        #expect(try Run.trips(at: directory.dataFile).count == before + 1, sourceLocation: sourceLocation)
        let original = try InteropEndToEndTests.stops(at: directory.dataFile, trip: before)
        InteropEndToEndTests.expectSameStops(try InteropEndToEndTests.stops(at: directory.dataFile, trip: 0), original, sourceLocation: sourceLocation)
        #expect(
            try InteropEndToEndTests.stays(at: directory.dataFile, trip: 0) == InteropEndToEndTests.stays(at: directory.dataFile, trip: before),
            sourceLocation: sourceLocation)
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    @Test("export then import: the same stops, names, notes and stays, for a trip on roads (the road a track, or route points) and without")
    func exportThenImportGivesTheSameTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(Self.tour.utf8).write(to: directory.dataFile)
        let onRoads = Regions.variables(directory)
        #expect(try Regions.roadtrip(["region", "add", Regions.fixture("andorra.osm.pbf")], in: directory).status == 0)

        let track = try Self.roundTrip([], file: "track.gpx", variables: onRoads, in: directory)
        #expect(track.contains("<roadtrip:trip/>") && track.components(separatedBy: "<trkpt ").count - 1 > 300, "the road, drawn as a track")
        #expect(track.components(separatedBy: "<rtept ").count - 1 == 3 && track.components(separatedBy: "<wpt ").count - 1 == 3)
        let route = try Self.roundTrip(["--gpx-road", "route"], file: "route.gpx", variables: onRoads, in: directory)
        #expect(route.components(separatedBy: "<rtept ").count - 1 > 300 && !route.contains("<trk>"), "the road as the route's points")

        var noRegions = onRoads
        noRegions["XDG_DATA_HOME"] = directory.url.appendingPathComponent("elsewhere").path
        let straight = try Self.roundTrip([], file: "straight.gpx", variables: noRegions, in: directory)
        #expect(!straight.contains("<trk>") && straight.components(separatedBy: "<rtept ").count - 1 == 3)
    }

    /// A route planner's route: 412 points, none named, winding over about 80 km.
    static func foreignRoute(in directory: TemporaryDirectory) throws -> URL {
        let points = (0..<412).map { (index: Int) -> String in
            let latitude: Double = 42.5 + sin(Double(index) / 25) * 0.05
            let longitude: Double = 1.5 + Double(index) * 0.002
            return #"<rtept lat="\#(latitude)" lon="\#(longitude)"/>"#
        }
        return try directory.write(
            #"<?xml version="1.0"?><gpx version="1.1" creator="Planner" xmlns="http://www.topografix.com/GPX/1/1">"#
                + "<rte><name>Planned</name>\(points.joined(separator: "\n"))</rte></gpx>", to: "planned.gpx")
    }

    @Test("import of a foreign GPX with a route of 412 unnamed points: a few stops along it, and a sentence that says so")
    func aRouteOfUnnamedPointsIsAFewStops() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(#"{"version": 1, "trips": []}"#.utf8).write(to: directory.dataFile)
        let imported = try CLI.roadtrip(["import", Self.foreignRoute(in: directory).path, "--json"], in: directory)
        #expect(imported.status == 0, "\(CLI.describe(imported))")
        let added = try #require(try JSONSerialization.jsonObject(with: Data(imported.standardOutput.utf8)) as? [[String: Any]])
        let stops = try #require(added.first?["stops"] as? Int)
        #expect(added.count == 1 && (10...60).contains(stops), "\(stops) stops")
        #expect(imported.standardError == "roadtrip: a route of 412 unnamed points became \(stops) stops along it\n")
        let names = try InteropEndToEndTests.stops(at: directory.dataFile).map(\.0)
        #expect(names.first == "Route km 0" && names.allSatisfy { $0.hasPrefix("Route km ") }, "\(names)")
    }

    @Test("the planner's I imports the same way: a roadtrip GPX on roads is the trip again, a foreign route a few stops and the sentence in the status bar")
    func thePlannersImport() async throws {
        let directory = try TemporaryDirectory()
        try Data(Self.tour.utf8).write(to: directory.dataFile)
        #expect(try Regions.roadtrip(["region", "add", Regions.fixture("andorra.osm.pbf")], in: directory).status == 0)
        let exported = directory.url.appendingPathComponent("tour.gpx").path
        #expect(try Regions.roadtrip(["export", "Tour", "-o", exported], in: directory).status == 0)
        let route = try Self.foreignRoute(in: directory).path

        let session = try await TmuxSession(width: 140, height: 24, directory: directory, variables: Regions.variables(directory))
        defer { session.close() }
        func importInPlanner(_ path: String) async throws {
            try await session.sendKeys("I")
            try await session.waitFor("Import trips")
            try await session.sendText(path)
            try await session.sendKeys("Enter")
        }
        try await session.waitFor("Roadtrips")
        try await importInPlanner(exported)
        try await session.waitFor("Imported “Tour (2)” (3 stops).")
        try await importInPlanner(route)
        let screen = try await session.waitFor("A route of 412 unnamed points became")
        #expect(screen.contains("Imported “Planned” (") && screen.contains("stops along it. u undoes."), "\(session.framed(screen))")
        try await TripListEndToEndTests.quitNormally(session)
        InteropEndToEndTests.expectSameStops(
            try InteropEndToEndTests.stops(at: directory.dataFile, trip: 1), try InteropEndToEndTests.stops(at: directory.dataFile, trip: 2))
    }
}
