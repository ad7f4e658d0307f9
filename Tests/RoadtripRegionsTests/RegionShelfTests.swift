import Foundation
import Testing
@testable import IndexWriting
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// The regions folder: names, install in one step, removal, and the sweep of what killed imports left.
struct RegionShelfTests {
    @Test(arguments: [
        ("andorra-latest.osm.pbf", "andorra"), ("/x/Krems.osm.gz", "krems"), ("beatty.osm", "beatty"),
        ("north america.osm.bz2", "north-america"), ("île-de-france-latest.osm.pbf", "le-de-france"), (".osm", "region"),
    ])
    func aRegionIsNamedAfterItsFile(file: String, name: String) {
        #expect(RegionShelf.name(forFile: file) == name)
    }

    @Test func namesAreLowercaseLettersDigitsAndHyphens() {
        #expect(RegionShelf.isValidName("north-america-2"))
        #expect(
            !RegionShelf.isValidName("Andorra") && !RegionShelf.isValidName("../x") && !RegionShelf.isValidName("")
                && !RegionShelf.isValidName(".hidden") && !RegionShelf.isValidName("-x") && !RegionShelf.isValidName(String(repeating: "a", count: 65)))
    }

    static func info(_ name: String, places: Int) -> RegionInfo {
        RegionInfo(
            name: name, sourceFile: "/tmp/\(name).osm.pbf", sourceBytes: 1_000, sha256: String(repeating: "a", count: 64),
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
        // A staging folder of a process that is gone, a version no link names (each with roadtrip's
        // mark), the link of an install that never happened, and a live staging folder.
        for orphan in [".staging-2147483646-0A1B2C3D", ".krems-0a1b2c3d-4e5"] {
            let folder = shelf.directory.appendingPathComponent(orphan)
            try manager.createDirectory(at: folder, withIntermediateDirectories: false)
            try Data().write(to: folder.appendingPathComponent(ShelfName.markName))
        }
        #expect(symlink(".krems-0a1b2c3d-4e5", shelf.directory.appendingPathComponent(".link-2147483646-0A1B2C3D").path) == 0)
        let live = try shelf.makeStaging()
        shelf.sweep()
        let left = try manager.contentsOfDirectory(atPath: shelf.directory.path)
        #expect(
            !left.contains(".staging-2147483646-0A1B2C3D") && !left.contains(".krems-0a1b2c3d-4e5") && !left.contains(".link-2147483646-0A1B2C3D"), "\(left)")
        #expect(left.contains(live.lastPathComponent), "a staging folder of a living process stays")
        #expect(try shelf.installed().map { try $0.info.get().places } == [3])
    }

    /// Issue 34, case 1: the sweep took every hidden entry no region named, so a regions folder
    /// linked to a home folder lost `.bashrc`, `.config` and `.git`.
    @Test func theSweepTakesNothingRoadtripCannotProveItMade() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        try shelf.install(try Self.staged(shelf, "krems", places: 3), as: "krems")
        let manager = FileManager.default
        // Hidden entries of every kind, some named as roadtrip names its own but without its mark.
        let strangers = [".bashrc", ".config", ".git", ".staging-2147483646-0A1B2C3D", ".krems-0a1b2c3d-4e5", ".link-2147483646-0A1B2C3D", ".staging-x"]
        for name in strangers {
            let url = shelf.directory.appendingPathComponent(name)
            if name == ".bashrc" {
                try Data("s\n".utf8).write(to: url)
            } else if name.hasPrefix(".link") {
                #expect(symlink("../elsewhere", url.path) == 0)
            } else {
                try manager.createDirectory(at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
            }
        }
        shelf.sweep()
        let left = Set(try manager.contentsOfDirectory(atPath: shelf.directory.path))
        #expect(left.isSuperset(of: strangers), "\(left)")
        #expect(try Data(contentsOf: shelf.directory.appendingPathComponent(".bashrc")) == Data("s\n".utf8))
    }

    /// Issue 34, case 1: a regions folder that is a link to a folder holding other things (a home
    /// folder) is refused before anything is written in it; what it holds is listed as no region.
    @Test func aRegionsFolderLinkedToAFolderOfOtherThingsIsRefused() throws {
        let directory = try TemporaryDirectory()
        let victim = directory.file("victim")
        let manager = FileManager.default
        try manager.createDirectory(at: victim.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try manager.createDirectory(at: victim.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try Data("s\n".utf8).write(to: victim.appendingPathComponent(".bashrc"))
        try Data("v\n".utf8).write(to: victim.appendingPathComponent("visible.txt"))
        let before = try manager.contentsOfDirectory(atPath: victim.path).sorted()
        let shelf = RegionShelf(directory: directory.file("regions"))
        #expect(symlink(victim.path, shelf.directory.path) == 0)
        shelf.sweep()
        #expect(throws: RegionError.sharedFolder(path: shelf.directory.path, target: victim.path, holding: [".bashrc", ".config", ".git", "visible.txt"])) {
            _ = try shelf.makeStaging()
        }
        #expect(throws: RegionError.self) { try shelf.remove("visible") }
        #expect(try manager.contentsOfDirectory(atPath: victim.path).sorted() == before, "nothing added, nothing taken")
        #expect(shelf.installed().isEmpty, "a plain file is no region")
        #expect(shelf.foreignEntries() == [".bashrc", ".config", ".git", "visible.txt"])
        #expect(
            RegionError.sharedFolder(path: "/d/regions", target: "/d/victim", holding: [".bashrc", ".config", ".git", "visible.txt"]).description
                == "The regions folder /d/regions is a link to /d/victim, which holds “.bashrc”, “.config”, “.git” and 1 more that roadtrip "
                + "did not put there: regions need a folder of their own (make /d/regions a folder, or a link to an empty one). Nothing was changed.")
    }

    @Test func aRegionsFolderLinkedToAnEmptyFolderIsUsed() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = directory.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let shelf = RegionShelf(directory: directory.file("regions"))
        #expect(symlink(elsewhere.path, shelf.directory.path) == 0)
        try shelf.install(try Self.staged(shelf, "krems", places: 3), as: "krems")
        try shelf.install(try Self.staged(shelf, "krems", places: 4), as: "krems")
        #expect(try shelf.installed().map { try $0.info.get().places } == [4])
        #expect(shelf.foreignEntries().isEmpty)
    }

    /// Issue 34, case 14: a file saved in the regions folder was listed as a region (with
    /// "NSCocoaErrorDomain error 256"), and `remove` offered it among the regions.
    @Test func whatRoadtripDidNotInstallIsNoRegion() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        try shelf.install(try Self.staged(shelf, "andorra", places: 1), as: "andorra")
        try Data("<gpx/>".utf8).write(to: shelf.directory.appendingPathComponent("newfile.gpx"))
        try FileManager.default.createDirectory(at: shelf.directory.appendingPathComponent("notes"), withIntermediateDirectories: false)
        #expect(symlink("/etc", shelf.directory.appendingPathComponent("etc").path) == 0)
        #expect(shelf.installed().map(\.name) == ["andorra"])
        #expect(shelf.foreignEntries() == ["etc", "newfile.gpx", "notes"])
        #expect(throws: RegionError.noSuchRegion("newfile.gpx", known: ["andorra"])) { try shelf.remove("newfile.gpx") }
        #expect(throws: RegionError.noSuchRegion("notes", known: ["andorra"])) { try shelf.remove("notes") }
        #expect(throws: RegionError.noSuchRegion("etc", known: ["andorra"])) { try shelf.remove("etc") }
        #expect(FileManager.default.fileExists(atPath: shelf.directory.appendingPathComponent("notes").path))
    }

    /// Issue 34, case 14: a region whose description is missing or not one says which file and
    /// why in a sentence of its own ("The data isn’t in the correct format.." before).
    @Test(arguments: [
        (nil, "region.json cannot be read (No such file or directory)"), ("{", "region.json is not valid JSON"),
        (#"{"name": "x"}"#, "region.json has no “sourceFile”"), ("[]", "region.json is not a region's description"),
    ])
    func aBrokenDescriptionIsASentenceNamingTheFile(content: String?, problem: String) throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let staging = try Self.staged(shelf, "andorra", places: 1)
        let description = staging.appendingPathComponent(RegionInfo.fileName)
        try FileManager.default.removeItem(at: description)
        if let content { try Data(content.utf8).write(to: description) }
        try shelf.install(staging, as: "andorra")
        guard case .failure(let error) = try #require(shelf.installed().first).info else { Issue.record("listed as fine"); return }
        let sentence = error.description
        #expect(sentence.hasPrefix("Region andorra cannot be used: \(shelf.directory.path)/andorra/\(problem); add it again, or remove it"), "\(sentence)")
        #expect(!sentence.contains("..") && !sentence.contains("NSCocoaErrorDomain"), "\(sentence)")
    }

    /// Issue 52, case 10: a box with its south above its north trapped every command that made
    /// a range of it (and the planner at its start). A box or count no region has is a broken
    /// region with a sentence.
    @Test(arguments: [
        (RegionInfo.Bounds(south: 42.79, west: 1.4, north: 41.74, east: 1.8), "has its south edge above its north edge (“bounds”)"),
        (RegionInfo.Bounds(south: 42, west: 1.8, north: 43, east: 1.4), "has its west edge east of its east edge (“bounds”)"),
        (RegionInfo.Bounds(south: 42, west: 1.4, north: 95, east: 1.8), "has an edge off the Earth (“bounds”)"),
    ])
    func aBoxNoRegionHasIsASentence(bounds: RegionInfo.Bounds, problem: String) throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let staging = try Self.staged(shelf, "andorra", places: 1)
        var info = Self.info("andorra", places: 1)
        info.bounds = bounds
        let description = staging.appendingPathComponent(RegionInfo.fileName)
        try FileManager.default.removeItem(at: description)
        try info.encoded().write(to: description)
        try shelf.install(staging, as: "andorra")
        let region = try #require(shelf.installed().first)
        guard case .failure(let error) = region.info else { Issue.record("listed as fine"); return }
        #expect(error == .damaged(region: "andorra", problem: "\(region.folder.path)/region.json \(problem)"), "\(error)")
    }

    @Test func aRegionWhoseDescriptionCannotBeReadIsListedWithWhy() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let staging = try shelf.makeStaging()
        try Data("{".utf8).write(to: staging.appendingPathComponent(RegionInfo.fileName))
        try shelf.install(staging, as: "broken")
        let region = try #require(shelf.installed().first)
        guard case .failure(let error) = region.info else { Issue.record("read"); return }
        #expect(error.description.contains("region.json is not valid JSON"))
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
        #expect(error.description.hasPrefix("Region cut cannot be used: \(shelf.directory.path)/cut/places.bin is not a place index;"), "\(error)")
    }

    @Test func theStandardFolderFollowsXDG() {
        #expect(RegionShelf.standard(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).directory.path == "/d/roadtrip/regions")
        #expect(RegionShelf.standard(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).directory.path == "/h/.local/share/roadtrip/regions")
    }
}
