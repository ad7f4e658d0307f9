import Foundation
@testable import OSMImport
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// Downloading an extract and adding it as a region, the command line's and the planner's alike:
/// the size asked first, a large file asked about, the file checked, the towns the same as a file's.
@MainActor
@Suite struct DownloadExtractTests {
    static func andorra(_ fixtures: RegionFixtures) throws -> ExtractCatalogue.Extract {
        try #require(try SearchCatalogue(source: fixtures.source).catalogue().catalogue.extracts.first { $0.id == "andorra" })
    }

    @Test func aFileOverTheSizeAskedAboutIsOnlyMeasuredUntilConfirmed() throws {
        let fixtures = try RegionFixtures()
        let bytes = try #require(
            FileManager.default.attributesOfItem(atPath: fixtures.directory.file("server/europe/andorra-latest.osm.pbf").path)[.size] as? Int)
        let download = DownloadExtract(source: fixtures.source, shelf: fixtures.shelf, places: try RegionFixtures.places(), askingAbove: 1_000)
        #expect(try download.size(of: Self.andorra(fixtures)) == Int64(bytes))
        #expect(download.asksAbout(bytes: 1_001) && !download.asksAbout(bytes: 1_000) && !download.asksAbout(bytes: nil))
        guard case .needsConfirmation(let measured) = download.download(try Self.andorra(fixtures), confirmed: false) else {
            Issue.record("downloaded unasked")
            return
        }
        #expect(measured == Int64(bytes) && fixtures.shelf.installed().isEmpty)
        #expect(!DownloadExtract(source: fixtures.source, shelf: fixtures.shelf, places: .unavailable).asksAbout(bytes: 999_999_999), "1 GB by default")
    }

    @Test func aConfirmedDownloadIsCheckedAndAddedWithTheBuiltInTowns() throws {
        let fixtures = try RegionFixtures()
        let download = DownloadExtract(source: fixtures.source, shelf: fixtures.shelf, places: try RegionFixtures.places(), askingAbove: 1_000)
        let said = Said()
        guard case .added(let info) = download.download(try Self.andorra(fixtures), confirmed: true, work: RegionWork(progress: { said.append($0) })) else {
            Issue.record("not added")
            return
        }
        #expect(info.name == "andorra" && info.places > 0 && info.origin?.extract == "andorra")
        #expect(fixtures.shelf.installed().map(\.name) == ["andorra"] && !said.lines.isEmpty)
    }

    @Test func aWrongChecksumIsASentenceAndAddsNothing() throws {
        let fixtures = try RegionFixtures(md5: String(repeating: "0", count: 32))
        let download = DownloadExtract(source: fixtures.source, shelf: fixtures.shelf, places: try RegionFixtures.places())
        guard case .failed(let sentence) = download.download(try Self.andorra(fixtures), confirmed: true) else {
            Issue.record("added")
            return
        }
        #expect(!sentence.isEmpty && fixtures.shelf.installed().isEmpty, "\(sentence)")
    }
}

/// What work said, from whichever thread it ran on.
final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []

    func append(_ line: String) { lock.withLock { said.append(line) } }
    var lines: [String] { lock.withLock { said } }
}
