import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// The regions folder: names, install in one step, removal, and the sweep of what killed imports left.
struct RegionShelfTests {
    @Test(arguments: [("andorra-latest.osm.pbf", "andorra"), ("/x/Krems.osm.gz", "krems"), ("beatty.osm", "beatty"),
                      ("north america.osm.bz2", "north-america"), ("île-de-france-latest.osm.pbf", "le-de-france"), (".osm", "region")])
    func aRegionIsNamedAfterItsFile(file: String, name: String) {
        #expect(RegionShelf.name(forFile: file) == name)
    }

    @Test func namesAreLowercaseLettersDigitsAndHyphens() {
        #expect(RegionShelf.isValidName("north-america-2"))
        #expect(!RegionShelf.isValidName("Andorra") && !RegionShelf.isValidName("../x") && !RegionShelf.isValidName("")
                && !RegionShelf.isValidName(".hidden") && !RegionShelf.isValidName("-x") && !RegionShelf.isValidName(String(repeating: "a", count: 65)))
    }

    static func info(_ name: String, places: Int) -> RegionInfo {
        RegionInfo(name: name, sourceFile: "/tmp/\(name).osm.pbf", sourceBytes: 1_000, sha256: String(repeating: "a", count: 64),
                   added: Date(timeIntervalSince1970: 1_790_000_000), bounds: .init(south: 1, west: 2, north: 3, east: 4),
                   places: places, roads: 7, format: RegionInfo.currentFormat)
    }

    /// A staging folder with a region.json and a place index of one peak, as an import leaves it
    /// before installing.
    static func staged(_ shelf: RegionShelf, _ name: String, places: Int) throws -> URL {
        let staging = try shelf.makeStaging()
        try DurableFile.write(try info(name, places: places).encoded(), to: staging.appendingPathComponent(RegionInfo.fileName))
        let peak = NamedFeature(name: "Peak", kind: .peak, coordinate: Coordinate(latitude: 42.6, longitude: 1.5))
        let index = try GazetteerWriter.bytes(for: FeatureGazetteer.source(for: [peak], towns: nil)).bytes
        try DurableFile.write(Data(index), to: staging.appendingPathComponent(RegionInfo.placesFileName))
        return staging
    }

    @Test func installingReplacesTheRegionOfThatNameInOneStepAndRemovingTakesItAway() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        #expect(shelf.installed().isEmpty)
        try shelf.install(try Self.staged(shelf, "andorra", places: 1), as: "andorra")
        let first = try FileManager.default.destinationOfSymbolicLink(atPath: shelf.directory.appendingPathComponent("andorra").path)
        try shelf.install(try Self.staged(shelf, "andorra", places: 2), as: "andorra")
        let regions = shelf.installed()
        #expect(regions.map(\.name) == ["andorra"])
        #expect(try regions[0].info.get().places == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: shelf.directory.path).sorted()
        #expect(!files.contains(first), "the old version is gone")
        #expect(files.filter { $0.hasPrefix(".staging") }.isEmpty)
        try shelf.remove("andorra")
        #expect(shelf.installed().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shelf.directory.path) == [".lock"])
        #expect(throws: RegionError.noSuchRegion("andorra", known: [])) { try shelf.remove("andorra") }
    }

    @Test func theSweepTakesWhatAKilledImportLeftAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        try shelf.install(try Self.staged(shelf, "krems", places: 3), as: "krems")
        let manager = FileManager.default
        // A staging folder of a process that is gone, a version no link names, and a live staging folder.
        try manager.createDirectory(at: shelf.directory.appendingPathComponent(".staging-2147483646-dead"), withIntermediateDirectories: false)
        try manager.createDirectory(at: shelf.directory.appendingPathComponent(".krems-orphan"), withIntermediateDirectories: false)
        let live = try shelf.makeStaging()
        shelf.sweep()
        let left = try manager.contentsOfDirectory(atPath: shelf.directory.path)
        #expect(!left.contains(".staging-2147483646-dead") && !left.contains(".krems-orphan"))
        #expect(left.contains(live.lastPathComponent), "a staging folder of a living process stays")
        #expect(try shelf.installed().map { try $0.info.get().places } == [3])
    }

    @Test func aRegionWhoseDescriptionCannotBeReadIsListedWithWhy() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let staging = try shelf.makeStaging()
        try Data("{".utf8).write(to: staging.appendingPathComponent(RegionInfo.fileName))
        try shelf.install(staging, as: "broken")
        let region = try #require(shelf.installed().first)
        guard case .failure(let error) = region.info else { Issue.record("read"); return }
        #expect(error.description.contains("region.json cannot be read"))
        #expect(shelf.placeIndexes().problems.count == 1)
    }

    @Test func aRegionWhosePlaceIndexIsDamagedIsListedWithWhy() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let staging = try Self.staged(shelf, "cut", places: 1)
        let index = staging.appendingPathComponent(RegionInfo.placesFileName)
        try Data(try Data(contentsOf: index).prefix(100)).write(to: index)
        try shelf.install(staging, as: "cut")
        guard case .failure(let error) = try #require(shelf.installed().first).info else { Issue.record("a cut index is listed as fine"); return }
        #expect(error.description.contains("places.bin cannot be read"), "\(error)")
    }

    @Test func theStandardFolderFollowsXDG() {
        #expect(RegionShelf.standard(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).directory.path == "/d/roadtrip/regions")
        #expect(RegionShelf.standard(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).directory.path == "/h/.local/share/roadtrip/regions")
    }
}
