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
        Data("""
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

    static func md5(_ data: Data) throws -> String {
        let directory = try TemporaryDirectory()
        let file = directory.file("f")
        try data.write(to: file)
        return try ExtractDownload.md5(of: file)
    }

    /// A server of the catalogue and Andorra with its MD5 (`md5` to publish another).
    static func server(faults: [String: FileServer.Fault] = [:], md5: String? = nil) throws -> FileServer {
        try FileServer(files: ["/index-v1.json": catalogue(), pbfPath: andorra,
                               pbfPath + ".md5": Data("\(try md5 ?? Self.md5(andorra))  andorra-latest.osm.pbf\n".utf8)], faults: faults)
    }

    struct Setup {
        let directory: TemporaryDirectory
        let source: ExtractSource
        let shelf: RegionShelf

        init(_ server: FileServer) throws {
            directory = try TemporaryDirectory()
            source = ExtractSource(environment: ["ROADTRIP_EXTRACTS_URL": server.url.appendingPathComponent("index-v1.json").absoluteString,
                                                 "XDG_CACHE_HOME": directory.file("cache").path, "HOME": directory.url.path])
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
        let styria = #",{"type": "Feature", "properties": {"id": "steiermark", "parent": "austria", "name": "Steiermark", "urls": {"pbf": "europe/austria/steiermark-latest.osm.pbf"}}}"#
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
        #expect(info.origin == RegionOrigin(extract: "andorra", url: server.url.absoluteString + Self.pbfPath, md5: try Self.md5(Self.andorra),
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
        #expect(Curl.size(of: setup.part) == 200_000 && setup.shelf.installed().isEmpty)
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
            "\(error)" == "\(server.url.absoluteString + Self.pbfPath) is not there (HTTP 404): the catalogue may be out of date (roadtrip region catalogue --refresh)."
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
        #expect(throws: DownloadError.cancelled) { try setup.download(cancelled: { Curl.size(of: part) == 100_000 }) }
        server.release()
        #expect(Curl.size(of: part) == 100_000 && setup.shelf.installed().isEmpty)
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
}
