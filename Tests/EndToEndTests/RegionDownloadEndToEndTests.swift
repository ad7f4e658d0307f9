import Foundation
import Testing
import RoadtripTestSupport

/// Issue 39, end to end: `roadtrip region catalogue|download|update` against a catalogue and the
/// Andorra extract served from 127.0.0.1 by the test (`FileServer`), never outside the machine.
@Suite("Regions by name, end to end")
struct RegionDownloadEndToEndTests {
    static let andorraPath = "/europe/andorra-latest.osm.pbf"
    static let andorra = try! Data(contentsOf: URL(fileURLWithPath: RegionFixture.fixture("andorra.osm.pbf")))
    static let catalogue = Data(
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}}},
          {"type": "Feature", "properties": {"id": "georgia", "parent": "europe", "name": "Georgia", "urls": {"pbf": "europe/georgia-latest.osm.pbf"}}},
          {"type": "Feature", "properties": {"id": "us/georgia", "parent": "us", "name": "Georgia", "urls": {"pbf": "north-america/us/georgia-latest.osm.pbf"}}}
        ]}
        """.utf8)

    /// The MD5 of `data`, as md5sum writes it.
    static func md5(_ data: Data, in directory: TemporaryDirectory) throws -> String {
        let file = directory.file("md5-input")
        try data.write(to: file)
        let result = try Run.process("/usr/bin/md5sum", [file.path], environment: Run.environment())
        return String(result.standardOutput.prefix(32))
    }

    static func server(in directory: TemporaryDirectory, faults: [String: FileServer.Fault] = [:]) throws -> FileServer {
        try FileServer(
            files: [
                "/index-v1.json": catalogue, andorraPath: andorra,
                andorraPath + ".md5": Data("\(try md5(andorra, in: directory))  andorra-latest.osm.pbf\n".utf8),
            ], faults: faults)
    }

    /// A new version of Andorra on the server, with its MD5: the same data written again by
    /// osmium, other bytes.
    static func publishNewerAndorra(on server: FileServer, in directory: TemporaryDirectory) throws {
        let newer = directory.file("newer.osm.pbf")
        let rewritten = try Run.process(
            "/usr/bin/osmium",
            [
                "cat", RegionFixture.fixture("andorra.osm.pbf"), "-o", newer.path,
                "-f", "pbf,pbf_compression=none",
            ], environment: Run.environment())
        try #require(rewritten.status == 0, "\(CommandLineEndToEndTests.describe(rewritten))")
        let bytes = try Data(contentsOf: newer)
        server.put(andorraPath, bytes)
        server.put(andorraPath + ".md5", Data("\(try md5(bytes, in: directory))  andorra-latest.osm.pbf\n".utf8))
    }

    static func variables(_ directory: TemporaryDirectory, _ server: FileServer) -> [String: String] {
        RegionFixture.variables(directory).merging(["ROADTRIP_EXTRACTS_URL": server.url.absoluteString + "/index-v1.json"]) { _, new in new }
    }

    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory, _ server: FileServer) throws -> ProcessResult {
        try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: variables(directory, server))
    }

    @Test(
        "catalogue lists with sizes; download adds Andorra by name; a name two extracts share is listed; update says up to date, then downloads a new version")
    func catalogueDownloadUpdate() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory)
        defer { server.stop() }
        let listed = try Self.roadtrip(["region", "catalogue", "andorra"], in: directory, server)
        #expect(listed.status == 0 && listed.standardOutput.contains("Andorra  europe/andorra  565 KB"), "\(CommandLineEndToEndTests.describe(listed))")
        let ambiguous = try Self.roadtrip(["region", "download", "georgia"], in: directory, server)
        #expect(
            ambiguous.status != 0
                && ambiguous.standardError.contains("2 extracts match “georgia”; give one of their ids:\n  Georgia (europe/georgia)\n  Georgia (us/georgia)"),
            "\(CommandLineEndToEndTests.describe(ambiguous))")
        let added = try Self.roadtrip(["region", "download", "Andorra"], in: directory, server)
        #expect(added.status == 0 && added.standardOutput.hasPrefix("Added region andorra: "), "\(CommandLineEndToEndTests.describe(added))")
        #expect(added.standardError.contains("Andorra (europe/andorra): 565 KB; the import takes about 1 s"), "\(added.standardError)")
        #expect(try Self.roadtrip(["search", "Pica d'Estats", "--limit", "1"], in: directory, server).standardOutput.contains("peak"))
        #expect(try Self.roadtrip(["region", "catalogue", "andorra"], in: directory, server).standardOutput.contains("yes, as andorra"))
        let current = try Self.roadtrip(["region", "update"], in: directory, server)
        #expect(current.status == 0 && current.standardOutput == "Up to date: andorra.\n", "\(CommandLineEndToEndTests.describe(current))")
        try Self.publishNewerAndorra(on: server, in: directory)
        let updated = try Self.roadtrip(["region", "update"], in: directory, server)
        #expect(
            updated.status == 0 && updated.standardError.contains("Region andorra has an update.")
                && updated.standardOutput.hasPrefix("Added region andorra: "),
            "\(CommandLineEndToEndTests.describe(updated))")
        #expect(try RegionFixture.listed(directory).count == 1)
    }

    @Test(
        "Issue 56, item 11: the catalogue gives an id under its parent once, finds what the planner's browser finds, and update names the regions added from a file"
    )
    func catalogueIdsSearchAndUpdateSayAll() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory)
        defer { server.stop() }
        // "us/georgia" under "us" is us/georgia, not us/us/georgia; "us" is part of its id, as the browser finds it.
        let listed = try Self.roadtrip(["region", "catalogue", "us"], in: directory, server)
        #expect(
            listed.status == 0 && listed.standardOutput.contains("Georgia  us/georgia\n") && !listed.standardOutput.contains("us/us/"),
            "\(CommandLineEndToEndTests.describe(listed))")
        #expect(!listed.standardOutput.contains("Andorra"), "\(listed.standardOutput)")
        #expect(try Self.roadtrip(["region", "add", RegionFixture.fixture("krems.osm.gz")], in: directory, server).status == 0)
        let update = try Self.roadtrip(["region", "update"], in: directory, server)
        #expect(
            update.status == 0 && update.standardError.contains("Added from a file, not downloaded, so not updated here")
                && update.standardError.contains(": krems."),
            "\(CommandLineEndToEndTests.describe(update))")
    }

    @Test("a wrong checksum and a 404 are sentences, and leave no region")
    func failures() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory, faults: [Self.andorraPath: .notFound])
        defer { server.stop() }
        let missing = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
        #expect(
            missing.status != 0 && missing.standardError.contains("andorra-latest.osm.pbf is not there (HTTP 404)"),
            "\(CommandLineEndToEndTests.describe(missing))")
        let wrong = try FileServer(files: [
            "/index-v1.json": Self.catalogue, Self.andorraPath: Self.andorra,
            Self.andorraPath + ".md5": Data("\(String(repeating: "f", count: 32))  x\n".utf8),
        ])
        defer { wrong.stop() }
        let corrupt = try Self.roadtrip(["region", "download", "andorra"], in: directory, wrong)
        #expect(corrupt.status != 0 && corrupt.standardError.contains("does not match its published checksum"), "\(CommandLineEndToEndTests.describe(corrupt))")
        #expect(RegionFixture.entries(directory).isEmpty)
    }

    @Test("Ctrl-C during a download: exit 130, the part kept, and the next download continues it with a range request")
    func interruptedDownload() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory, faults: [Self.andorraPath: .holdAfter(100_000)])
        defer { server.stop() }
        let environment = Run.environment(
            ["ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8"].merging(Self.variables(directory, server)) { _, new in new })
        let child = try Run.start(try RoadtripBinary.path(), ["region", "download", "andorra"], environment: environment)
        let part = directory.url.appendingPathComponent("cache/roadtrip/extracts/europe_andorra.osm.pbf.part")
        // Held by the server after 100,000 bytes: the part has them all, whatever the machine's
        // speed. Watched and interrupted from a thread of its own: a test task on the shared pool
        // may wait longer than curl's minute without data, and the download would end first.
        let process = child.process
        let interrupted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(120) // a hang guard only
                func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? NSNumber)?.intValue ?? 0 }
                while size() < 100_000, Date() < deadline { usleep(10_000) }
                let reached = size() >= 100_000
                process.signal(reached ? SIGINT : SIGKILL)
                continuation.resume(returning: reached)
            }
        }
        #expect(interrupted, "the download never reached the 100,000 bytes the server sends before holding")
        let result = await child.finishOffThePool()
        server.release()
        #expect(
            result.status == 130 && result.standardError.contains("The download was cancelled; what was downloaded is kept"),
            "\(CommandLineEndToEndTests.describe(result))")
        #expect(FileManager.default.fileExists(atPath: part.path) && RegionFixture.entries(directory).isEmpty)
        let resumed = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
        #expect(resumed.status == 0 && resumed.standardOutput.hasPrefix("Added region andorra: "), "\(CommandLineEndToEndTests.describe(resumed))")
        #expect(server.requests.contains("GET \(Self.andorraPath) bytes=100000-"), "\(server.requests)")
    }
}
