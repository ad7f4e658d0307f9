import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport

/// Regions end to end: `roadtrip region add/list/remove` on the committed OpenStreetMap extracts
/// (© OpenStreetMap contributors, ODbL: Tests/Fixtures/osm/README.md), what a failed, killed or
/// interrupted import leaves (nothing), and the region's places in the stop editor and the panel.
@Suite("Regions, end to end")
struct RegionsEndToEndTests {
    @Test("region add, list (text and JSON), search by kind and source, add again to update, remove")
    func addListSearchRemove() throws {
        let directory = try TemporaryDirectory()
        let empty = try RegionFixture.roadtrip(["region", "list"], in: directory)
        #expect(empty.status == 0 && empty.standardError.contains("No region has been added"), "\(CommandLineEndToEndTests.describe(empty))")

        let added = try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory)
        #expect(added.status == 0, "\(CommandLineEndToEndTests.describe(added))")
        #expect(added.standardOutput.hasPrefix("Added region andorra: ") && added.standardOutput.contains(" places and "), "\(added.standardOutput)")
        let region = try #require(try RegionFixture.listed(directory).first)
        #expect(Set(region.keys) == ["name", "sourceFile", "sourceBytes", "sha256", "added", "bounds", "places", "roads"])
        #expect(region["name"] as? String == "andorra" && region["sourceFile"] as? String == RegionFixture.fixture("andorra.osm.pbf"))
        #expect((region["sha256"] as? String)?.count == 64 && (region["places"] as? Int ?? 0) > 200 && (region["roads"] as? Int ?? 0) > 1_000)
        let bounds = try #require(region["bounds"] as? [String: Double])
        #expect(bounds["south"]! < 42.5 && bounds["north"]! > 42.6)
        #expect((region["added"] as? String)?.hasSuffix("Z") == true)
        let table = try RegionFixture.roadtrip(["region", "list"], in: directory)
        #expect(table.standardOutput.hasPrefix("Region") && table.standardOutput.contains("andorra.osm.pbf (565 KB)"), "\(table.standardOutput)")

        let search = try RegionFixture.roadtrip(["search", "Pica d'Estats", "--json", "--limit", "1"], in: directory)
        let peak = try #require((try JSONSerialization.jsonObject(with: Data(search.standardOutput.utf8)) as? [[String: Any]])?.first)
        #expect(peak["kind"] as? String == "peak" && peak["source"] as? String == "andorra" && peak["elevation"] as? Int == 3143)
        #expect(peak["countryCode"] as? String == "AD")
        let text = try RegionFixture.roadtrip(["search", "Pica d'Estats", "--limit", "1"], in: directory)
        #expect(text.standardOutput.contains("peak 3,143 m") && text.standardOutput.contains("andorra"), "\(text.standardOutput)")
        // Issue 37, item 5: a kind word in the user's language, and an elided article typed apart.
        for (query, name) in [("Engolasters lake", "Lac d'Engolasters"), ("Coll d Ordino", "Coll d'Ordino")] {
            let found = try RegionFixture.roadtrip(["search", query, "--json", "--limit", "1"], in: directory)
            let place = (try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [[String: Any]])?.first
            #expect(place?["name"] as? String == name && place?["source"] as? String == "andorra", "\(query): \(found.standardOutput)")
        }

        let again = try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory)
        #expect(again.status == 0)
        #expect(try RegionFixture.listed(directory).count == 1)
        #expect(RegionFixture.entries(directory).count == 2, "one link and one folder: \(RegionFixture.entries(directory))")

        let removed = try RegionFixture.roadtrip(["region", "remove", "andorra"], in: directory)
        #expect(removed.status == 0 && removed.standardOutput == "Removed region andorra.\n")
        #expect(RegionFixture.entries(directory).isEmpty)
        let gone = try RegionFixture.roadtrip(["search", "Pica d'Estats", "--limit", "1"], in: directory)
        #expect(gone.status == 1, "no longer found: \(gone.standardOutput)")
        let unknown = try RegionFixture.roadtrip(["region", "remove", "andorra"], in: directory)
        #expect(unknown.status == 1 && unknown.standardError.contains("There is no region “andorra”"), "\(CommandLineEndToEndTests.describe(unknown))")
    }

    @Test("Issue 37: a fuel station without a name is found with its details; a region of an older format is named on stderr until added again")
    func servicesAndARegionOfAnOlderFormat() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory).status == 0)
        let found = try RegionFixture.roadtrip(["search", "ESSO", "--json", "--limit", "5"], in: directory)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [[String: Any]])
        let esso = try #require(entries.first { $0["source"] as? String == "andorra" && $0["name"] as? String == "ESSO" }, "\(found.standardOutput)")
        #expect(esso["kind"] as? String == "fuel station" && (esso["details"] as? [String: Any])?["operator"] as? String == "ESSO")
        #expect(found.standardError.isEmpty, "\(found.standardError)")
        let hotel = try RegionFixture.roadtrip(["search", "Hotel Ordino", "--limit", "1"], in: directory)
        #expect(hotel.status == 0 && hotel.standardOutput.contains("hotel") && hotel.standardOutput.contains("andorra"), "\(hotel.standardOutput)")

        // As an older roadtrip wrote it: region format 1.
        let description = RegionFixture.regionsFolder(directory).appendingPathComponent("andorra/region.json")
        let text = try String(contentsOf: description, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""format" : \d+"#, with: #""format" : 1"#, options: .regularExpression).utf8).write(to: description)
        let old = try RegionFixture.roadtrip(["search", "Hotel Ordino", "--limit", "1"], in: directory)
        #expect(
            old.status == 1 && old.standardError.contains("Region andorra was added by an older roadtrip")
                && old.standardError.contains("`roadtrip region add \(RegionFixture.fixture("andorra.osm.pbf"))`"), "\(CommandLineEndToEndTests.describe(old))")
        #expect(try RegionFixture.listed(directory).first?["problem"] as? String != nil)
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory).status == 0)
        let again = try RegionFixture.roadtrip(["search", "Hotel Ordino", "--limit", "1"], in: directory)
        #expect(again.status == 0 && again.standardError.isEmpty && again.standardOutput.contains("andorra"), "\(CommandLineEndToEndTests.describe(again))")
    }

    @Test("A folder, a FIFO, a truncated extract and a file that is no extract: exit 1, a sentence, no region")
    func filesThatAreNoExtract() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("pipe.osm.pbf")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let notes = directory.url.appendingPathComponent("notes.osm")
        try Data("These are my notes.\n".utf8).write(to: notes)
        let whole = try Data(contentsOf: URL(fileURLWithPath: RegionFixture.fixture("andorra.osm.pbf")))
        let cut = directory.url.appendingPathComponent("cut.osm.pbf")
        try whole.prefix(200_000).write(to: cut)
        let cases = [
            (directory.path, "is a folder, not an OpenStreetMap extract"),
            (fifo.path, "is a FIFO (named pipe), not an OpenStreetMap extract"),
            (notes.path, "is not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2): it begins like neither OSM PBF nor OSM XML"),
            (cut.path, "is not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2): osmium cannot read it"),
            (directory.url.appendingPathComponent("none.osm").path, "does not exist"),
        ]
        for (path, sentence) in cases {
            let result = try RegionFixture.roadtrip(["region", "add", path], in: directory)
            #expect(result.status == 1, "\(path): \(CommandLineEndToEndTests.describe(result))")
            #expect(result.standardError.contains("\(path) \(sentence)"), "\(CommandLineEndToEndTests.describe(result))")
            #expect(RegionFixture.entries(directory).isEmpty, "\(path) left \(RegionFixture.entries(directory))")
        }
    }

    /// Starts `region add` with the import held at the gate once its staging folder exists (no
    /// tool started yet), then sends `signal` to roadtrip; returns how it ended.
    static func interruptedAdd(
        _ arguments: [String], signal: Int32, in directory: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ProcessResult {
        let gate = try TemporaryDirectory()
        let environment = Run.environment(
            [
                "ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8",
                "XDG_DATA_HOME": directory.url.appendingPathComponent("data").path,
            ]
            .merging(TmuxSession.gateVariables(gate, hold: ["region-staging"])) { _, new in new })
        let child = try Run.start(try RoadtripBinary.path(), ["region", "add"] + arguments, environment: environment)
        do {
            try await GateFile(folder: gate, name: "region-staging.held").waitFor(1, sourceLocation: sourceLocation)
        } catch {
            child.process.signal(SIGKILL)
            _ = await child.finishOffThePool()
            throw error
        }
        #expect(RegionFixture.entries(directory).contains { $0.hasPrefix(".staging-") }, "held in the middle of the update", sourceLocation: sourceLocation)
        child.process.signal(signal)
        return await child.finishOffThePool()
    }

    @Test("kill -9 in the middle of an update leaves the previous version, and the next add sweeps the rest")
    func killedImport() async throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", "--name", "nevada", RegionFixture.fixture("krems.osm.gz")], in: directory).status == 0)
        let before = try RegionFixture.listed(directory)
        let killed = try await Self.interruptedAdd(["--name", "nevada", RegionFixture.fixture("beatty.osm")], signal: SIGKILL, in: directory)
        #expect(killed.status == 137, "\(CommandLineEndToEndTests.describe(killed))")
        let after = try RegionFixture.listed(directory)
        #expect(after.map { $0["sha256"] as? String } == before.map { $0["sha256"] as? String }, "the old version of the region, intact")
        #expect(try RegionFixture.roadtrip(["search", "Krems", "--limit", "1"], in: directory).standardOutput.contains("Krems"))
        // The next add sweeps the killed one's staging folder.
        #expect(try RegionFixture.roadtrip(["region", "add", "--name", "nevada", RegionFixture.fixture("beatty.osm")], in: directory).status == 0)
        #expect(RegionFixture.entries(directory).count == 2, "\(RegionFixture.entries(directory))")
        #expect(try RegionFixture.listed(directory).first?["sourceFile"] as? String == RegionFixture.fixture("beatty.osm"))
    }

    @Test("Ctrl-C (SIGINT) stops an import: exit 130, a sentence, the regions as they were")
    func interruptedImport() async throws {
        let directory = try TemporaryDirectory()
        let result = try await Self.interruptedAdd([RegionFixture.fixture("beatty.osm")], signal: SIGINT, in: directory)
        #expect(result.status == 130, "\(CommandLineEndToEndTests.describe(result))")
        #expect(result.standardError.contains("The import was cancelled; nothing was changed."), "\(CommandLineEndToEndTests.describe(result))")
        #expect(RegionFixture.entries(directory).isEmpty, "\(RegionFixture.entries(directory))")
    }

    @Test("A full disk: the add fails with ENOSPC, the region before is intact, no staging folder is left", FullDiskEndToEndTests.tmpfs)
    func fullDisk() throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appendingPathComponent("data")
        try FullDiskEndToEndTests.mountSmallDisk(size: "2m", on: data)
        defer { FullDiskEndToEndTests.unmount(data) }
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("krems.osm.gz")], in: directory).status == 0)
        let before = try RegionFixture.listed(directory)
        try FullDiskEndToEndTests.fill(data)
        let result = try RegionFixture.roadtrip(["region", "add", "--name", "krems", RegionFixture.fixture("andorra.osm.pbf")], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.contains("No space left on device"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(try RegionFixture.listed(directory).map { $0["sha256"] as? String } == before.map { $0["sha256"] as? String })
        #expect(RegionFixture.entries(directory).count == 2, "\(RegionFixture.entries(directory))")
    }

    @Test("The stop editor finds a village, a peak and a lake of the added region by name, and Enter adds each")
    func stopEditorFindsRegionPlaces() async throws {
        let directory = try TemporaryDirectory()
        try RegionFixture.andorra(trip: "Andorra", ["Andorra la Vella", "Encamp"], in: directory)
        let session = try await RegionFixture.planner(openingTrip: "Andorra", width: 120, height: 32, in: directory)
        defer { session.close() }
        try await session.waitUntil("the Andorra trip") { $0.contains("Encamp") && $0.contains("Total distance:") }
        for (query, kind, name) in [
            ("Llorts", "village", "Llorts"), ("Pica d'Est", "peak 3,143 m", "Pica d'Estats"), ("Estany de l'Illa", "lake", "Estany de l'Illa"),
        ] {
            try await session.sendKeys("End", "a")
            try await session.waitFor("Add a stop after")
            try await session.sendText(query)
            try await session.waitUntil("\(name), a \(kind), in the results") { screen in
                screen.components(separatedBy: "\n").contains { $0.contains(name) && $0.contains(kind) }
            }
            try await session.sendKeys("Enter")
            try await session.waitUntil("\(name) in the trip") { $0.contains("Total distance:") && $0.contains(name) }
        }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
        let trip = try #require(try Run.trips(at: directory.dataFile).first { $0["name"] as? String == "Andorra" })
        let stops = try #require(trip["waypoints"] as? [[String: Any]])
        #expect(stops.map { $0["name"] as? String } == ["Andorra la Vella", "Encamp", "Llorts", "Pica d'Estats", "Estany de l'Illa"])
        let peak = try #require(stops[3]["location"] as? [String: Double])
        #expect(abs(peak["latitude"]! - 42.6670) < 0.001 && abs(peak["longitude"]! - 1.3979) < 0.001, "\(peak)")
    }

    @Test("M on the trip list shows the regions; a adds one from a path, with its counts; d removes it after y")
    func regionsPanel() async throws {
        let directory = try TemporaryDirectory()
        let session = try await TmuxSession(width: 110, height: 30, directory: directory, variables: RegionFixture.variables(directory))
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await RegionFixture.addInPlanner(RegionFixture.fixture("krems.osm.gz"), session: session)
        try await session.waitFor("Added region krems")
        let screen = try await session.capture()
        #expect(
            screen.components(separatedBy: "\n").contains { $0.contains("krems") && $0.contains("places") && $0.contains("roads") }, "\(session.framed(screen))"
        )
        #expect(try RegionFixture.listed(directory).map { $0["name"] as? String } == ["krems"])
        try await session.sendKeys("d")
        try await session.waitFor("Remove region “krems”")
        try await session.sendKeys("y")
        try await session.waitFor("Removed region krems.")
        try await session.waitFor("No region yet")
        #expect(try RegionFixture.listed(directory).isEmpty)
        try await session.sendKeys("Escape")
        try await session.waitUntil("the panel closed") { !$0.contains("No region yet") }
        try await TripListEndToEndTests.quitNormally(session)
    }

    // Hostile round four (issue 34): regions never touch what is not theirs, and say what they are.

    /// A folder of someone's hidden files and a plain one.
    static func victim(in directory: TemporaryDirectory) throws -> URL {
        let victim = directory.url.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: victim.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try Data("s\n".utf8).write(to: victim.appendingPathComponent(".bashrc"))
        try Data("v\n".utf8).write(to: victim.appendingPathComponent("visible.txt"))
        try FileManager.default.createDirectory(at: RegionFixture.regionsFolder(directory).deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(symlink(victim.path, RegionFixture.regionsFolder(directory).path) == 0)
        return victim
    }

    @Test("Issue 34, case 1: a regions folder linked to a folder of other files is refused; nothing in it is deleted or listed")
    func aLinkedRegionsFolderIsRefused() throws {
        let directory = try TemporaryDirectory()
        let victim = try Self.victim(in: directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted()
        let added = try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("krems.osm.gz")], in: directory)
        #expect(added.status == 1, "\(CommandLineEndToEndTests.describe(added))")
        #expect(
            added.standardError.contains(
                "The regions folder \(RegionFixture.regionsFolder(directory).path) is a link to \(victim.path), which holds “.bashrc”, “.config”, “.git” and 1 more"
            ),
            "\(CommandLineEndToEndTests.describe(added))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted() == before, "nothing deleted, nothing added")
        #expect(try String(contentsOf: victim.appendingPathComponent(".bashrc"), encoding: .utf8) == "s\n")
        let list = try RegionFixture.roadtrip(["region", "list"], in: directory)
        #expect(list.status == 0 && !list.standardOutput.contains("visible"), "\(CommandLineEndToEndTests.describe(list))")
        #expect(
            list.standardError.contains("“.bashrc”, “.config”, “.git” and 1 more, which roadtrip did not put there: not regions, and left alone."),
            "\(CommandLineEndToEndTests.describe(list))")
        #expect(try RegionFixture.listed(directory).isEmpty)
    }

    @Test("Issue 34, case 1: the planner's Add a region refuses a linked regions folder the same way")
    func aLinkedRegionsFolderIsRefusedInThePlanner() async throws {
        let directory = try TemporaryDirectory()
        let victim = try Self.victim(in: directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted()
        let session = try await TmuxSession(width: 110, height: 30, directory: directory, variables: RegionFixture.variables(directory))
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await RegionFixture.addInPlanner(RegionFixture.fixture("krems.osm.gz"), session: session)
        try await session.waitFor("regions need a folder of their own")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted() == before)
        try await session.sendKeys("Escape")
        try await session.waitUntil("the dialog closed") { !$0.contains("Add a region") }
        try await session.sendKeys("Escape")
        try await session.waitUntil("the panel closed") { !$0.contains("No region yet") }
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("Issue 34, case 14: a file in the regions folder is no region; a broken region is listed with its whole sentence")
    func onlyRegionsAreRegions() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("krems.osm.gz")], in: directory).status == 0)
        try Data("<gpx/>".utf8).write(to: RegionFixture.regionsFolder(directory).appendingPathComponent("newfile.gpx"))
        let removed = try RegionFixture.roadtrip(["region", "remove", "newfile.gpx"], in: directory)
        #expect(
            removed.status == 1 && removed.standardError.contains("There is no region “newfile.gpx”; the regions are krems."),
            "\(CommandLineEndToEndTests.describe(removed))")
        let description = RegionFixture.regionsFolder(directory).appendingPathComponent("krems/region.json")
        try Data("{\"name\": ".utf8).write(to: description)
        let json = try RegionFixture.roadtrip(["region", "list", "--json"], in: directory)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let sentence = "Region krems cannot be used: \(description.path) is not valid JSON; add it again, or remove it with `roadtrip region remove krems`."
        #expect(entries.map { $0["name"] as? String } == ["krems"] && entries.first?["problem"] as? String == sentence, "\(json.standardOutput)")
        let text = try RegionFixture.roadtrip(["region", "list"], in: directory)
        #expect(text.standardOutput.contains("cannot be used (see below)") && text.standardOutput.contains("\n\(sentence)\n"), "\(text.standardOutput)")
        #expect(text.standardError.contains("“newfile.gpx”, which roadtrip did not put there"))
    }

    @Test("Issue 34, case 10: a file named with escape sequences is printed harmless by region add")
    func aHostileFileNameIsPrintedHarmless() throws {
        let directory = try TemporaryDirectory()
        let hostile = directory.url.appendingPathComponent("k\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J.osm.gz")
        try FileManager.default.copyItem(atPath: RegionFixture.fixture("krems.osm.gz"), toPath: hostile.path)
        let added = try RegionFixture.roadtrip(["region", "add", "--name", "krems", hostile.path], in: directory)
        #expect(added.status == 0, "\(CommandLineEndToEndTests.describe(added))")
        #expect(
            added.standardOutput.hasPrefix("Added region krems: ") && added.standardOutput.contains("from k\u{FFFD}]52;c;aGVsbG8=\u{FFFD}\u{FFFD}[2J.osm.gz"),
            "\(added.standardOutput.debugDescription)")
        #expect(!(added.standardOutput + added.standardError).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    }

    @Test("Issue 34, case 11: an extract of places and no roads is a region without routing, and says so")
    func placesWithoutRoads() throws {
        let directory = try TemporaryDirectory()
        let added = try RegionFixture.roadtrip(["region", "add", try RegionFixture.osm("placeville.osm", in: directory)], in: directory)
        #expect(added.status == 0, "\(CommandLineEndToEndTests.describe(added))")
        #expect(
            added.standardOutput.hasPrefix("Added region placeville: 1 places and no roads to route on from placeville.osm")
                && added.standardOutput.hasSuffix("Legs in it are estimated, not routed.\n"), "\(added.standardOutput)")
        #expect(try RegionFixture.listed(directory).first?["roads"] as? Int == 0)
    }

    @Test("Issue 34, case 12: a disk too small for the road database is named full, with what the import needs", FullDiskEndToEndTests.tmpfs)
    func aDiskTooSmall() throws {
        for size in ["600k", "1m"] {
            let directory = try TemporaryDirectory()
            let data = directory.url.appendingPathComponent("data")
            try FullDiskEndToEndTests.mountSmallDisk(size: size, on: data)
            defer { FullDiskEndToEndTests.unmount(data) }
            let result = try RegionFixture.roadtrip(["region", "add", RegionFixture.fixture("andorra.osm.pbf")], in: directory)
            #expect(result.status == 1, "\(size): \(CommandLineEndToEndTests.describe(result))")
            #expect(
                result.standardError.contains(
                    "The region cannot be written to \(RegionFixture.regionsFolder(directory).path): No space left on device (adding this extract needs about"),
                "\(size): \(CommandLineEndToEndTests.describe(result))")
            #expect(RegionFixture.entries(directory).isEmpty, "\(RegionFixture.entries(directory))")
        }
    }

    @Test("Issue 34, case 13: an extract osmium cannot read is named, with osmium's reason")
    func anUnreadableExtractIsNamed() throws {
        let directory = try TemporaryDirectory()
        let file = try RegionFixture.osm("dtd.osm", in: directory)
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "<osm ", with: "<!DOCTYPE osm [ <!ENTITY a \"b\"> ]>\n<osm ")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try RegionFixture.roadtrip(["region", "add", file], in: directory)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "\(file) is not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2): osmium cannot read it (XML entities are not supported)."),
            "\(CommandLineEndToEndTests.describe(result))")
        #expect(RegionFixture.entries(directory).isEmpty)
    }

    @Test("Issue 34, case 15: a world box in the header of a town's extract covers the town only; Monterey is in no region")
    func aWorldBoxCoversOnlyTheData() throws {
        let directory = try TemporaryDirectory()
        let road = RegionFixture.oneRoad
        let world = try RegionFixture.osm("world.osm", road, bounds: #"minlat="-90" minlon="-180" maxlat="90" maxlon="180""#, in: directory)
        #expect(try RegionFixture.roadtrip(["region", "add", world], in: directory).status == 0)
        let list = try RegionFixture.roadtrip(["region", "list"], in: directory)
        // Issue 56, item 3: the area is where the roads are (43.730–43.735° N, 7.41–7.42° E) and the
        // kilometer around them a stop may be from them.
        #expect(list.standardOutput.contains("43.72–43.74°N 7.40–7.43°E"), "\(list.standardOutput)")
        #expect(try RegionFixture.roadtrip(["new", "Coast", "36.6002, -121.8947", "36.5552, -121.9233"], in: directory).status == 0)
        let legs = try #require(try RegionFixture.object(["show", "Coast", "--json"], in: directory)["legs"] as? [[String: Any]])
        #expect(legs.first?["reason"] as? String == "no region covers near Monterey, CA", "\(legs)")
    }
}
