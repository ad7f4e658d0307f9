import Foundation
import Testing
import RoadtripTestSupport

/// An export never goes among roadtrip's own files (issue 34, hostile round four): `-o` a region's
/// files or the cache with `--force` replaced them and destroyed the region.
@Suite("Exports and roadtrip's own files, end to end")
struct OwnFilesExportEndToEndTests {
    @Test("export --force onto a region's files, the regions' lock or the leg cache: refused with a sentence, every file as it was, the region still there")
    func exportNeverReplacesRoadtripsOwnFiles() throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336"], in: directory)
        #expect(try RegionFixture.roadtrip(["show", "Pyrenees"], in: directory).status == 0, "the leg routed: the cache written")
        let regions = RegionFixture.regionsFolder(directory)
        let targets =
            ["andorra/places.bin", "andorra/region.json", ".lock", "andorra/roads/nodes.mem"].map { regions.appendingPathComponent($0) }
            + [LegCacheEndToEndTests.cacheFile(directory)]
        for target in targets {
            let before = try Data(contentsOf: target)
            let result = try RegionFixture.roadtrip(["export", "Pyrenees", "-o", target.path, "--force"], in: directory)
            #expect(
                result.status == 1 && result.standardError.contains("\(target.path) is in roadtrip's ")
                    && result.standardError.contains("an export never goes among roadtrip's own files"), "\(CommandLineEndToEndTests.describe(result))")
            #expect(try Data(contentsOf: target) == before, "\(target.path)")
        }
        let listed = try RegionFixture.listed(directory)
        #expect(listed.count == 1 && (listed.first?["places"] as? Int ?? 0) > 0, "\(listed)")
        // Beside the trips file, and anywhere else, an export is written as before.
        let beside = directory.url.appendingPathComponent("data/roadtrip/Pyrenees.gpx").path
        #expect(try RegionFixture.roadtrip(["export", "Pyrenees", "-o", beside], in: directory).status == 0)
    }
}
