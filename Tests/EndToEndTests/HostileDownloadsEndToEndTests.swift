import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Downloads from a hostile mirror (hostile round five, issue 52), end to end: a hostile mirror (`FileServer` on 127.0.0.1,
/// started and stopped by each test) never makes `roadtrip region download` delete, overwrite or
/// fill up what is not roadtrip's, and its transfer ends with roadtrip.
@Suite("Downloads from a hostile mirror, end to end")
struct HostileDownloadsEndToEndTests {
    typealias Download = RegionDownloadEndToEndTests
    static let andorraPath = Download.andorraPath

    /// A server of a catalogue listing Andorra at `address` (a path on the server, relative to
    /// the catalogue), with the file and its MD5 there.
    static func server(
        id: String = "andorra", address: String = String(andorraPath.dropFirst()), in directory: TemporaryDirectory,
        faults: [String: FileServer.Fault] = [:]
    ) throws -> FileServer {
        let catalogue =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"id": "\#(id)", "parent": "europe", "#
            + #""name": "Andorra", "urls": {"pbf": "\#(address)"}}}]}"#
        let md5 = try Download.md5(Download.andorra, in: directory)
        return try FileServer(
            files: [
                "/index-v1.json": Data(catalogue.utf8), "/" + address: Download.andorra,
                "/" + address + ".md5": Data("\(md5)  andorra-latest.osm.pbf\n".utf8),
            ], faults: faults)
    }

    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory, _ server: FileServer, _ extra: [String: String] = [:]) throws -> ProcessResult
    {
        try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: Download.variables(directory, server).merging(extra) { _, new in new })
    }

    static func extracts(_ directory: TemporaryDirectory) -> URL {
        directory.url.appendingPathComponent("cache/roadtrip/extracts")
    }

    static func part(_ directory: TemporaryDirectory) -> URL {
        extracts(directory).appendingPathComponent("europe_andorra.osm.pbf.part")
    }

    /// `RT new T 48.2,16.37 47.8,13.04; RT region download andorra` from a catalogue whose address
    /// ends in `..%2F..%2F..%2Fdata%2Froadtrip`: all of `$XDG_DATA_HOME/roadtrip` was gone (the trips,
    /// the lock, every region), and the program said "Nothing was changed".
    @Test("A catalogue address ending in ../../../data/roadtrip names no file: the user's data stays")
    func anAddressNamesNoFileToRemove() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(address: "x/..%2F..%2F..%2Fdata%2Froadtrip", in: directory)
        defer { server.stop() }
        let trips = directory.url.appendingPathComponent("data/roadtrip/trips.json")
        let variables = ["ROADTRIP_FILE": trips.path]
        let created = try Self.roadtrip(["new", "T", "48.2,16.37", "47.8,13.04"], in: directory, server, variables)
        try #require(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
        let downloaded = try Self.roadtrip(["region", "download", "andorra"], in: directory, server, variables)
        #expect(downloaded.status == 0 && downloaded.standardOutput.hasPrefix("Added region andorra: "), "\(CommandLineEndToEndTests.describe(downloaded))")
        #expect(try Run.trips(at: trips).map { $0["name"] as? String } == ["T"])
        #expect(try RegionFixture.listed(directory).count == 1)
    }

    /// `ln -s victim.txt …/extracts/europe_andorra.osm.pbf.part; RT region download andorra`: 565 KB
    /// were appended to victim.txt, and the message said the file was deleted.
    @Test("A part planted as a link to the user's file is refused, and the file is untouched")
    func aPartPlantedAsALinkIsNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory)
        defer { server.stop() }
        let victim = try directory.write("the user's own\n", to: "victim.txt")
        try FileManager.default.createDirectory(at: Self.extracts(directory), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: Self.part(directory), withDestinationURL: victim)
        let result = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
        #expect(
            result.status == 1 && result.standardError.contains("europe_andorra.osm.pbf.part is a link, not a download roadtrip started: it was left as it is"),
            "\(CommandLineEndToEndTests.describe(result))")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own\n")
        #expect(RegionFixture.entries(directory).isEmpty)
    }

    /// `ln -s ~/Downloads $XDG_CACHE_HOME/roadtrip/extracts`, their own `andorra-latest.osm.pbf` in
    /// it: replaced by the download, then deleted.
    @Test("An extracts folder linked to the user's Downloads is refused before anything is written there")
    func anExtractsFolderLinkedToDownloadsIsRefused() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory)
        defer { server.stop() }
        let downloads = directory.url.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let theirs = downloads.appendingPathComponent("andorra-latest.osm.pbf")
        try Data("their own download".utf8).write(to: theirs)
        try FileManager.default.createDirectory(at: Self.extracts(directory).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: Self.extracts(directory), withDestinationURL: downloads)
        let result = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
        #expect(
            result.status == 1
                && result.standardError.contains("is a link to \(downloads.path), which holds “andorra-latest.osm.pbf” that roadtrip did not put there"),
            "\(CommandLineEndToEndTests.describe(result))")
        #expect(try Data(contentsOf: theirs) == Data("their own download".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["andorra-latest.osm.pbf"])
    }

    /// HEAD says 565 KB and the GET never ends (a 248 MB part after 20 s); an `.md5` that never
    /// ends (483 MB in /tmp after 25 s). Each is stopped at its limit, with a sentence, and
    /// nothing of it is kept.
    @Test("A download or a checksum that never ends is stopped at its limit")
    func endlessAnswersAreStoppedAtTheirLimit() throws {
        for fault in [Self.andorraPath, Self.andorraPath + ".md5"] {
            let directory = try TemporaryDirectory()
            let server = try Self.server(in: directory, faults: [fault: .endless])
            defer { server.stop() }
            let result = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
            #expect(
                result.status == 1 && result.standardError.contains("\(server.url.absoluteString)\(fault) sent more than the "),
                "\(CommandLineEndToEndTests.describe(result))")
            #expect(!FileManager.default.fileExists(atPath: Self.part(directory).path) && RegionFixture.entries(directory).isEmpty)
        }
    }

    /// After `kill -9` of a download, its curl went on downloading (into the part, and a folder
    /// of its own in /tmp stayed). It now dies with roadtrip: the server, which goes on sending a
    /// byte at a time for as long as anyone reads, sees its client go, and the part keeps what
    /// came before the kill.
    @Test("kill -9 of a download takes its transfer with it")
    func aKilledDownloadTakesItsTransferWithIt() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory, faults: [Self.andorraPath: .trickleAfter(100_000)])
        defer { server.stop() }
        let environment = Run.environment(
            ["ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8"].merging(Download.variables(directory, server)) { _, new in new })
        let child = try Run.start(try RoadtripBinary.path(), ["region", "download", "andorra"], environment: environment)
        let part = Self.part(directory)
        let started = try await Self.waitUntil("the part holds the 100,000 bytes the server sends before it trickles") { Self.size(of: part) >= 100_000 }
        let transfers = Self.children(of: child.process.pid)
        #expect(started && !transfers.isEmpty, "roadtrip's children: \(transfers)")
        child.process.signal(SIGKILL)
        let killedAt = Self.size(of: part)
        _ = await child.finishOffThePool()
        let gone = try await Self.waitUntil("every transfer of the killed roadtrip has ended") { transfers.allSatisfy(Self.hasEnded) }
        #expect(gone, "a transfer of the killed roadtrip is still running")
        #expect(Self.size(of: part) == killedAt, "nothing came into the part after roadtrip was killed")
    }

    /// A 300-character catalogue id was reported as "No space left on device" with 80 GB free:
    /// curl's write error (a file name too long) was read as a full disk.
    @Test("A 300-character catalogue id is said as a name no region can have, not as a full disk")
    func aLongIdIsSaidForWhatItIs() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "a", count: 300)
        let server = try Self.server(id: long, in: directory)
        defer { server.stop() }
        let result = try Self.roadtrip(["region", "download", long], in: directory, server)
        #expect(
            result.status == 1 && result.standardError.contains("cannot name a region: use letters, digits and hyphens, up to 64")
                && !result.standardError.contains("No space left"), "\(CommandLineEndToEndTests.describe(result))")
    }

    /// What held in round five and runs through the rewritten downloads, kept holding: a `file://`
    /// catalogue's extract is imported and left where it is; a catalogue 200,000 arrays deep, and
    /// one of another scheme (`gopher://`), are sentences; a server that sends fewer bytes than it
    /// announced is an interrupted download that the next attempt continues.
    @Test("Held in round five: file:// catalogues, deep and foreign catalogues, a short answer")
    func heldCasesOfTheDownloadStillHold() throws {
        let directory = try TemporaryDirectory()
        let served = directory.url.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try Download.andorra.write(to: served.appendingPathComponent("andorra.osm.pbf"))
        try Data("\(try Download.md5(Download.andorra, in: directory))  andorra.osm.pbf\n".utf8).write(to: served.appendingPathComponent("andorra.osm.pbf.md5"))
        let catalogue =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"id": "andorra", "name": "Andorra", "urls": {"pbf": "andorra.osm.pbf"}}}]}"#
        try Data(catalogue.utf8).write(to: served.appendingPathComponent("index.json"))
        try Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8).write(to: served.appendingPathComponent("deep.json"))
        func roadtrip(_ arguments: [String], catalogue: String) throws -> ProcessResult {
            try CommandLineEndToEndTests.roadtrip(
                arguments, in: directory, variables: RegionFixture.variables(directory).merging(["ROADTRIP_EXTRACTS_URL": catalogue]) { _, new in new })
        }
        let local = try roadtrip(["region", "download", "andorra"], catalogue: served.appendingPathComponent("index.json").absoluteString)
        #expect(local.status == 0 && local.standardOutput.hasPrefix("Added region andorra: "), "\(CommandLineEndToEndTests.describe(local))")
        #expect(try Data(contentsOf: served.appendingPathComponent("andorra.osm.pbf")) == Download.andorra, "the mirror's own file is left as it is")
        let deep = try roadtrip(["region", "catalogue", "--refresh"], catalogue: served.appendingPathComponent("deep.json").absoluteString)
        #expect(deep.status == 1 && deep.standardError.contains("cannot be read: it is not an extract index"), "\(CommandLineEndToEndTests.describe(deep))")
        let gopher = try roadtrip(["region", "catalogue", "--refresh"], catalogue: "gopher://127.0.0.1:1/index.json")
        #expect(gopher.status == 1 && gopher.standardError.hasPrefix("Error: "), "\(CommandLineEndToEndTests.describe(gopher))")
        let short = try Self.server(in: directory, faults: [Self.andorraPath: .dropAfter(200_000)])
        defer { short.stop() }
        let cut = try Self.roadtrip(["region", "download", "andorra"], in: directory, short)
        #expect(cut.status == 1 && cut.standardError.contains("dropped before the file was whole"), "\(CommandLineEndToEndTests.describe(cut))")
        let again = try Self.roadtrip(["region", "download", "andorra"], in: directory, short)
        #expect(again.status == 0 && short.requests.contains("GET \(Self.andorraPath) bytes=200000-"), "\(CommandLineEndToEndTests.describe(again))")
    }

    static func size(of file: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The processes `pid` started, from every thread of it.
    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Whether the process `pid` has ended: gone, or a zombie no one has reaped yet.
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.range(of: ") ") else { return true }
        return stat[close.upperBound...].hasPrefix("Z") || stat[close.upperBound...].hasPrefix("X")
    }

    /// Polls `condition` on a thread of its own until it holds; false only past the harness's
    /// guard against a hang (never a measure of speed).
    static func waitUntil(_ what: String, _ condition: @escaping @Sendable () -> Bool) async throws -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(120)
                while !condition(), Date() < deadline { usleep(10_000) }
                continuation.resume(returning: condition())
            }
        }
    }
}
