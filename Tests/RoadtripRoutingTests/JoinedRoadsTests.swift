import ChildProcesses
import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoutinoRouting
import RoadtripTestSupport

/// Issue 36, item 2: a leg from one region into another is routed on the regions' joined roads
/// when their road networks meet. The committed extracts are far apart, so Andorra (© OpenStreetMap
/// contributors, ODbL) is cut here into a west and an east half that overlap (`osmium extract -b`),
/// each added as a region; Krems is a region whose roads meet neither.
@Suite(.serialized) struct JoinedRoadsTests {
    static let santJulia = Coordinate(latitude: 42.4637, longitude: 1.4912)
    static let pasDeLaCasa = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let krems = Coordinate(latitude: 48.4102, longitude: 15.6036)

    /// A shelf holding the halves of Andorra (west to 1.56° E, east from 1.52° E) and `more`
    /// committed extracts, each a region, their roads joined when `join` says so.
    static func shelf(in directory: TemporaryDirectory, more: [String] = [], join: Bool = true) throws -> RegionShelf {
        let shelf = RegionShelf(directory: directory.file("regions"))
        let andorra = TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf").path
        for (name, box) in [("andorra-west", "1.40,42.40,1.56,42.70"), ("andorra-east", "1.52,42.40,1.80,42.70")] {
            let half = directory.file("\(name).osm.pbf").path
            try run("/usr/bin/osmium", ["extract", "--overwrite", "-b", box, andorra, "-o", half])
            _ = try RegionImport(file: half, shelf: shelf, towns: nil).run()
        }
        for file in more {
            _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/\(file)").path, shelf: shelf, towns: nil).run()
        }
        if join { _ = try RoadJoin(shelf: shelf).run() }
        return shelf
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        #expect(try ChildProcess(tool, arguments).wait() == .exited(0), "\(tool) \(arguments)")
    }

    /// The leg Sant Julià de Lòria (west only) → Pas de la Casa (east only) on `shelf`.
    static func acrossAndorra(on shelf: RegionShelf) -> RoadOutcome {
        RoadRouter(shelf: shelf).route(from: santJulia, to: pasDeLaCasa, fromName: "Sant Julià", toName: "Pas de la Casa")
    }

    @Test func aLegFromOneHalfIntoTheOtherIsDrivenOnTheirJoinedRoadsAsOnTheWholeRegion() throws {
        let directory = try TemporaryDirectory()
        let halves = try Self.shelf(in: directory)
        let whole = RegionShelf(directory: directory.file("whole"))
        _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf").path, shelf: whole, towns: nil).run()
        guard case .road(let joined) = Self.acrossAndorra(on: halves), case .road(let one) = Self.acrossAndorra(on: whole) else {
            Issue.record("\(Self.acrossAndorra(on: halves)) \(Self.acrossAndorra(on: whole))")
            return
        }
        #expect(joined.region == "andorra-west + andorra-east" && joined.line.count > 2)
        #expect(abs(joined.meters - one.meters) < 0.01 * one.meters, "\(joined.meters) m joined against \(one.meters) m on the whole region")
        #expect(abs(joined.seconds - one.seconds) < 0.01 * one.seconds)
        // The cache keeps the leg under the joined roads' version, which every build renews.
        let version = try #require(halves.joinedRoads()?.version)
        #expect(RoadRouter(shelf: halves).roads(from: Self.santJulia, to: Self.pasDeLaCasa)?.version == version)
        #expect(RoadRouter(shelf: halves).everyRoads.contains(version))
    }

    /// The road matrix of stops in both halves is searched on their networks joined where they
    /// share points: as on the whole region (issue 36: it was an estimate, "the stops are in
    /// different regions").
    @Test func aMatrixAcrossTheHalvesIsAsOnTheWholeRegion() throws {
        let directory = try TemporaryDirectory()
        let halves = try Self.shelf(in: directory)
        let whole = RegionShelf(directory: directory.file("whole"))
        _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf").path, shelf: whole, towns: nil).run()
        let stops = [(Self.santJulia, "Sant Julià"), (Coordinate(latitude: 42.5078, longitude: 1.5211), "Andorra la Vella"),
                     (Coordinate(latitude: 42.5345, longitude: 1.5806), "Encamp"), (Self.pasDeLaCasa, "Pas de la Casa")]
        guard case .roads(let joined) = RoadRouter(shelf: halves).matrix(of: stops), case .roads(let one) = RoadRouter(shelf: whole).matrix(of: stops) else {
            Issue.record("\(RoadRouter(shelf: halves).matrix(of: stops))"); return
        }
        for i in 0..<4 {
            for j in 0..<4 where i != j {
                #expect(abs(joined.meters(i, j) - one.meters(i, j)) < 0.01 * one.meters(i, j), "\(stops[i].1) → \(stops[j].1)")
                #expect(abs(joined.seconds(i, j) - one.seconds(i, j)) < 0.01 * one.seconds(i, j), "\(stops[i].1) → \(stops[j].1)")
            }
        }
    }

    /// Without them the leg is an estimate, as before regions joined (the east half's box and
    /// grid reach Sant Julià by the border roads it keeps whole, so Routino is asked, and finds no road).
    @Test func withoutJoinedRoadsTheLegIsAnEstimate() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory, join: false)
        #expect(Self.acrossAndorra(on: shelf) == .estimate(reason: "no road between them"))
    }

    @Test func regionsWhoseRoadsDoNotMeetStayAnEstimateThatSaysSo() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory, more: ["krems.osm.gz"])
        #expect(shelf.joinedRoads()?.members.map(\.name) == ["andorra-east", "andorra-west", "krems"])
        let outcome = RoadRouter(shelf: shelf).route(from: Self.santJulia, to: Self.krems, fromName: "Sant Julià", toName: "Krems")
        #expect(outcome == .estimate(reason: "Sant Julià and Krems are in regions whose roads do not meet"))
        guard case .road = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf))") }
    }

    @Test func removingARegionUnjoinsTheRoadsAndTheLegIsAnEstimateAgain() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        guard case .road = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf))") }
        try shelf.remove("andorra-east")
        #expect(RoadJoin.isNeeded(on: shelf))
        #expect(try RoadJoin(shelf: shelf).run() == .nothingToJoin)
        #expect(shelf.joinedRoads() == nil && !RoadJoin.isNeeded(on: shelf))
        #expect(!directory.fileNamesUnder("regions").contains { $0.hasPrefix(".joined") }, "\(directory.fileNamesUnder("regions"))")
        #expect(Self.acrossAndorra(on: shelf) == .estimate(reason: "no region covers Pas de la Casa"))
    }

    @Test func aJoinWithNothingNewToJoinBuildsNothing() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let version = try #require(shelf.joinedRoads()?.version)
        #expect(!RoadJoin.isNeeded(on: shelf))
        #expect(try RoadJoin(shelf: shelf).run() == .joined(["andorra-east", "andorra-west"]))
        #expect(shelf.joinedRoads()?.version == version)
    }

    /// A build that fails (a region's roads unreadable) or is stopped leaves the joined roads
    /// there were, whole and routing, and nothing of its own.
    @Test func aFailedOrStoppedBuildLeavesTheOldJoinedRoadsInPlace() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let before = try #require(shelf.joinedRoads())
        var stopped = RoadJoin(shelf: shelf)
        stopped.isCancelled = { true }
        _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/krems.osm.gz").path, shelf: shelf, towns: nil).run()
        #expect(throws: RegionError.cancelled) { try stopped.run() }
        let krems = try #require(shelf.installed().first { $0.name == "krems" })
        try Data("not an extract".utf8).write(to: krems.folder.appendingPathComponent(RegionInfo.roadExtractName))
        #expect(throws: RegionError.self) { try RoadJoin(shelf: shelf).run() }
        #expect(shelf.joinedRoads() == before)
        #expect(directory.fileNamesUnder("regions").filter { $0.hasPrefix(".joined_") || $0.hasPrefix(".staging") } == [before.version])
        guard case .road = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf))") }
    }

    @Test func theSweepTakesJoinedRoadsNoLinkNames() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let orphan = shelf.directory.appendingPathComponent(ShelfName.joinedVersion())
        try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: false)
        try Data().write(to: orphan.appendingPathComponent(ShelfName.markName))
        #expect(shelf.foreignEntries().isEmpty)
        shelf.sweep()
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(shelf.joinedRoads() != nil)
    }
}

extension TemporaryDirectory {
    /// The names in the folder `name` inside, sorted.
    func fileNamesUnder(_ name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: file(name).path)) ?? []).sorted()
    }
}
