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
/// each added as a region; Krems is a region whose roads meet neither (and is cut in halves too
/// where two groups of regions are needed). Issue 54, item 4: only regions whose areas touch are
/// joined, one join a group, and a join whose regions did not change is kept as it is.
@Suite(.serialized) struct JoinedRoadsTests {
    static let santJulia = Coordinate(latitude: 42.4637, longitude: 1.4912)
    static let pasDeLaCasa = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let andorraLaVella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let krems = Coordinate(latitude: 48.4102, longitude: 15.6036)
    static let kremsEast = Coordinate(latitude: 48.4046, longitude: 15.6512)

    static let andorraHalves = [("andorra-west", "1.40,42.40,1.56,42.70"), ("andorra-east", "1.52,42.40,1.80,42.70")]
    static let kremsHalves = [("krems-west", "15.55,48.36,15.64,48.45"), ("krems-east", "15.62,48.36,15.86,48.45")]

    /// A shelf holding the halves of Andorra (west to 1.56° E, east from 1.52° E) and `more`
    /// committed extracts, each a region, their roads joined when `join` says so.
    static func shelf(in directory: TemporaryDirectory, more: [String] = [], join: Bool = true) throws -> RegionShelf {
        let shelf = RegionShelf(directory: directory.file("regions"))
        try add(andorraHalves, of: "andorra.osm.pbf", to: shelf, in: directory)
        for file in more { try add(file, to: shelf) }
        if join { _ = try RoadJoin(shelf: shelf).run() }
        return shelf
    }

    /// Adds the committed extract `file` to `shelf`, as a region named after it unless `name` says otherwise.
    static func add(_ file: String, as name: String? = nil, to shelf: RegionShelf) throws {
        _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/\(file)").path, name: name, shelf: shelf, towns: nil).run()
    }

    /// Cuts the committed extract `file` to each of `pieces` (a name and a box: west,south,east,north)
    /// and adds each piece as a region.
    static func add(_ pieces: [(String, String)], of file: String, to shelf: RegionShelf, in directory: TemporaryDirectory) throws {
        let source = TestsFolder.url.appendingPathComponent("Fixtures/osm/\(file)").path
        for (name, box) in pieces {
            let piece = directory.file("\(name).osm.pbf").path
            try run("/usr/bin/osmium", ["extract", "--overwrite", "-b", box, source, "-o", piece])
            _ = try RegionImport(file: piece, shelf: shelf, towns: nil).run()
        }
    }

    /// Every file and folder in `folder`, with its inode and modification time: what building it
    /// again, or moving it, would change.
    static func identities(under folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let paths = try #require(FileManager.default.subpaths(atPath: folder.path)) + [""]
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            found[path] = "\(attributes[.systemFileNumber] ?? "?") \(date)"
        }
        return found
    }

    /// The join in place holding region `name`.
    static func join(holding name: String, on shelf: RegionShelf) throws -> RegionShelf.Join {
        try #require(shelf.joinedRoads()?.joins.first { join in join.members.contains { $0.name == name } })
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
        let version = try Self.join(holding: "andorra-west", on: halves).version
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
        let stops = [
            (Self.santJulia, "Sant Julià"), (Coordinate(latitude: 42.5078, longitude: 1.5211), "Andorra la Vella"),
            (Coordinate(latitude: 42.5345, longitude: 1.5806), "Encamp"), (Self.pasDeLaCasa, "Pas de la Casa"),
        ]
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
        #expect(Self.acrossAndorra(on: shelf) == .estimate(reason: "the roads of andorra-east do not connect them"))
    }

    /// Issue 54, item 4: regions whose areas do not touch are not joined (Andorra and Krems: no
    /// join at all, nothing built), and a leg or a matrix between them is an estimate that says
    /// why and names them, without asking Routino.
    @Test func regionsFarApartAreNotJoinedAndALegBetweenThemSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        try Self.add("andorra.osm.pbf", to: shelf)
        try Self.add("krems.osm.gz", to: shelf)
        #expect(!RoadJoin.isNeeded(on: shelf))
        #expect(try RoadJoin(shelf: shelf).run() == .nothingToJoin)
        #expect(shelf.joinedRoads() == nil)
        #expect(!directory.fileNamesUnder("regions").contains { $0.hasPrefix(".joined") || $0.hasPrefix(".staging") }, "\(directory.fileNamesUnder("regions"))")
        let router = RoadRouter(shelf: shelf)
        let reason = "Andorra la Vella and Krems are in regions whose roads do not meet (andorra and krems)"
        #expect(router.route(from: Self.andorraLaVella, to: Self.krems, fromName: "Andorra la Vella", toName: "Krems") == .estimate(reason: reason))
        #expect(router.roads(from: Self.andorraLaVella, to: Self.krems) == nil)
        #expect(
            router.matrix(of: [(Self.andorraLaVella, "Andorra la Vella"), (Self.pasDeLaCasa, "Pas de la Casa"), (Self.krems, "Krems")])
                == .estimate(reason: reason))
    }

    /// Beside a join of regions that touch, a region far away stays out of it: a leg into it says
    /// their roads do not meet, and the leg across the join is still routed.
    @Test func regionsWhoseRoadsDoNotMeetStayAnEstimateThatSaysSo() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory, more: ["krems.osm.gz"])
        #expect(shelf.joinedRoads()?.joins.map { $0.members.map(\.name) } == [["andorra-east", "andorra-west"]])
        let outcome = RoadRouter(shelf: shelf).route(from: Self.santJulia, to: Self.krems, fromName: "Sant Julià", toName: "Krems")
        #expect(outcome == .estimate(reason: "Sant Julià and Krems are in regions whose roads do not meet (andorra-east and krems)"))
        guard case .road = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf))") }
    }

    /// Issue 54, item 4: adding, updating or removing a region far from a join builds nothing,
    /// and the join's files are the very ones they were (same inodes, same times).
    @Test func addingUpdatingOrRemovingAFarRegionLeavesTheJoinUntouched() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let before = try #require(shelf.joinedRoads())
        let join = try Self.join(holding: "andorra-east", on: shelf)
        let files = try Self.identities(under: shelf.directory.appendingPathComponent(join.version))
        #expect(files.keys.contains("roads/nodes.mem"), "\(files.keys.sorted())")
        let check = { (step: String) throws in
            #expect(!RoadJoin.isNeeded(on: shelf), "\(step)")
            #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"]]), "\(step)")
            #expect(shelf.joinedRoads() == before, "\(step)")
            #expect(try Self.identities(under: shelf.directory.appendingPathComponent(join.version)) == files, "\(step)")
            guard case .road(let leg) = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(step): \(Self.acrossAndorra(on: shelf))") }
            #expect(leg.region == "andorra-west + andorra-east")
        }
        try Self.add("krems.osm.gz", to: shelf)
        try check("krems added")
        try Self.add("krems.osm.gz", to: shelf)
        try check("krems added again")
        try shelf.remove("krems")
        try check("krems removed")
    }

    /// Two groups, each joined: changing a region of one builds that group's join again and
    /// leaves the other's as it was; removing it takes its group's join away, and only that.
    @Test func changingOneGroupBuildsItsJoinAloneAndKeepsTheOther() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory, join: false)
        try Self.add(Self.kremsHalves, of: "krems.osm.gz", to: shelf, in: directory)
        #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"], ["krems-east", "krems-west"]]))
        #expect(
            RoadJoin.sentence(.success(.joined([["andorra-east", "andorra-west"], ["krems-east", "krems-west"]])))
                == "Joined the roads of 4 regions in 2 groups whose roads meet (andorra-east + andorra-west; krems-east + krems-west): "
                + "legs within a group are routed where their roads meet.")
        let andorra = try Self.join(holding: "andorra-east", on: shelf)
        let kremsBefore = try Self.join(holding: "krems-east", on: shelf)
        let andorraFiles = try Self.identities(under: shelf.directory.appendingPathComponent(andorra.version))
        let acrossKrems = { RoadRouter(shelf: shelf).route(from: Self.krems, to: Self.kremsEast, fromName: "Krems", toName: "Krems east") }

        try Self.add([Self.kremsHalves[1]], of: "krems.osm.gz", to: shelf, in: directory)
        #expect(RoadJoin.isNeeded(on: shelf))
        #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"], ["krems-east", "krems-west"]]))
        let kremsAfter = try Self.join(holding: "krems-east", on: shelf)
        #expect(kremsAfter.version != kremsBefore.version)
        #expect(try Self.join(holding: "andorra-east", on: shelf) == andorra)
        #expect(try Self.identities(under: shelf.directory.appendingPathComponent(andorra.version)) == andorraFiles)
        #expect(!FileManager.default.fileExists(atPath: shelf.directory.appendingPathComponent(kremsBefore.version).path))
        shelf.sweep()
        #expect(try Self.join(holding: "andorra-east", on: shelf) == andorra)
        #expect(try Self.join(holding: "krems-east", on: shelf) == kremsAfter)
        guard case .road = Self.acrossAndorra(on: shelf), case .road(let krems) = acrossKrems() else {
            return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf)) \(acrossKrems())")
        }
        #expect(krems.region.contains("+"), "\(krems.region)")

        try shelf.remove("krems-east")
        #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"]]))
        #expect(shelf.joinedRoads()?.joins == [andorra])
        #expect(try Self.identities(under: shelf.directory.appendingPathComponent(andorra.version)) == andorraFiles)
        let joins = directory.fileNamesUnder("regions").filter { $0.hasPrefix(".joined_") }
        #expect(joins.count == 2 && joins.contains(andorra.version), "the list of joins and Andorra's join: \(joins)")
    }

    /// A shelf of an older roadtrip has one join, which the link names itself: it is read as the
    /// join of its group, kept while the group is the same, and kept on when another group is joined.
    @Test func anOlderShelfsOneJoinIsReadAndKept() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let join = try Self.join(holding: "andorra-east", on: shelf)
        let list = try #require(shelf.joinedLinkTarget())
        let link = shelf.directory.appendingPathComponent(ShelfName.joinedLinkName)
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: join.version)
        try FileManager.default.removeItem(at: shelf.directory.appendingPathComponent(list))
        #expect(shelf.joinedRoads() == RegionShelf.JoinedRoads(version: join.version, joins: [join]))
        #expect(!RoadJoin.isNeeded(on: shelf))
        guard case .road = Self.acrossAndorra(on: shelf) else { return #expect(Bool(false), "\(Self.acrossAndorra(on: shelf))") }
        let files = try Self.identities(under: shelf.directory.appendingPathComponent(join.version))

        try Self.add(Self.kremsHalves, of: "krems.osm.gz", to: shelf, in: directory)
        #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"], ["krems-east", "krems-west"]]))
        #expect(shelf.joinedLinkTarget() != join.version && shelf.joinedRoads()?.joins.count == 2)
        #expect(try Self.join(holding: "andorra-east", on: shelf) == join)
        #expect(try Self.identities(under: shelf.directory.appendingPathComponent(join.version)) == files)
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
        #expect(Self.acrossAndorra(on: shelf) == .estimate(reason: "Pas de la Casa is more than 12.2 km from the roads of andorra-west"))
    }

    @Test func aJoinWithNothingNewToJoinBuildsNothing() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let version = try #require(shelf.joinedRoads()?.version)
        #expect(!RoadJoin.isNeeded(on: shelf))
        #expect(try RoadJoin(shelf: shelf).run() == .joined([["andorra-east", "andorra-west"]]))
        #expect(shelf.joinedRoads()?.version == version)
    }

    /// A build that fails (a region's roads unreadable) or is stopped leaves the joined roads
    /// there were, whole and routing, and nothing of its own. The whole of Andorra, added beside
    /// its halves, is in their group: their join is built again with it.
    @Test func aFailedOrStoppedBuildLeavesTheOldJoinedRoadsInPlace() throws {
        let directory = try TemporaryDirectory()
        let shelf = try Self.shelf(in: directory)
        let before = try #require(shelf.joinedRoads())
        var stopped = RoadJoin(shelf: shelf)
        stopped.isCancelled = { true }
        try Self.add("andorra.osm.pbf", to: shelf)
        #expect(RoadJoin.isNeeded(on: shelf))
        #expect(throws: RegionError.cancelled) { try stopped.run() }
        let andorra = try #require(shelf.installed().first { $0.name == "andorra" })
        try Data("not an extract".utf8).write(to: andorra.folder.appendingPathComponent(RegionInfo.roadExtractName))
        #expect(throws: RegionError.self) { try RoadJoin(shelf: shelf).run() }
        #expect(shelf.joinedRoads() == before)
        #expect(
            directory.fileNamesUnder("regions").filter { $0.hasPrefix(".joined_") || $0.hasPrefix(".staging") }
                == ([before.version] + before.joins.map(\.version)).sorted())
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
