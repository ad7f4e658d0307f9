import Foundation
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

    @Test func kremsAsGzipAndBeattyAsXMLAndAsBzip2() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let krems = try Self.importing(Self.fixture("krems.osm.gz"), into: shelf)
        #expect(krems.places > 5 && krems.roads > 100, "\(krems)")
        let beatty = try Self.importing(Self.fixture("beatty.osm"), into: shelf)
        #expect(beatty.places > 10, "\(beatty)")
        // The same extract compressed with bzip2, under another name.
        let compressed = directory.file("rhyolite.osm.bz2")
        let bzip = Process()
        bzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        bzip.arguments = ["-c", "bzip2 -c \"$0\" > \"$1\"", Self.fixture("beatty.osm"), compressed.path]
        try bzip.run()
        bzip.waitUntilExit()
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
        #expect(RegionError.missingTool(tool: "osmium", package: "osmium-tool").description
                == "Adding a region needs osmium, from the Debian package osmium-tool: install it with `sudo apt-get install osmium-tool`.")
    }
}
