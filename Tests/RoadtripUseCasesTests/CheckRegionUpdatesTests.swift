import Foundation
@testable import OSMImport
@testable import RoadtripRegions
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// Which regions an update check is about, and what it finds of each, the command line's and
/// the planner's panel's alike.
@Suite struct CheckRegionUpdatesTests {
    static func origin(_ extract: String, md5: String, fixtures: RegionFixtures) -> RegionOrigin {
        RegionOrigin(extract: extract, url: fixtures.directory.file("server/europe/\(extract)-latest.osm.pbf").absoluteString, md5: md5)
    }

    @Test func theDownloadedRegionsAreCheckedAndThoseFromAFileAreNamed() throws {
        let origin = RegionOrigin(extract: "andorra", url: "file:///x", md5: "0")
        let installed = [RegionFixtures.installed("andorra", origin: origin), RegionFixtures.installed("krems"), RegionFixtures.installed("monaco")]
        let all = try CheckRegionUpdates.regions(installed)
        #expect(all.downloaded == [CheckRegionUpdates.Downloaded(name: "andorra", origin: origin)] && all.fromFiles == ["krems", "monaco"])
        let named = try CheckRegionUpdates.regions(installed, named: ["monaco"])
        #expect(named.downloaded.isEmpty && named.fromFiles == ["monaco"])
        #expect(CheckRegionUpdates.downloaded(among: installed) == all.downloaded)
        #expect(throws: RegionError.noSuchRegion("atlantis", known: ["andorra", "krems", "monaco"])) {
            try CheckRegionUpdates.regions(installed, named: ["andorra", "atlantis"])
        }
    }

    @Test func eachRegionIsCurrentChangedOrNoLongerListed() throws {
        let fixtures = try RegionFixtures()
        let md5 = try ExtractDownload.md5(of: fixtures.directory.file("server/europe/andorra-latest.osm.pbf"))
        let regions = [
            CheckRegionUpdates.Downloaded(name: "andorra", origin: Self.origin("andorra", md5: md5, fixtures: fixtures)),
            CheckRegionUpdates.Downloaded(name: "old", origin: Self.origin("andorra", md5: "0123", fixtures: fixtures)),
            CheckRegionUpdates.Downloaded(name: "gone", origin: Self.origin("atlantis", md5: md5, fixtures: fixtures)),
        ]
        let updates = CheckRegionUpdates(source: fixtures.source).updates(of: regions)
        #expect(try updates["andorra"]?.get() == .current)
        guard case .available(let extract)? = try updates["old"]?.get() else {
            Issue.record("\(String(describing: updates["old"]))")
            return
        }
        #expect(extract.id == "andorra")
        #expect(try updates["gone"]?.get() == .notListed)
        let catalogue = try SearchCatalogue(source: fixtures.source).catalogue().catalogue
        #expect(try CheckRegionUpdates(source: fixtures.source).update(of: regions[0], in: catalogue) == .current, "one region, as `region update` asks")
    }

    @Test func aCatalogueThatCannotBeReadIsEachRegionsAnswer() throws {
        let fixtures = try RegionFixtures()
        try FileManager.default.removeItem(at: fixtures.directory.file("server/index-v1.json"))
        let region = CheckRegionUpdates.Downloaded(name: "andorra", origin: Self.origin("andorra", md5: "0", fixtures: fixtures))
        let updates = CheckRegionUpdates(source: fixtures.source).updates(of: [region])
        #expect(throws: DownloadError.self) { try updates["andorra"]?.get() }
    }
}
