import Foundation
import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Where an export may not go (issue 21): the trips file by any name, its lock, its recovery
/// copies, and anything that is not a regular file.
@Suite struct ExportTargetTests {
    let directory: TemporaryDirectory
    let dataFile: URL

    init() throws {
        directory = try TemporaryDirectory()
        dataFile = try directory.write("{\"version\": 1, \"trips\": []}", to: "trips.json")
    }

    @Test func theTripsFileByAnyNameIsRefused() throws {
        #expect(symlink(dataFile.path, directory.file("soft.gpx").path) == 0)
        #expect(link(dataFile.path, directory.file("hard.gpx").path) == 0)
        try FileManager.default.createDirectory(at: directory.file("sub"), withIntermediateDirectories: true)
        for name in ["trips.json", "soft.gpx", "hard.gpx", "sub/../trips.json"] {
            #expect(ExportTarget.refusal(for: directory.file(name), protecting: dataFile)?.contains("is the trips file roadtrip is using") == true, "\(name)")
        }
    }

    @Test func itsLockAndRecoveryCopiesAreRefusedBeforeTheyExist() throws {
        #expect(ExportTarget.refusal(for: directory.file("trips.json.lock"), protecting: dataFile)?.contains("the lock of the trips file") == true)
        _ = try directory.write("{}", to: "trips.json.recovered-20261124-120000")
        #expect(ExportTarget.refusal(for: directory.file("trips.json.recovered-20261124-120000"), protecting: dataFile)?.contains("a recovery copy") == true)
    }

    @Test func aFolderAPipeAndADeviceAreRefused() throws {
        #expect(mkfifo(directory.file("pipe").path, 0o644) == 0)
        #expect(
            ExportTarget.refusal(for: directory.file("pipe"), protecting: dataFile)?.contains(
                "is a named pipe (FIFO), and an export only ever writes a regular file") == true)
        #expect(ExportTarget.refusal(for: directory.url, protecting: dataFile)?.contains("is a folder") == true)
        #expect(ExportTarget.refusal(for: URL(fileURLWithPath: "/dev/null"), protecting: dataFile)?.contains("is a character device") == true)
    }

    @Test func anyOtherFileIsFine() throws {
        _ = try directory.write("old", to: "coast.gpx")
        #expect(ExportTarget.refusal(for: directory.file("coast.gpx"), protecting: dataFile) == nil)
        #expect(ExportTarget.refusal(for: directory.file("new.gpx"), protecting: dataFile) == nil)
    }

    @Test func theAtomicWriterNeverRenamesOverAnythingButARegularFile() throws {
        #expect(mkfifo(directory.file("pipe").path, 0o644) == 0)
        let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Data("x".utf8), to: directory.file("pipe")) }
        #expect(failure?.reason.contains("only a regular file is replaced") == true)
        var status = stat()
        #expect(lstat(directory.file("pipe").path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    }

    /// Issue 34: `-o` a region's `places.bin`, `region.json`, `nodes.mem` or the regions' `.lock`
    /// with `--force` replaced them and destroyed the region.
    @Test func roadtripsOwnFoldersAreRefused() throws {
        let folders = RoadtripFolders(environment: [
            "XDG_DATA_HOME": directory.file("data").path, "XDG_CACHE_HOME": directory.file("cache").path,
            "XDG_STATE_HOME": directory.file("state").path,
        ])
        let regions = folders.data.appendingPathComponent("regions")
        try FileManager.default.createDirectory(at: regions.appendingPathComponent(".andorra-1/roads"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folders.cache, withIntermediateDirectories: true)
        #expect(symlink(".andorra-1", regions.appendingPathComponent("andorra").path) == 0)
        for name in [".lock", "andorra/places.bin", "andorra/region.json", "andorra/roads/nodes.mem"] {
            _ = try directory.write("region", to: "data/roadtrip/regions/\(name)")
        }
        #expect(symlink(regions.appendingPathComponent("andorra/places.bin").path, directory.file("places.gpx").path) == 0)
        let refused =
            ["andorra/places.bin", "andorra/region.json", ".lock", "andorra/roads/nodes.mem", "new.gpx"].map { regions.appendingPathComponent($0) }
            + [
                folders.cache.appendingPathComponent("road-legs.jsonl"), folders.cache.appendingPathComponent("new.gpx"),
                folders.state.appendingPathComponent("trips.json.recovered-20261124-120000"), directory.file("places.gpx"),
                directory.file("data/roadtrip/../roadtrip/regions/andorra/places.bin"),
            ]
        for url in refused {
            let refusal = ExportTarget.refusal(for: url, protecting: dataFile, folders: folders) ?? ""
            #expect(
                refusal.hasPrefix("\(url.path) is in roadtrip's ")
                    && refusal.hasSuffix(", and an export never goes among roadtrip's own files: export to another folder."),
                "\(url.path): \(refusal)")
        }
        #expect(
            ExportTarget.refusal(for: regions.appendingPathComponent("andorra/places.bin"), protecting: dataFile, folders: folders)
                == "\(regions.path)/andorra/places.bin is in roadtrip's data folder (\(regions.path)), and an export never goes among roadtrip's own files: export to another folder."
        )
        // Beside the trips file in the data folder, where the planner proposes exports, and anywhere else.
        for url in [folders.data.appendingPathComponent("Pacific Coast.gpx"), directory.file("coast.gpx")] {
            #expect(ExportTarget.refusal(for: url, protecting: dataFile, folders: folders) == nil, "\(url.path)")
        }
    }
}
