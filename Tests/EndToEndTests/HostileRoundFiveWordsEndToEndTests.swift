import Foundation
import Testing
import RoadtripTestSupport

/// Hostile round five (issue 52), the smaller cases of the data file, the commands and their
/// words: the KML importer's DOCTYPE refusal, `along --within -1`, a stay of a day planned as
/// one day, and a journal too large to read.
@Suite("Hostile round five, the words, end to end")
struct HostileRoundFiveWordsEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// Item a: the refusal of a .kml file said "GPX needs none".
    @Test("A KML file that declares entities is refused in KML's name")
    func aKMLDoctypeIsRefusedInKMLsName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kml = try directory.write("""
            <?xml version="1.0"?>
            <!DOCTYPE kml [ <!ENTITY a "b"> ]>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&a;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """, to: "entities.kml")
        let result = try CLI.roadtrip(["import", kml.path], in: directory)
        #expect(result.status == 1, "\(CLI.describe(result))")
        #expect(result.standardError.contains("which roadtrip refuses: KML needs none, and they can expand to gigabytes."), "\(CLI.describe(result))")
        #expect(!result.standardError.contains("GPX"), "\(CLI.describe(result))")
    }

    /// Item b: `--within -1` said "Missing value for '--within <distance>'".
    @Test("along --within -1 (or 0) says the distance must be positive", arguments: [["--within", "-1"], ["--within=-1"], ["--within", "0"]])
    func alongWithinANegativeDistance(_ option: [String]) throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let result = try CLI.roadtrip(["along", "1"] + option, in: directory)
        #expect(result.status == 64, "\(CLI.describe(result))")
        #expect(result.standardError.contains("--within must be a positive distance such as 2 km."), "\(CLI.describe(result))")
        #expect(!result.standardError.contains("Missing value"), "\(CLI.describe(result))")
    }

    /// Item c: a default stay of 24 h planned five calendar days under "Day 1", headed "1 day".
    @Test("A stay of a day at each stop is a night at each: plan says a day for each")
    func aStayOfADayIsANight() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for setting in [["default-stay", "24h"], ["start-date", "2026-07-01"]] {
            let set = try CLI.roadtrip(["set", "1"] + setting, in: directory)
            try #require(set.status == 0, "\(CLI.describe(set))")
        }
        let plan = try CLI.roadtrip(["plan", "1"], in: directory)
        #expect(plan.status == 0, "\(CLI.describe(plan))")
        let lines = plan.standardOutput.components(separatedBy: "\n")
        #expect(lines.first == "Pacific Coast Drive — 6 days", "\(plan.standardOutput)")
        let headings = lines.filter { $0.hasPrefix("Day ") }.map { $0.components(separatedBy: " — ")[0] }
        #expect(headings == ["Day 1 · Wed 1 Jul 2026", "Day 2 · Thu 2 Jul 2026", "Day 3 · Fri 3 Jul 2026",
                             "Day 4 · Sat 4 Jul 2026", "Day 5 · Sun 5 Jul 2026", "Day 6 · Mon 6 Jul 2026"], "\(plan.standardOutput)")
        #expect(lines.filter { $0.contains("night here") }.count == 5, "\(plan.standardOutput)")
    }

    /// A journal of `bytes` (sparse: no disk is used) beside the data file of `directory`.
    static func writeJournal(of bytes: UInt64, in directory: TemporaryDirectory) throws -> URL {
        let journal = URL(fileURLWithPath: directory.dataFile.path + ".journal")
        _ = FileManager.default.createFile(atPath: journal.path, contents: Data("{\"journal\":3}\n".utf8))
        let handle = try FileHandle(forWritingTo: journal)
        try handle.truncate(atOffset: bytes)
        try handle.close()
        return journal
    }

    static func size(of url: URL) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? UInt64) ?? 0
    }

    /// Item d: a journal over the largest file read was silently not offered (and the planner's
    /// own journal then replaced it).
    @Test("A journal too large to read is named with its size, by the planner and by a command, and left in place")
    func aJournalTooLargeToReadIsSaid() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let size: UInt64 = 300_000_000
        let journal = try Self.writeJournal(of: size, in: directory)
        let sizeText = ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .binary)

        let session = try await TmuxSession(width: 240, directory: directory)
        defer { session.close() }
        let screen = try await session.waitFor("Journal left as it is: \(journal.path) is \(sizeText)")
        #expect(!screen.contains("Restore"), "\(session.framed(screen))")
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Self.size(of: journal) == size)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["New Trip"] + SampleTrips.names)

        let command = try CLI.roadtrip(["rename", "1", "Renamed"], in: directory)
        #expect(command.status == 0, "\(CLI.describe(command))")
        #expect(command.standardError.contains("\(journal.path) is \(sizeText)"), "\(CLI.describe(command))")
        #expect(try Self.size(of: journal) == size)
    }
}
