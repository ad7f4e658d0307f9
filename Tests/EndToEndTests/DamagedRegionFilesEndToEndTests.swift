import Foundation
import Testing
import RoadtripTestSupport

/// Damaged region files (hostile rounds four and five, issues 34 and 52): a region's index,
/// road graph, bounds or road files cut short, or holding what no real one holds, under the
/// planner or a command. A sentence, never a trap, and everything else goes on.
@Suite("Damaged region files, end to end")
struct DamagedRegionFilesEndToEndTests {
    /// `truncate -s 4096 <region>/places.bin` while the stop editor searched it, then one more
    /// letter: "Bus error", exit 135. Now the region's places are left out, the status bar says
    /// why, and the planner goes on and saves.
    @Test("A region index truncated under the stop editor: no SIGBUS, a sentence, the planner goes on")
    func truncatedRegionIndexUnderTheStopEditor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try RegionFixture.andorra(trip: "Andorra", ["Andorra la Vella", "Encamp"], in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Andorra", width: 120, height: 32, in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip") { $0.contains("Encamp") && $0.contains("Total distance:") }
        try await session.sendKeys("End", "a")
        try await session.waitFor("Add a stop after")
        try await session.sendText("Llort")
        try await session.waitUntil("Llorts, a village of the region, in the results") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Llorts") && $0.contains("village") }
        }
        let index = RegionFixture.regionsFolder(directory).appendingPathComponent("andorra/places.bin").resolvingSymlinksInPath()
        #expect(truncate(index.path, 4096) == 0)
        try await session.sendText("s")
        try await session.waitFor("cut short on disk")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip screen again") { $0.contains("Total distance:") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Andorra" })
        #expect((trip["waypoints"] as? [[String: Any]])?.count == 2)
    }

    static let andorraStops = ["42.5063,1.5218", "42.5347,1.5801", "42.5461,1.6318", "42.5558,1.5336", "42.4637,1.4913"]

    /// Every third point of `roads.graph` set to (inf, -inf): `optimize` died with SIGILL
    /// converting one to a grid cell. The file is refused now, with a sentence naming it.
    @Test("A road graph with infinite points is refused with a sentence; optimize goes on in straight lines")
    func aRoadGraphWithInfinitePointsIsRefused() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let graph = RegionFixture.regionsFolder(directory).appendingPathComponent("andorra/roads.graph")
        var bytes = [UInt8](try Data(contentsOf: graph))
        // "roadtrip roads\n", the version, then the counts of points, ways and way points; each
        // point's id, then each point's latitude and longitude.
        let points = Int(bytes[19]) | Int(bytes[20]) << 8 | Int(bytes[21]) << 16 | Int(bytes[22]) << 24
        let firstPoint = 31 + points * 8
        for point in stride(from: 0, to: points, by: 3) {
            for (index, value) in [Double.infinity, -Double.infinity].enumerated() {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { raw in
                    for (offset, byte) in raw.enumerated() { bytes[firstPoint + point * 16 + index * 8 + offset] = byte }
                }
            }
        }
        try Data(bytes).write(to: graph)
        let optimized = try RegionFixture.roadtrip(["optimize", "Andorra", "--json"], in: directory)
        #expect(
            optimized.status == 0
                && optimized.standardOutput.contains(
                    "the road graph of andorra is damaged (\(graph.path) has point 1 off the Earth (inf, -inf)); add the region again"),
            "\(CommandLineEndToEndTests.describe(optimized))")
    }

    /// `region.json` with its south above its north: `show`, `along` and `optimize` exited 132
    /// ("Range requires lowerBound <= upperBound"), and the planner died at its start. The
    /// region is a broken one with a sentence now; every trip is reachable.
    @Test("A region.json whose south is above its north is a broken region; show, along, optimize and the planner go on")
    func aRegionDescriptionThatMakesNoSenseIsABrokenRegion() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let description = RegionFixture.regionsFolder(directory).appendingPathComponent("andorra/region.json")
        var info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: description)) as? [String: Any])
        var bounds = try #require(info["bounds"] as? [String: Double])
        (bounds["south"], bounds["north"]) = (bounds["north"], bounds["south"])
        info["bounds"] = bounds
        try JSONSerialization.data(withJSONObject: info).write(to: description)
        for command in [["show", "Andorra"], ["along", "Andorra"], ["optimize", "Andorra"]] {
            let result = try RegionFixture.roadtrip(command, in: directory)
            #expect(result.status == 0, "\(command): \(CommandLineEndToEndTests.describe(result))")
        }
        let listed = try RegionFixture.roadtrip(["region", "list"], in: directory)
        #expect(
            listed.standardOutput.contains("Region andorra cannot be used: \(description.path) has its south edge above its north edge (“bounds”)"),
            "\(CommandLineEndToEndTests.describe(listed))")
        let session = try await RegionFixture.planner(openingTrip: "Andorra", in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip") { $0.contains("Total distance:") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    /// `truncate -s 4096 roads/{nodes,segments,ways}.mem` while the planner showed the trip, then
    /// `j` `J`: SIGBUS in libroutino's mapping, and the move in neither trips.json nor a journal.
    /// Now the leg says why it is an estimate, and the move is saved.
    @Test("Road files cut short under the planner: no SIGBUS, the move kept, and the legs say why they are estimates")
    func roadFilesCutShortUnderThePlanner() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Andorra", width: 120, height: 32, in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip, every leg on roads") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Total distance:") && $0.contains("by road") && !$0.contains("≈") }
        }
        let roads = RegionFixture.regionsFolder(directory).appendingPathComponent("andorra/roads").resolvingSymlinksInPath()
        for file in ["nodes.mem", "segments.mem", "ways.mem"] {
            #expect(truncate(roads.appendingPathComponent(file).path, 4096) == 0)
        }
        try await session.sendKeys("j", "J")
        try await session.waitFor("the roads of andorra cannot be used")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Andorra" })
        let names = (trip["waypoints"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names?.count == 5 && names?[1] == "near Tosa de Llosada, Canillo", "\(names ?? [])")
    }
}
