import ChildProcesses
import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// `region add` against osmium itself, on the committed extracts (© OpenStreetMap contributors,
/// ODbL: Tests/Fixtures/osm/README.md): every format, what the region holds and how it is
/// searched, and that a file it cannot use leaves nothing behind.
@Suite(.serialized) struct RegionImportTests {
    static func fixture(_ name: String) -> String { ExtractFileTests.fixtures.appendingPathComponent(name).path }

    static func importing(_ file: String, as name: String? = nil, into shelf: RegionShelf) throws -> RegionInfo {
        try RegionImport(file: file, name: name, shelf: shelf, towns: try RealGazetteer.get()).run()
    }

    static func regionFiles(_ shelf: RegionShelf) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: shelf.directory.path)) ?? []).filter { $0 != ".lock" }.sorted()
    }

    @Test func andorraAsPBF() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let info = try Self.importing(Self.fixture("andorra.osm.pbf"), into: shelf)
        #expect(info.name == "andorra")
        #expect(info.places > 200 && info.roads > 1_000, "\(info)")
        #expect(info.sha256.count == 64 && info.sha256.hasPrefix("70998b72b5ee"), "sha256sum of the file: \(info.sha256)")
        #expect(info.sourceBytes == 565_390)
        #expect(info.keepsLeft == false, "Andorra's places are in AD, where traffic keeps right (issue 56)")
        let bounds = try #require(info.bounds)
        #expect(bounds.south < 42.5 && bounds.north > 42.6 && bounds.west < 1.45 && bounds.east > 1.7)
        let places = try Gazetteer.load(from: try #require(shelf.installed().first).placesFile, source: "andorra")
        let peak = try #require(places.search("Pica d'Estats", limit: 1).first)
        #expect(peak.kind == .peak && peak.elevation == 3143 && peak.countryCode == "AD" && peak.source == "andorra")
        #expect(peak.kindText == "peak 3,143 m")
        #expect(places.search("Estany de l'Illa", limit: 1).first?.kind == .lake)
        #expect(places.search("Llorts", limit: 1).first?.kind == .village)
        #expect(Self.regionFiles(shelf).count == 2, "a link and its folder: \(Self.regionFiles(shelf))")
    }

    /// Issue 36: a region keeps its roads as the network the road matrix searches (`roads.graph`),
    /// read from Routino's database of them (issue 54: not parsed a second time from osmium's
    /// text); a damaged file is refused, naming it (issue 52). Issue 57, item 5: the routing engine
    /// only reads the file, so a file of another version, or none (a region an older roadtrip
    /// added), is no network there (its matrix is routed leg by leg) until an import brings it up
    /// to date from the region's database; a database cut short is left as it is.
    @Test func aRegionKeepsItsRoadNetworkAndAnOlderOneIsBroughtUpToDateAtImport() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("andorra.osm.pbf"), into: shelf)
        let folder = try #require(shelf.installed().first).folder
        let graph = folder.appendingPathComponent(RoadNetworkFile.name)
        let kept = try #require(RoadNetwork(decoding: try Data(contentsOf: graph)))
        #expect(kept.ways.count > 1_000 && kept.points.count > 5_000, "\(kept.ways.count) ways, \(kept.points.count) points")
        #expect(kept.ways.allSatisfy { $0.nodes.count >= 2 })
        #expect(RoadNetworkFile.state(inRegion: folder) == .current)
        var infinite = kept
        infinite.points[2] = Coordinate(latitude: .infinity, longitude: -.infinity)
        try infinite.encoded().write(to: graph)
        #expect(
            RoadNetworkFile.network(inRegion: folder) == .failure(RoadNetworkFile.FileDamage(clause: "\(graph.path) has point 3 off the Earth (inf, -inf)")))
        #expect(RoadNetworkFile.bringUpToDate(on: shelf).isEmpty, "a damaged file of this version is said to be so, not written over")
        // A file of another version is not read; the next import (of another region) writes it again from the database.
        try Data("an older roadtrip's graph".utf8).write(to: graph)
        #expect(RoadNetworkFile.state(inRegion: folder) == .otherVersion)
        #expect(try RoadNetworkFile.network(inRegion: folder).get() == nil)
        _ = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(RoadNetworkFile.state(inRegion: folder) == .current)
        #expect(try RoadNetworkFile.network(inRegion: folder).get()?.encoded() == kept.encoded())
        #expect(RoadNetworkFile.bringUpToDate(on: shelf).isEmpty, "nothing left to bring up to date")
        // A region added before it kept one: the same.
        try FileManager.default.removeItem(at: graph)
        #expect(RoadNetworkFile.state(inRegion: folder) == .missing)
        #expect(try RoadNetworkFile.network(inRegion: folder).get() == nil)
        #expect(RoadNetworkFile.bringUpToDate(on: shelf) == ["andorra"])
        #expect(try RoadNetworkFile.network(inRegion: folder).get()?.encoded() == kept.encoded())
        // A database cut short is left as it is: the region's legs are Routino's, which says what is wrong.
        try FileManager.default.removeItem(at: graph)
        let segments = folder.appendingPathComponent(RegionInfo.roadsFolderName).appendingPathComponent("segments.mem")
        let whole = try Data(contentsOf: segments)
        try whole.prefix(whole.count - 5).write(to: segments)
        do {
            _ = try RoutinoDatabase.network(in: segments.deletingLastPathComponent())
            Issue.record("a cut database was read")
        } catch {
            #expect(error.clause == "segments.mem is not as long as its header says", "\(error.clause)")
        }
        #expect(RoadNetworkFile.bringUpToDate(on: shelf).isEmpty)
        #expect(RoadNetworkFile.state(inRegion: folder) == .missing)
    }

    @Test func kremsAsGzipAndBeattyAsXMLAndAsBzip2() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let krems = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(krems.places > 5 && krems.roads > 100, "\(krems)")
        // Issue 56: its lights, stop signs and crossings on its roads, kept for the legs and the graph.
        let controls = TrafficControls.inRegion(shelf.installed()[0].folder).controls
        let kinds = Dictionary(grouping: controls, by: \.kind).mapValues(\.count)
        #expect(kinds[.signals, default: 0] >= 20 && kinds[.stop, default: 0] >= 10 && kinds[.crossing, default: 0] >= 30, "\(kinds)")
        let beatty = try Self.importing(Self.fixture("beatty.osm"), into: shelf)
        #expect(beatty.places > 10, "\(beatty)")
        // The same extract compressed with bzip2, under another name.
        let compressed = directory.file("rhyolite.osm.bz2")
        _ = try ChildProcess("/bin/sh", ["-c", "bzip2 -c \"$0\" > \"$1\"", Self.fixture("beatty.osm"), compressed.path]).wait()
        let rhyolite = try Self.importing(compressed.path, into: shelf)
        #expect(rhyolite.name == "rhyolite" && rhyolite.places == beatty.places && rhyolite.roads == beatty.roads)
        #expect(shelf.installed().map(\.name) == ["beatty", "krems", "rhyolite"])
        let ghostTown = try Gazetteer.load(from: shelf.installed()[0].placesFile).search("Rhyolite", limit: 3)
        #expect(ghostTown.first?.admin1 == "Nevada" && ghostTown.first?.countryCode == "US")
    }

    @Test func addingTheSameFileAgainUpdatesTheRegion() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let first = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        let second = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(shelf.installed().map(\.name) == ["krems"])
        #expect(second.sha256 == first.sha256 && second.places == first.places)
        #expect(Self.regionFiles(shelf).count == 2, "\(Self.regionFiles(shelf))")
    }

    @Test func aTruncatedFileIsRefusedAndLeavesTheRegionsAsTheyWere() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("krems.osm.gz"), as: "andorra", into: shelf)
        let before = Self.regionFiles(shelf)
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("andorra.osm.pbf")))
        let cut = directory.file("andorra.osm.pbf")
        try whole.prefix(whole.count / 2).write(to: cut)
        #expect {
            _ = try Self.importing(cut.path, into: shelf)
        } throws: { error in
            guard case RegionError.notAnExtract(let path, let reason) = error else { return false }
            return path == cut.path && reason.hasPrefix("osmium cannot read it")
        }
        #expect(Self.regionFiles(shelf) == before, "the region of that name is the one before, and no staging folder is left")
        #expect(try shelf.installed().first?.info.get().sourceFile.hasSuffix("krems.osm.gz") == true)
    }

    @Test func aCancelledImportChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        let before = Self.regionFiles(shelf)
        var job = try RegionImport(file: Self.fixture("krems.osm.gz"), shelf: shelf, towns: nil)
        job.isCancelled = { true }
        #expect(throws: RegionError.cancelled) { try job.run() }
        #expect(Self.regionFiles(shelf) == before)
    }

    @Test func progressGoesFromReadingToWriting() throws {
        let directory = try TemporaryDirectory()
        let seen = Seen()
        var job = try RegionImport(file: Self.fixture("beatty.osm"), shelf: RegionShelf(directory: directory.file("regions")), towns: nil)
        job.progress = { seen.add($0) }
        _ = try job.run()
        let reports = seen.all
        #expect(reports.contains { if case .writing = $0 { return true } else { return false } })
        #expect(reports.last.map { if case .writing = $0 { return true } else { return false } } == true)
        #expect(RegionImport.Progress.reading(file: "a.osm", bytes: 500_000, total: 1_000_000, pass: 2).text == "Reading a.osm: 500 KB of 1.0 MB (50%)")
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [RegionImport.Progress] = []
        func add(_ report: RegionImport.Progress) { lock.withLock { reports.append(report) } }
        var all: [RegionImport.Progress] { lock.withLock { reports } }
    }

    @Test func aMissingToolIsASentenceNamingItsPackage() {
        #expect(throws: RegionError.missingTool(tool: "osmium", package: "osmium-tool")) {
            try ChildTools.locate("osmium", environment: ["PATH": "/nonexistent"])
        }
        #expect(
            RegionError.missingTool(tool: "osmium", package: "osmium-tool").description
                == "Adding a region needs osmium, from the Debian package osmium-tool: install it with `sudo apt-get install osmium-tool`.")
    }
}

/// Hostile extracts of issue 34 (cases 11, 13, 15): small OSM XML files written by the tests.
extension RegionImportTests {
    static let village = OSMText.village

    /// An OSM XML extract holding `body`, with the header box `bounds` when given.
    static func osm(_ body: String, bounds: String? = nil, named name: String, in directory: TemporaryDirectory) throws -> String {
        try OSMText.file(body, bounds: bounds, named: name, in: directory)
    }

    /// Issue 34, case 11: planetsplitter failed on its own empty work file ("Cannot mmap file
    /// '…/nodesx….idx.tmp' for reading [Invalid argument]"), naming a file already gone.
    @Test(arguments: ["", #"<way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>"#])
    func placesWithoutRoadsToDriveOnAreARegionWithoutRouting(roads: String) throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let info = try Self.importing(try Self.osm(Self.village + roads, named: "placeville.osm", in: directory), into: shelf)
        #expect(info.places == 1 && info.roads == 0 && info.roadDatabase == nil, "\(info)")
        #expect(RegionText.counts(info) == "1 places, no roads to route on")
        let folder = try #require(shelf.installed().first).folder
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RegionInfo.roadsFolderName).path))
        // That no engine routes on it: RegionRoadsTests.
    }

    /// Issue 35, item 5: an extract whose objects are out of order (a way before its nodes: many
    /// real extracts, whatever their header says) failed with the last line of osmium's message,
    /// "(then ways in order of ID, then relations in order of ID.)". It is sorted and imported.
    @Test func anExtractOutOfOrderIsSortedAndImported() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let road = #"<way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>"#
        let nodes = #"<node id="10" lat="43.7380" lon="7.4240" version="1"/><node id="11" lat="43.7390" lon="7.4260" version="1"/>"#
        let file = try Self.osm(road + nodes + Self.village, named: "unsorted.osm", in: directory)
        let info = try Self.importing(file, into: shelf)
        #expect(info.places == 1 && info.roads == 1 && info.roadDatabase != nil, "\(info)")
        #expect(info.sourceFile == file)
        let folder = try #require(shelf.installed().first).folder
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sorted.osm.pbf").path))
    }

    /// Issue 34, case 13: "osmium failed (status 1): PBF error: invalid blob size: 2147483647"
    /// named no file; nor did the same for an `.osm` with a document type declaration.
    @Test func anExtractOsmiumCannotReadIsNamedWithTheReason() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        // Andorra with its first blob's size (field 3 of the BlobHeader, a varint) made 2^31 - 1.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture("andorra.osm.pbf"))))
        let headerLength = Int(bytes[3])
        let sizeField = 4 + 2 + 9
        #expect(bytes[sizeField] == 0x18)
        var end = sizeField + 1
        while bytes[end] & 0x80 != 0 { end += 1 }
        let header = Array(bytes[4..<(sizeField + 1)]) + [0xFF, 0xFF, 0xFF, 0xFF, 0x07] + Array(bytes[(end + 1)..<(4 + headerLength)])
        bytes = [0, 0, 0, UInt8(header.count)] + header + Array(bytes[(4 + headerLength)...])
        let blob = directory.file("blob.osm.pbf")
        try Data(bytes).write(to: blob)
        let dtd = try Self.osm(Self.village, named: "dtd.osm", in: directory)
        let declared = try String(contentsOfFile: dtd, encoding: .utf8).replacingOccurrences(of: "<osm ", with: "<!DOCTYPE osm [ <!ENTITY a \"b\"> ]>\n<osm ")
        try Data(declared.utf8).write(to: URL(fileURLWithPath: dtd))
        for (file, reason) in [
            (blob.path, "osmium cannot read it (PBF error: invalid blob size: 2147483647)"), (dtd, "osmium cannot read it (XML entities are not supported)"),
        ] {
            #expect(throws: RegionError.notAnExtract(path: file, reason: reason)) { try Self.importing(file, into: shelf) }
            #expect(Self.regionFiles(shelf).isEmpty, "\(Self.regionFiles(shelf))")
        }
    }

    /// Issue 34, case 15: a header box of the whole world around one town became the region's
    /// box, so every leg on Earth was "more than 1 km from any road" of it.
    @Test func theBoxIsTheDataNeverTheHeadersAndNodesOffTheGlobeAreLeftOut() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let road = #"""
            <node id="10" lat="43.7300" lon="7.4100" version="1"/><node id="11" lat="43.7350" lon="7.4200" version="1"/>
            <node id="12" lat="95" lon="7.4" version="1"/><node id="13" lat="43.7" lon="180.0000001" version="1"/>
            <way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>
            """#
        let world = try Self.osm(Self.village + road, bounds: #"minlat="-90" minlon="-180" maxlat="90" maxlon="180""#, named: "world.osm", in: directory)
        let info = try Self.importing(world, into: shelf)
        // Issue 56, item 3: a region's area is where its roads are, with the kilometer around
        // them a stop may be from them; not the village's node 500 m on.
        let roads = try #require(
            RegionInfo.Bounds(
                around: [Coordinate(latitude: 43.73, longitude: 7.41), Coordinate(latitude: 43.735, longitude: 7.42)],
                margin: RoutedLeg.farthestFromRoad))
        #expect(Self.near(info.bounds, roads), "\(String(describing: info.bounds))")
        // That a leg in California is not this region's: RegionRoadsTests.
        // Issue 35, item 5: a header box within the data (the box the extract was cut to) is not
        // the region's either: the roads that run on past it are imported, and routed.
        let cut = try Self.osm(Self.village + road, bounds: #"minlat="43.72" minlon="7.40" maxlat="43.736" maxlon="7.421""#, named: "cut.osm", in: directory)
        let cutInfo = try Self.importing(cut, into: shelf)
        #expect(Self.near(cutInfo.bounds, roads))
        // Issue 37: its services (fuel, beds) are known only inside both: the cut, and the roads' area.
        #expect(cutInfo.cutBounds == RegionInfo.Bounds(south: 43.72, west: 7.40, north: 43.736, east: 7.421))
        #expect(Self.near(cutInfo.servicesBounds, RegionInfo.Bounds(south: roads.south, west: 7.40, north: 43.736, east: 7.421)))
        #expect(info.servicesBounds == info.bounds, "the world's box is no cut: the roads' area alone")
        // A region without roads: its data inside its cut.
        let places = try Self.osm(Self.village, bounds: #"minlat="43.70" minlon="7.40" maxlat="43.75" maxlon="7.45""#, named: "places.osm", in: directory)
        #expect(try Self.importing(places, into: shelf).bounds == RegionInfo.Bounds(south: 43.7384, west: 7.4246, north: 43.7384, east: 7.4246))
    }

    /// Whether two boxes are the same to about a meter (Routino keeps a point's degrees in fewer digits).
    static func near(_ box: RegionInfo.Bounds?, _ other: RegionInfo.Bounds) -> Bool {
        guard let box else { return false }
        return zip([box.south, box.west, box.north, box.east], [other.south, other.west, other.north, other.east]).allSatisfy { abs($0 - $1) < 1e-5 }
    }

    @Test func areasAcrossTheEquatorOrThePrimeMeridianNameEachEndsSide() {
        #expect(RegionText.area(.init(south: 49.86, west: -8.65, north: 60.86, east: 1.77)) == "49.86–60.86°N 8.65°W–1.77°E")
        #expect(RegionText.area(.init(south: -90, west: -180, north: 90, east: 180)) == "90.00°S–90.00°N 180.00°W–180.00°E")
        #expect(RegionText.area(.init(south: 42.43, west: 1.42, north: 42.66, east: 1.78)) == "42.43–42.66°N 1.42–1.78°E")
        #expect(RegionText.area(.init(south: -34.2, west: 18.3, north: -33.8, east: 18.9)) == "34.20–33.80°S 18.30–18.90°E")
    }
}

/// Issue 34, case 12: a full disk came out as "planetsplitter failed (status 1): no message", or
/// as its failure on a work file it found empty.
extension RegionImportTests {
    @Test func planetsplittersReportTellsRoadsWithoutNodesFromRoadsLost() throws {
        let directory = try TemporaryDirectory()
        let log = directory.file("output.txt")
        func report(_ lines: [String]) throws -> Bool {
            try Data(lines.joined(separator: "\n").utf8).write(to: log)
            return RegionImport.foundNoRoads(inLog: log)
        }
        // A way whose nodes are missing (planetsplitter 3.3.3 --loggable, as it printed it).
        #expect(
            try report([
                "Sorted Ways: Ways=1 Duplicates=0", "Checked Ways for unused Nodes: Ways=1 Highway Nodes=0",
                "Removed unused Nodes: Nodes=1 Highway=0 not-Highway=1",
            ]))
        // The ways lost on a disk that filled up, and a report cut short before the check.
        #expect(try !report(["Checking Ways for unused Nodes: Ways=0 Highway Nodes=0\rChecked Ways for unused Nodes: Ways=0 Highway Nodes=0"]))
        #expect(try !report(["Sorted Nodes: Nodes=69644 Duplicates=18444", "Cannot mmap file 'x' for reading [Invalid argument]."]))
        #expect(try !report(["Checked Ways for unused Nodes: Ways=1166 Highway Nodes=7672"]))
    }

    /// A tool that fails after the disk under its work folder filled up (and emptied it again,
    /// as planetsplitter does) failed for want of room, whatever it said. The tool here fills a
    /// small tmpfs, then holds its input open until the import has seen it read (so after the
    /// import looked at the disk), then frees the room and fails without a word.
    @Test(.enabled(if: Privileges.canMountTmpfs, "needs to mount a small tmpfs (root)"))
    func aToolThatFailsAfterTheDiskFilledUpFailedForWantOfRoom() throws {
        let directory = try TemporaryDirectory()
        let disk = directory.file("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(try ChildProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.path]).wait().succeeded)
        defer { _ = try? ChildProcess("/bin/umount", [disk.path]).wait() }
        let input = directory.file("input")
        try Data("x".utf8).write(to: input)
        let seen = disk.appendingPathComponent("seen").path
        var tools = ChildTools(logFile: disk.appendingPathComponent("tool.log"), isCancelled: { false })
        tools.reading = { _, _ in _ = FileManager.default.createFile(atPath: seen, contents: nil) }
        let script = "head -c 1M /dev/zero > \"$0/big\" 2>/dev/null; exec 3< \"$1\"; while [ ! -e \"$0/seen\" ]; do sleep 0.01; done; rm -f \"$0/big\"; exit 1"
        #expect(throws: RegionError.toolFailed(tool: "sh", status: 1, message: "No space left on device")) {
            try tools.run("sh", ["-c", script, disk.path, input.path], input: input.path)
        }
    }
}

extension RegionImportTests {
    /// Issue 34, case 15: a region whose box spans the world (a road at each of two far corners)
    /// claimed every point between: "Monterey is more than 1 km from any road". It covers the
    /// land around its roads (Routino's bins, about 6 km), and routes on them as before.
    @Test func aRegionCoversOnlyTheLandAroundItsRoads() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let roads = #"""
            <node id="10" lat="-60" lon="-170" version="1"/><node id="11" lat="-59.99" lon="-170" version="1"/>
            <node id="12" lat="70" lon="170" version="1"/><node id="13" lat="70.01" lon="170" version="1"/>
            <way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>
            <way id="101" version="1"><nd ref="12"/><nd ref="13"/><tag k="highway" v="primary"/></way>
            """#
        let info = try Self.importing(try Self.osm(Self.village + roads, named: "corners.osm", in: directory), into: shelf)
        #expect(
            Self.near(
                info.bounds,
                try #require(
                    RegionInfo.Bounds(
                        around: [Coordinate(latitude: -60, longitude: -170), Coordinate(latitude: 70.01, longitude: 170)],
                        margin: RoutedLeg.farthestFromRoad))))
        // How legs route on it: RegionRoadsTests.
    }
}

/// Issue 37, item 1: the services on the way (fuel, charging, food, beds, parking, toilets, water,
/// supermarkets), from the committed extracts, with their names and details.
extension RegionImportTests {
    /// Every place of region `name`'s index, in the index's order.
    static func places(of name: String, on shelf: RegionShelf) throws -> [Place] {
        let index = try Gazetteer.load(from: try #require(shelf.installed().first { $0.name == name }).placesFile, source: name)
        return (0..<index.count).map(index.place(at:))
    }

    static func counts(_ places: [Place]) -> [PlaceKind: Int] {
        places.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    static func place(_ name: String, _ kind: PlaceKind, in places: [Place]) throws -> Place {
        try #require(places.first { $0.name == name && $0.kind == kind }, "\(name), \(kind)")
    }

    @Test func andorrasFuelStationsToiletsFoodAndBedsAreImportedNamedWithTheirDetails() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let info = try Self.importing(Self.fixture("andorra.osm.pbf"), into: shelf)
        #expect(info.format == RegionInfo.currentFormat)
        let places = try Self.places(of: "andorra", on: shelf)
        // Each object osmium finds with the tag (`osmium tags-filter … nwr/amenity=fuel`), once,
        // though some unnamed restaurants and fuel stations stand within 50 m of another; but
        // three car parks are private or roadside, and hotel Espel is mapped twice (n2090947025, w199030322).
        let counts = Self.counts(places)
        #expect(counts[.fuel] == 19 && counts[.toilets] == 9 && counts[.restaurant] == 39 && counts[.cafe] == 3, "\(counts)")
        #expect(counts[.fastFood] == 11 && counts[.supermarket] == 15 && counts[.hotel] == 47 && counts[.parking] == 102, "\(counts)")
        #expect(info.places == places.count && places.count > 450, "\(info.places) places, 245 before issue 37")
        // Issue 56: hospitals and pharmacies (services: an unnamed one named by its kind), and churches.
        #expect(counts[.hospital, default: 0] >= 5 && counts[.pharmacy, default: 0] >= 2 && counts[.church, default: 0] >= 8, "\(counts)")
        #expect(try Self.place("Sant Andreu", .church, in: places).kindText == "church")
        #expect(places.contains { $0.name == "Hospital" && $0.kind == .hospital })
        // An unnamed station named by its operator; unnamed toilets by what they are.
        let esso = try Self.place("ESSO", .fuel, in: places)
        #expect(abs(esso.coordinate.latitude - 42.54466) < 1e-4 && abs(esso.coordinate.longitude - 1.51556) < 1e-4)
        #expect(esso.details?.operatorName == "ESSO" && esso.countryCode == "AD" && esso.kindText == "fuel station" && esso.source == "andorra")
        #expect(places.filter { $0.name == "Toilets" }.count == 9)
        #expect(try Self.place("Pans & Company", .fastFood, in: places).details?.operatorName == "Pans & Company")
        #expect(try Self.place("Pyrénées", .supermarket, in: places).details?.operatorName == "Department Store")
        #expect(try Self.place("Hotel Xalet Besoli", .hotel, in: places).details == nil)
        // Towns and sights before the services named after them.
        let library = PlaceLibrary(indexes: [
            try RealGazetteer.get(), try Gazetteer.load(from: try #require(shelf.installed().first).placesFile, source: "andorra"),
        ])
        let ordino = library.search("Ordino", limit: 3)
        #expect(ordino.first?.kind.isSettlement == true && ordino.dropFirst().first?.name == "Hotel Ordino", "\(ordino)")
        #expect(library.search("Arinsal", limit: 2).first?.kind.isSettlement == true)
    }

    @Test func kremsKeepsOpeningHoursAndAStationMappedAsABuildingOnce() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        let places = try Self.places(of: "krems", on: shelf)
        let counts = Self.counts(places)
        #expect(counts[.fuel] == 6 && counts[.guestHouse] == 4 && counts[.drinkingWater] == 1 && counts[.supermarket] == 9, "\(counts)")
        #expect(counts[.parking] == 53 && counts[.cafe] == 7 && counts[.restaurant] == 16 && counts[.fastFood] == 9, "\(counts)")
        // Avanti, mapped twice: a node (n472975298, named) and a building (w94239433, no name,
        // operator Avanti), which osmium writes as a line and an area: one station, the node.
        let avanti = places.filter { $0.name == "Avanti" }
        #expect(avanti.map(\.kind) == [.fuel] && avanti.first?.coordinate == Coordinate(latitude: 48.40623, longitude: 15.60357))
        let unimarkt = try Self.place("Unimarkt", .supermarket, in: places)
        #expect(unimarkt.details?.openingHours == "Mo-Th 08:00-18:30; Fr 08:00-19:00; Sa 07:30-17:00" && unimarkt.details?.operatorName == "Unimarkt")
        #expect(try Self.place("Schnitzelpalast", .fastFood, in: places).details?.openingHours == "10:00-22:00")
        #expect(try Self.place("Drinking water", .drinkingWater, in: places).countryCode == "AT")
        #expect(try Self.place("Gästehaus Aigner - Weingut", .guestHouse, in: places).kindText == "guest house")
    }

    @Test func beattysMotelsHotelsAndFuelStations() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("beatty.osm"), into: shelf)
        let places = try Self.places(of: "beatty", on: shelf)
        #expect(
            Set(places.filter { $0.kind == .motel }.map(\.name))
                == ["Exchange Club Motel", "El Portal Motel", "Motel 6 Beatty / Death Valley", "The Atomic Inn"])
        #expect(Set(places.filter { $0.kind == .hotel }.map(\.name)) == ["Death Valley Inn", "Stagecoach Hotel and Casino"])
        #expect(Set(places.filter { $0.kind == .fuel }.map(\.name)) == ["Fuel station", "Eddie World"])
        #expect(places.filter { $0.kind == .toilets }.count == 2)
        #expect(try Self.place("El Portal Motel", .motel, in: places).admin1 == "Nevada")
    }

    /// No committed extract has a charging station: one written here, with its sockets.
    @Test func aChargingStationKeepsItsSocketsAndPower() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let station = #"""
            <node id="2" lat="43.7390" lon="7.4250" version="1"><tag k="amenity" v="charging_station"/><tag k="operator" v="Ionity"/>
            <tag k="socket:type2_combo" v="4"/><tag k="socket:type2_combo:output" v="350 kW"/><tag k="socket:type2" v="2"/>
            <tag k="socket:type2:output" v="22 kW"/><tag k="opening_hours" v="24/7"/></node>
            <node id="3" lat="43.7395" lon="7.4255" version="1"><tag k="amenity" v="parking"/><tag k="access" v="private"/></node>
            """#
        _ = try Self.importing(try Self.osm(Self.village + station, named: "chargers.osm", in: directory), into: shelf)
        let places = try Self.places(of: "chargers", on: shelf)
        #expect(places.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.village, .chargingStation], "the private car park is left out")
        let ionity = try Self.place("Ionity", .chargingStation, in: places)
        #expect(ionity.details?.sockets == [.init(type: "type2", count: 2, output: "22 kW"), .init(type: "type2_combo", count: 4, output: "350 kW")])
        #expect(ionity.details?.summary(besides: ionity.name) == "2× Type 2 (22 kW), 4× CCS (350 kW) · 24/7")
        #expect(ionity.kindText == "EV charging")
    }
}

/// Issue 37, item 1: the region format is versioned. A region an older roadtrip added (format 1,
/// without the services) keeps its roads, but its places are left out of searches, with the
/// sentence that says how to add it again, until it is.
extension RegionImportTests {
    /// Region `name`'s `region.json` rewritten as format `format` says it.
    static func mark(_ name: String, on shelf: RegionShelf, format: Int) throws {
        let folder = try #require(shelf.installed().first { $0.name == name }).folder
        var info = try RegionInfo.decode(try Data(contentsOf: folder.appendingPathComponent(RegionInfo.fileName)))
        info.format = format
        try info.encoded().write(to: folder.appendingPathComponent(RegionInfo.fileName))
    }

    @MainActor
    @Test func aRegionAddedByAnOlderRoadtripIsLeftOutOfSearchesWithASentenceUntilAddedAgain() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(shelf.installed().first?.placesProblem == nil && shelf.placeIndexes().indexes.count == 1)
        try Self.mark("krems", on: shelf, format: 1)
        let old = try #require(shelf.installed().first)
        #expect(try old.info.get().roadDatabase == RegionInfo.roadsFolderName, "its roads are still routed on")
        let sentence =
            "Region krems was added by an older roadtrip, without fuel, food and beds: its places are left out of searches "
            + "until it is added again with `roadtrip region add \(Self.fixture("krems.osm.gz"))` (its roads are still routed on)."
        #expect(old.placesProblem?.description == sentence)
        #expect(shelf.placeIndexes().indexes.isEmpty && shelf.placeIndexes().problems == [sentence])
        let library = try PlaceIndexProvider.library(environment: [:], shelf: shelf).value.get()
        #expect(library.problems == [sentence])
        #expect(!library.search("Unimarkt", limit: 5).contains { $0.source == "krems" })
        // Added again, it is whole.
        _ = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(shelf.installed().first?.placesProblem == nil)
        let again = try PlaceIndexProvider.library(environment: [:], shelf: shelf).value.get()
        #expect(again.problems.isEmpty && again.search("Unimarkt", limit: 1).first?.source == "krems")
    }

    @Test func theSentenceQuotesAPathTheShellWouldSplit() {
        #expect(RegionError.shellWord("/maps/krems.osm.gz") == "/maps/krems.osm.gz")
        #expect(RegionError.shellWord("/home/me/My Maps/l'Aldosa.osm.pbf") == #"'/home/me/My Maps/l'\''Aldosa.osm.pbf'"#)
        #expect(RegionError.shellWord("/x/$(rm).osm") == "'/x/$(rm).osm'")
    }
}
