import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Hostile round five (issue 52), end to end: a hostile mirror (`FileServer` on 127.0.0.1,
/// started and stopped by each test) never makes `roadtrip region download` delete, overwrite or
/// fill up what is not roadtrip's, and its transfer ends with roadtrip.
@Suite("Hostile round five, end to end")
struct HostileRoundFiveEndToEndTests {
    typealias Download = RegionDownloadEndToEndTests
    static let andorraPath = Download.andorraPath

    /// A server of a catalogue listing Andorra at `address` (a path on the server, relative to
    /// the catalogue), with the file and its MD5 there.
    static func server(id: String = "andorra", address: String = String(andorraPath.dropFirst()), in directory: TemporaryDirectory,
                       faults: [String: FileServer.Fault] = [:]) throws -> FileServer {
        let catalogue = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"id": "\#(id)", "parent": "europe", "#
            + #""name": "Andorra", "urls": {"pbf": "\#(address)"}}}]}"#
        let md5 = try Download.md5(Download.andorra, in: directory)
        return try FileServer(files: ["/index-v1.json": Data(catalogue.utf8), "/" + address: Download.andorra,
                                      "/" + address + ".md5": Data("\(md5)  andorra-latest.osm.pbf\n".utf8)], faults: faults)
    }

    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory, _ server: FileServer, _ extra: [String: String] = [:]) throws -> ProcessResult {
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
        #expect(try RegionsEndToEndTests.listed(directory).count == 1)
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
        #expect(result.status == 1 && result.standardError.contains("europe_andorra.osm.pbf.part is a link, not a download roadtrip started: it was left as it is"),
                "\(CommandLineEndToEndTests.describe(result))")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own\n")
        #expect(RegionsEndToEndTests.entries(directory).isEmpty)
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
        #expect(result.status == 1 && result.standardError.contains("is a link to \(downloads.path), which holds “andorra-latest.osm.pbf” that roadtrip did not put there"),
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
            #expect(result.status == 1 && result.standardError.contains("\(server.url.absoluteString)\(fault) sent more than the "),
                    "\(CommandLineEndToEndTests.describe(result))")
            #expect(!FileManager.default.fileExists(atPath: Self.part(directory).path) && RegionsEndToEndTests.entries(directory).isEmpty)
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
        let environment = Run.environment(["ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8"].merging(Download.variables(directory, server)) { _, new in new })
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
        #expect(result.status == 1 && result.standardError.contains("cannot name a region: use letters, digits and hyphens, up to 64")
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
        let catalogue = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"id": "andorra", "name": "Andorra", "urls": {"pbf": "andorra.osm.pbf"}}}]}"#
        try Data(catalogue.utf8).write(to: served.appendingPathComponent("index.json"))
        try Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8).write(to: served.appendingPathComponent("deep.json"))
        func roadtrip(_ arguments: [String], catalogue: String) throws -> ProcessResult {
            try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: RegionsEndToEndTests.variables(directory).merging(["ROADTRIP_EXTRACTS_URL": catalogue]) { _, new in new })
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

    // Damaged region files: a sentence, never a trap, and everything else goes on.

    static let andorraStops = ["42.5063,1.5218", "42.5347,1.5801", "42.5461,1.6318", "42.5558,1.5336", "42.4637,1.4913"]

    /// Every third point of `roads.graph` set to (inf, -inf): `optimize` died with SIGILL
    /// converting one to a grid cell. The file is refused now, with a sentence naming it.
    @Test("A road graph with infinite points is refused with a sentence; optimize goes on in straight lines")
    func aRoadGraphWithInfinitePointsIsRefused() throws {
        let directory = try TemporaryDirectory()
        try RegionsEndToEndTests.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let graph = RegionsEndToEndTests.regionsFolder(directory).appendingPathComponent("andorra/roads.graph")
        var bytes = [UInt8](try Data(contentsOf: graph))
        // "roadtrip roads\n", the version, then the counts of points, ways and way points; each
        // point's id, then each point's latitude and longitude.
        let points = Int(bytes[19]) | Int(bytes[20]) << 8 | Int(bytes[21]) << 16 | Int(bytes[22]) << 24
        let firstPoint = 31 + points * 8
        for point in stride(from: 0, to: points, by: 3) {
            for (index, value) in [Double.infinity, -Double.infinity].enumerated() {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { raw in
                    for (offset, byte) in raw.enumerated() { bytes[firstPoint + point * 16 + index * 8 + offset] = byte }
                }
            }
        }
        try Data(bytes).write(to: graph)
        let optimized = try RegionsEndToEndTests.roadtrip(["optimize", "Andorra", "--json"], in: directory)
        #expect(optimized.status == 0 && optimized.standardOutput.contains("the road graph of andorra is damaged (\(graph.path) has point 1 off the Earth (inf, -inf)); add the region again"),
                "\(CommandLineEndToEndTests.describe(optimized))")
    }

    /// `region.json` with its south above its north: `show`, `along` and `optimize` exited 132
    /// ("Range requires lowerBound <= upperBound"), and the planner died at its start. The
    /// region is a broken one with a sentence now; every trip is reachable.
    @Test("A region.json whose south is above its north is a broken region; show, along, optimize and the planner go on")
    func aRegionDescriptionThatMakesNoSenseIsABrokenRegion() async throws {
        let directory = try TemporaryDirectory()
        try RegionsEndToEndTests.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let description = RegionsEndToEndTests.regionsFolder(directory).appendingPathComponent("andorra/region.json")
        var info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: description)) as? [String: Any])
        var bounds = try #require(info["bounds"] as? [String: Double])
        (bounds["south"], bounds["north"]) = (bounds["north"], bounds["south"])
        info["bounds"] = bounds
        try JSONSerialization.data(withJSONObject: info).write(to: description)
        for command in [["show", "Andorra"], ["along", "Andorra"], ["optimize", "Andorra"]] {
            let result = try RegionsEndToEndTests.roadtrip(command, in: directory)
            #expect(result.status == 0, "\(command): \(CommandLineEndToEndTests.describe(result))")
        }
        let listed = try RegionsEndToEndTests.roadtrip(["region", "list"], in: directory)
        #expect(listed.standardOutput.contains("Region andorra cannot be used: \(description.path) has its south edge above its north edge (“bounds”)"),
                "\(CommandLineEndToEndTests.describe(listed))")
        let session = try await RegionsEndToEndTests.planner(openingTrip: "Andorra", in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip") { $0.contains("Total distance:") }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    /// `truncate -s 4096 roads/{nodes,segments,ways}.mem` while the planner showed the trip, then
    /// `j` `J`: SIGBUS in libroutino's mapping, and the move in neither trips.json nor a journal.
    /// Now the leg says why it is an estimate, and the move is saved.
    @Test("Road files cut short under the planner: no SIGBUS, the move kept, and the legs say why they are estimates")
    func roadFilesCutShortUnderThePlanner() async throws {
        let directory = try TemporaryDirectory()
        try RegionsEndToEndTests.andorra(trip: "Andorra", Self.andorraStops, in: directory)
        let session = try await RegionsEndToEndTests.planner(openingTrip: "Andorra", width: 120, height: 32, in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip, every leg on roads") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("Total distance:") && $0.contains("by road") && !$0.contains("≈") }
        }
        let roads = RegionsEndToEndTests.regionsFolder(directory).appendingPathComponent("andorra/roads").resolvingSymlinksInPath()
        for file in ["nodes.mem", "segments.mem", "ways.mem"] {
            #expect(truncate(roads.appendingPathComponent(file).path, 4096) == 0)
        }
        try await session.sendKeys("j", "J")
        try await session.waitFor("the roads of andorra cannot be used")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Andorra" })
        let names = (trip["waypoints"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names?.count == 5 && names?[1] == "near Tosa de Llosada, Canillo", "\(names ?? [])")
    }
}
