import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// Issue 39: regions by name from a catalogue in Geofabrik's format, served from 127.0.0.1 by the
/// test (`FileServer`): the catalogue read and searched, a download verified and added, resumed
/// after a dropped connection, refused on a wrong checksum or a 404, cancelled at a known point.
@Suite(.serialized) struct ExtractDownloadTests {
    static let andorra = try! Data(contentsOf: ExtractFileTests.fixtures.appendingPathComponent("andorra.osm.pbf"))
    static let pbfPath = "/europe/andorra-latest.osm.pbf"

    static func catalogue(extra: String = "") -> Data {
        Data(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"id": "europe", "name": "Europe", "urls": {"pbf": "europe-latest.osm.pbf"}}, "geometry": null},
              {"type": "Feature", "properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}},
               "geometry": {"type": "Polygon", "coordinates": [[[1.4, 42.4], [1.8, 42.4], [1.8, 42.7], [1.4, 42.4]]]}},
              {"type": "Feature", "properties": {"id": "georgia", "parent": "europe", "name": "Georgia", "urls": {"pbf": "europe/georgia-latest.osm.pbf"}}},
              {"type": "Feature", "properties": {"id": "us/georgia", "parent": "us", "name": "Georgia", "urls": {"pbf": "north-america/us/georgia-latest.osm.pbf"}}},
              {"type": "Feature", "properties": {"id": "baden-wuerttemberg", "parent": "germany", "name": "Baden-Württemberg", "urls": {"pbf": "europe/germany/baden-wuerttemberg-latest.osm.pbf"}}}\(extra)
            ]}
            """.utf8)
    }

    /// The bytes of the file at `url`, nil when there is none.
    static func size(of url: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }

    static func md5(_ data: Data) throws -> String {
        let directory = try TemporaryDirectory()
        let file = directory.file("f")
        try data.write(to: file)
        return try ExtractDownload.md5(of: file)
    }

    /// A server of the catalogue and Andorra with its MD5 (`md5` to publish another).
    static func server(faults: [String: FileServer.Fault] = [:], md5: String? = nil) throws -> FileServer {
        try FileServer(
            files: [
                "/index-v1.json": catalogue(), pbfPath: andorra,
                pbfPath + ".md5": Data("\(try md5 ?? Self.md5(andorra))  andorra-latest.osm.pbf\n".utf8),
            ], faults: faults)
    }

    struct Setup {
        let directory: TemporaryDirectory
        let source: ExtractSource
        let shelf: RegionShelf

        init(_ server: FileServer) throws {
            directory = try TemporaryDirectory()
            source = ExtractSource(environment: [
                "ROADTRIP_EXTRACTS_URL": server.url.appendingPathComponent("index-v1.json").absoluteString,
                "XDG_CACHE_HOME": directory.file("cache").path, "HOME": directory.url.path,
            ])
            shelf = RegionShelf(directory: directory.file("regions"))
        }

        func download(_ id: String = "andorra", cancelled: @escaping @Sendable () -> Bool = { false }) throws -> RegionInfo {
            let extract = try #require(try source.catalogue().catalogue.find(id).first)
            var job = ExtractDownload(extract: extract, source: source, shelf: shelf, towns: try RealGazetteer.get())
            job.isCancelled = cancelled
            return try job.run()
        }

        var part: URL { source.folder.appendingPathComponent("europe_andorra.osm.pbf.part") }
    }

    @Test func theCatalogueIsReadAndANameFindsItsExtracts() throws {
        let url = URL(string: "https://example.org/index-v1.json")!
        let catalogue = try ExtractCatalogue(json: Self.catalogue(), from: url)
        #expect(catalogue.extracts.count == 5)
        #expect(catalogue.find("europe/andorra").map(\.pbf.absoluteString) == ["https://example.org/europe/andorra-latest.osm.pbf"])
        #expect(catalogue.find("andorra").map(\.id) == ["andorra"] && catalogue.find("ANDORRA").map(\.id) == ["andorra"])
        #expect(catalogue.find("Georgia").map(\.path) == ["europe/georgia", "us/georgia"], "a name two extracts share lists both")
        #expect(catalogue.find("us/georgia").map(\.regionName) == ["georgia"])
        #expect(catalogue.find("baden wurtt").map(\.id) == ["baden-wuerttemberg"] || catalogue.find("baden").map(\.id) == ["baden-wuerttemberg"])
        #expect(catalogue.find("atlantis").isEmpty)
        #expect(throws: DownloadError.self) { try ExtractCatalogue(json: Data("{\"features\": []}".utf8), from: url) }
        #expect(throws: DownloadError.self) { try ExtractCatalogue(json: Data("<html>".utf8), from: url) }
    }

    /// The planner's browser: as typed, names that begin with it first, then names and ids that hold it.
    @Test func browsingFindsNamesThatBeginWithWhatIsTypedFirst() throws {
        let styria =
            #",{"type": "Feature", "properties": {"id": "steiermark", "parent": "austria", "name": "Steiermark", "urls": {"pbf": "europe/austria/steiermark-latest.osm.pbf"}}}"#
        let catalogue = try ExtractCatalogue(json: Self.catalogue(extra: styria), from: URL(string: "https://example.org/index-v1.json")!)
        #expect(catalogue.browse("").map(\.name) == ["Andorra", "Baden-Württemberg", "Europe", "Georgia", "Georgia", "Steiermark"])
        #expect(catalogue.browse("GE").map(\.path) == ["europe/georgia", "us/georgia", "germany/baden-wuerttemberg"])
        #expect(catalogue.browse("st").map(\.id) == ["steiermark"], "no abbreviation written out while typing")
        #expect(catalogue.browse("württ").map(\.id) == ["baden-wuerttemberg"] && catalogue.browse("atlantis").isEmpty)
    }

    @Test func anExtractIsDownloadedCheckedAndAddedWithWhereItCameFrom() throws {
        let server = try Self.server()
        defer { server.stop() }
        let setup = try Setup(server)
        let info = try setup.download()
        #expect(info.name == "andorra" && info.places > 200 && info.roads > 1_000)
        #expect(
            info.origin
                == RegionOrigin(
                    extract: "andorra", url: server.url.absoluteString + Self.pbfPath, md5: try Self.md5(Self.andorra),
                    lastModified: "Wed, 25 Nov 2026 10:00:00 GMT"))
        #expect(try #require(setup.shelf.installed().first).info.map(\.origin) == .success(info.origin))
        #expect(!FileManager.default.fileExists(atPath: setup.part.path), "nothing of the download is left")
        #expect(server.requests.contains("HEAD \(Self.pbfPath)") && server.requests.contains("GET \(Self.pbfPath).md5"))
        // The catalogue is cached: a second look does not ask the server.
        let asked = server.requests.filter { $0 == "GET /index-v1.json" }.count
        _ = try setup.source.catalogue()
        #expect(server.requests.filter { $0 == "GET /index-v1.json" }.count == asked)
    }

    @Test func aDroppedConnectionKeepsThePartAndTheNextAttemptContinuesIt() throws {
        let server = try Self.server(faults: [Self.pbfPath: .dropAfter(200_000)])
        defer { server.stop() }
        let setup = try Setup(server)
        #expect(throws: DownloadError.interrupted(url: server.url.absoluteString + Self.pbfPath)) { try setup.download() }
        #expect(ExtractDownloadTests.size(of: setup.part) == 200_000 && setup.shelf.installed().isEmpty)
        let info = try setup.download()
        #expect(info.name == "andorra")
        #expect(server.requests.contains("GET \(Self.pbfPath) bytes=200000-"), "\(server.requests)")
    }

    @Test func aFileThatDoesNotMatchItsChecksumIsDeletedAndNothingAdded() throws {
        let server = try Self.server(md5: String(repeating: "0", count: 32))
        defer { server.stop() }
        let setup = try Setup(server)
        #expect {
            try setup.download()
        } throws: { error in
            "\(error)".hasPrefix("andorra-latest.osm.pbf does not match its published checksum (MD5 00000000000000000000000000000000")
        }
        #expect(setup.shelf.installed().isEmpty && !FileManager.default.fileExists(atPath: setup.part.path))
    }

    @Test func aMissingFileIsA404Sentence() throws {
        let server = try Self.server(faults: [Self.pbfPath: .notFound])
        defer { server.stop() }
        let setup = try Setup(server)
        #expect {
            try setup.download()
        } throws: { error in
            "\(error)"
                == "\(server.url.absoluteString + Self.pbfPath) is not there (HTTP 404): the catalogue may be out of date (roadtrip region catalogue --refresh)."
        }
    }

    @Test func aSlowServerIsWaitedFor() throws {
        let server = try Self.server(faults: [Self.pbfPath: .slow(chunk: 100_000, pause: 0.01)])
        defer { server.stop() }
        #expect(try Setup(server).download().name == "andorra")
    }

    /// Cancelled once 100,000 bytes are in, the server holding the rest: the part stays, and the
    /// next attempt continues from it.
    @Test func aCancelledDownloadKeepsItsPart() throws {
        let server = try Self.server(faults: [Self.pbfPath: .holdAfter(100_000)])
        defer { server.stop() }
        let setup = try Setup(server)
        let part = setup.part
        #expect(throws: DownloadError.cancelled) { try setup.download(cancelled: { ExtractDownloadTests.size(of: part) == 100_000 }) }
        server.release()
        #expect(ExtractDownloadTests.size(of: part) == 100_000 && setup.shelf.installed().isEmpty)
        #expect(try setup.download().name == "andorra")
        #expect(server.requests.contains("GET \(Self.pbfPath) bytes=100000-"), "\(server.requests)")
    }

    @Test func aCatalogueThatCannotBeFetchedAgainIsUsedStaleAndSaidSo() throws {
        let server = try Self.server()
        let setup = try Setup(server)
        let first = try setup.source.catalogue()
        server.stop()
        let later = try setup.source.catalogue(refresh: true)
        #expect(later.catalogue == first.catalogue && later.stale != nil)
    }

    // Hostile round five (issue 52): a hostile mirror never deletes, overwrites or fills up.

    /// A catalogue whose address ends in `..%2F..%2F..%2Fdata%2Froadtrip`: the file of the
    /// download was named from the address's decoded last part, and the folder three up, the
    /// user's roadtrip data, was removed before the rename. Files are named from the id now.
    @Test func aDownloadNamesItsFilesFromTheCatalogueIdNeverFromTheAddress() throws {
        let hostile = "/x/..%2F..%2F..%2Fdata%2Froadtrip"
        let server = try FileServer(files: [
            "/index-v1.json": Self.catalogue(
                extra:
                    #",{"type": "Feature", "properties": {"id": "andorra2", "parent": "europe", "name": "Andorra Two", "urls": {"pbf": "x/..%2F..%2F..%2Fdata%2Froadtrip"}}}"#
            ),
            hostile: Self.andorra, hostile + ".md5": Data("\(try Self.md5(Self.andorra))  x\n".utf8),
        ])
        defer { server.stop() }
        let setup = try Setup(server)
        let data = setup.directory.file("data/roadtrip")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: data.appendingPathComponent("trips.json"))
        #expect(try setup.download("andorra2").name == "andorra2")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("trips.json").path), "the user's data is where it was")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: setup.source.folder.path).sorted() == [
                ".made-by-roadtrip", "catalogue.address", "catalogue.json",
            ])
    }

    /// A link planted at the part's name (to a file of the user's): curl's `--continue-at -
    /// --output` appended 565 KB to the file it named. A hard link fared the same.
    @Test func aPartThatIsALinkIsNeverWrittenThrough() throws {
        let server = try Self.server()
        defer { server.stop() }
        let setup = try Setup(server)
        let victim = try setup.directory.write("the user's\n", to: "victim.txt")
        try setup.source.files.prepare()
        for plant in [
            { try FileManager.default.createSymbolicLink(at: setup.part, withDestinationURL: victim) },
            { try FileManager.default.linkItem(at: victim, to: setup.part) },
        ] {
            try plant()
            #expect {
                try setup.download()
            } throws: { error in
                (error as? DownloadError).map { if case .notOwnPart = $0 { true } else { false } } == true
                    && "\(error)".contains("not a download roadtrip started: it was left as it is")
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's\n")
            #expect(setup.shelf.installed().isEmpty && server.requests.allSatisfy { $0 != "GET \(Self.pbfPath)" })
            try FileManager.default.removeItem(at: setup.part)
        }
    }

    /// The extracts folder a link to the user's Downloads, where their own `andorra-latest.osm.pbf`
    /// was: it was replaced by the download, then deleted. Such a folder is refused before
    /// anything is read or written in it; a link to an empty folder is used, and marked.
    @Test func anExtractsFolderLinkedToAFolderOfOtherThingsIsRefused() throws {
        let server = try Self.server()
        defer { server.stop() }
        let setup = try Setup(server)
        let downloads = setup.directory.file("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let theirs = downloads.appendingPathComponent("andorra-latest.osm.pbf")
        try Data("theirs".utf8).write(to: theirs)
        try FileManager.default.createDirectory(at: setup.source.folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: setup.source.folder, withDestinationURL: downloads)
        #expect(throws: DownloadError.sharedFolder(path: setup.source.folder.path, target: downloads.path, holding: ["andorra-latest.osm.pbf"])) {
            try setup.download()
        }
        #expect(try Data(contentsOf: theirs) == Data("theirs".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["andorra-latest.osm.pbf"])
        try FileManager.default.removeItem(at: theirs)
        #expect(try setup.download().name == "andorra", "a link to an empty folder is a folder of roadtrip's own")
        #expect(FileManager.default.fileExists(atPath: downloads.appendingPathComponent(".made-by-roadtrip").path))
    }

    /// HEAD says 565 KB, the GET never ends: a 248 MB part after 20 s. The transfer stops a
    /// little past the announced size, and the part of no file is not kept.
    @Test func aDownloadThatNeverEndsIsStoppedALittlePastItsAnnouncedSize() throws {
        let server = try Self.server(faults: [Self.pbfPath: .endless])
        defer { server.stop() }
        let setup = try Setup(server)
        let limit = ExtractDownload.limit(announced: Int64(Self.andorra.count))
        #expect(limit > Int64(Self.andorra.count) && limit < Int64(Self.andorra.count) + 2_000_000)
        #expect(throws: DownloadError.tooLarge(url: server.url.absoluteString + Self.pbfPath, limit: limit)) { try setup.download() }
        #expect(!FileManager.default.fileExists(atPath: setup.part.path) && setup.shelf.installed().isEmpty)
    }

    /// An `.md5` that never ends (483 MB in /tmp after 25 s, and 59 MB of the planner's memory in
    /// its update check): read up to the few kilobytes a checksum file is.
    @Test func aChecksumThatNeverEndsIsStoppedAtAChecksumsSize() throws {
        let server = try Self.server(faults: [Self.pbfPath + ".md5": .endless])
        defer { server.stop() }
        let setup = try Setup(server)
        let extract = try #require(try setup.source.catalogue().catalogue.find("andorra").first)
        #expect(throws: DownloadError.tooLarge(url: server.url.absoluteString + Self.pbfPath + ".md5", limit: Int64(ExtractDownload.checksumLimit))) {
            try ExtractDownload.publishedMD5(of: extract, curl: Curl())
        }
    }

    /// A 300-character catalogue id was reported as "No space left on device" (curl could not
    /// make a file of that name). The region it would make is checked first, and said as such,
    /// before anything is fetched; the download's own files keep short names.
    @Test func anIdNoRegionCanHaveIsSaidAsSuchBeforeAnythingIsFetched() throws {
        let long = String(repeating: "a", count: 300)
        let server = try FileServer(files: [
            "/index-v1.json": Self.catalogue(
                extra: #",{"type": "Feature", "properties": {"id": "\#(long)", "parent": "europe", "name": "Long", "urls": {"pbf": "europe/long.osm.pbf"}}}"#)
        ])
        defer { server.stop() }
        let setup = try Setup(server)
        #expect(throws: RegionError.badName(long)) { try setup.download(long) }
        #expect(!server.requests.contains { $0.contains("long.osm.pbf") })
    }

    /// Issue 56, item 11: a `file://` address whose file is missing was told as "HTTP 404".
    @Test func aMissingFileIsNoHTTPAnswer() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("nowhere/index-v1.json")
        #expect(throws: DownloadError.noFile(path: missing.path)) { try Curl().text(missing, limit: 1_000) }
        #expect(DownloadError.noFile(path: missing.path).description == "\(missing.path) is not there (no such file). Nothing was changed.")
    }
}
