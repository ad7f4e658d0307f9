import Foundation
import Testing
import RoadtripTestSupport

/// The itinerary as a calendar (.ics), read back by a real parser: Python's icalendar, Debian's
/// python3-icalendar, which `make test` installs (Tests/Scripts/read-ics.py prints what it
/// reads as JSON). And the zones' names in `roadtrip plan`.
@Suite("Calendar export and zone names, end to end")
struct CalendarEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    static let readICS = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/read-ics.py").path

    /// Debian's Python, where python3-icalendar is installed (a `python3` earlier on PATH, from
    /// pyenv or a virtual environment, does not see Debian's packages).
    static let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    /// London to Paris over the Channel with a lunch in Dover and a night in Calais, from 09:00 on
    /// 24 October 2026, the day before both zones leave summer time; and Tokyo to Kyoto.
    static func writeTrips(in directory: TemporaryDirectory) throws {
        let text = #"""
            {"version": 1, "trips": [
              {"id": "00000000-0000-0000-0000-0000000000c5", "name": "Channel", "settings": {"startDate": "2026-10-24"}, "waypoints": [
                {"id": "00000000-0000-0000-0000-000000000101", "name": "London", "location": {"latitude": 51.5074, "longitude": -0.1278}},
                {"id": "00000000-0000-0000-0000-000000000102", "name": "Dover", "location": {"latitude": 51.1279, "longitude": 1.3134},
                 "notes": "Lunch; the white cliffs, then the ferry\nBook ahead", "stayHours": 2},
                {"id": "00000000-0000-0000-0000-000000000103", "name": "Calais", "location": {"latitude": 50.9513, "longitude": 1.8587}, "stayNights": 1},
                {"id": "00000000-0000-0000-0000-000000000104", "name": "Paris", "location": {"latitude": 48.8566, "longitude": 2.3522}}
              ]},
              {"id": "00000000-0000-0000-0000-0000000000d1", "name": "Kansai", "settings": {"startDate": "2026-07-01"}, "waypoints": [
                {"id": "00000000-0000-0000-0000-000000000201", "name": "Tokyo", "location": {"latitude": 35.6812, "longitude": 139.7671}},
                {"id": "00000000-0000-0000-0000-000000000202", "name": "Kyoto", "location": {"latitude": 35.0116, "longitude": 135.7681}}
              ]}
            ]}
            """#
        try Data(text.utf8).write(to: directory.dataFile)
    }

    /// What the parser read from `file`.
    static func parsed(_ file: String) throws -> [String: Any] {
        let result = try Run.process("/usr/bin/env", [python, readICS, file], environment: Run.environment())
        try #require(
            result.status == 0,
            """
            Python's icalendar could not read \(file) (is python3-icalendar installed? `make test-deps` installs it):
            \(CLI.describe(result))
            """)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    /// "2026-10-24T09:00:00+01:00" → "2026-10-24T08:00:00Z".
    static func utc(_ timestamp: String?) -> String? {
        let reader = ISO8601DateFormatter()
        let writer = ISO8601DateFormatter()
        writer.timeZone = TimeZone(secondsFromGMT: 0)
        return timestamp.flatMap(reader.date(from:)).map(writer.string(from:))
    }

    @Test("export -o trip.ics: a real parser reads an event per drive and stay, each TZID with its VTIMEZONE, at the times plan gives")
    func commandLineExportReadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrips(in: directory)
        let file = directory.url.appendingPathComponent("channel.ics").path
        let result = try CLI.roadtrip(["export", "Channel", "-o", file], in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        #expect(result.standardError.contains("to \(file) as iCalendar."), "\(CLI.describe(result))")

        let calendar = try Self.parsed(file)
        #expect((calendar["problems"] as? [String]) == [], "\(calendar["problems"] ?? "")")
        let events = try #require(calendar["events"] as? [[String: Any]])
        #expect(
            events.map { $0["summary"] as? String ?? "" } == [
                "Drive London → Dover", "Stay in Dover", "Drive Dover → Calais", "Stay in Calais · 1 night", "Drive Calais → Paris",
            ])
        // Every TZID is described by a VTIMEZONE of the file, and only the two zones are.
        let zones = try #require(calendar["timezones"] as? [String: Any])
        #expect(Set(zones.keys) == ["Europe/London", "Europe/Paris"])
        let used = Set(
            events.flatMap { event in
                ["start", "end"].compactMap { ($0 == "start" ? event["start"] : event["end"]) as? [String: Any] }.compactMap { $0["tzid"] as? String }
            })
        #expect(used == ["Europe/London", "Europe/Paris"])
        // GEO is the stop's place; the notes are the stay's description, unescaped by the parser.
        #expect((events[2]["geo"] as? [Double]).map { abs($0[0] - 50.9513) < 1e-6 && abs($0[1] - 1.8587) < 1e-6 } == true)
        #expect(events[1]["description"] as? String == "2 h 00 min in Dover.\n\nLunch; the white cliffs, then the ferry\nBook ahead")
        #expect(events[2]["location"] as? String == "Calais")

        // The times, read through the file's own VTIMEZONEs, are the instants `plan --json` gives.
        let plan = try RegionFixture.object(["plan", "Channel", "--json"], in: directory)
        let legs = try #require(plan["days"] as? [[String: Any]]).flatMap { $0["legs"] as? [[String: Any]] ?? [] }
        let drives = events.filter { ($0["summary"] as? String)?.hasPrefix("Drive") == true }
        #expect(drives.count == legs.count)
        for (drive, leg) in zip(drives, legs) {
            #expect((drive["start"] as? [String: Any])?["utc"] as? String == Self.utc(leg["departure"] as? String), "\(drive) \(leg)")
            #expect((drive["end"] as? [String: Any])?["utc"] as? String == Self.utc(leg["arrival"] as? String), "\(drive) \(leg)")
        }
        // The first drive leaves London at 09:00 BST, 08:00 UTC.
        #expect((drives.first?["start"] as? [String: Any])?["utc"] as? String == "2026-10-24T08:00:00Z")
    }

    @Test("a leg longer than a day is a drive a day in the calendar, with the night near a town on the way between them")
    func aLongLegInTheCalendar() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try NightsAndCostsEndToEndTests.writeTrip(in: directory)
        let file = directory.url.appendingPathComponent("mother-road.ics").path
        let result = try CLI.roadtrip(["export", "Mother Road", "-o", file], in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        let calendar = try Self.parsed(file)
        #expect((calendar["problems"] as? [String]) == [], "\(calendar["problems"] ?? "")")
        let events = try #require(calendar["events"] as? [[String: Any]])
        let summaries = events.map { $0["summary"] as? String ?? "" }
        let report = try RegionFixture.object(["plan", "Mother Road", "--json"], in: directory)
        let days = try #require(report["days"] as? [[String: Any]])
        let town = try #require(((days[0]["overnightSuggestion"] as? [String: Any])?["place"] as? [String: Any])?["name"] as? String)
        #expect(
            summaries == [
                "Drive Chicago → Springfield", "Drive Springfield → St. Louis", "Drive St. Louis → Tulsa (day 1 of 2)",
                "Night near \(town)", "Drive St. Louis → Tulsa (day 2 of 2)",
            ])
        // The first part ends on the road near the town, where the night starts; the second
        // sets out from there the next morning.
        let (first, night, second) = (events[2], events[3], events[4])
        #expect(first["location"] as? String == "near \(town)")
        #expect(night["location"] as? String == town)
        #expect((first["end"] as? [String: Any])?["utc"] as? String == (night["start"] as? [String: Any])?["utc"] as? String)
        #expect((night["end"] as? [String: Any])?["utc"] as? String == (second["start"] as? [String: Any])?["utc"] as? String)
        #expect((night["description"] as? String)?.contains("off the route") == true)
        #expect((second["start"] as? [String: Any])?["local"] as? String == "2026-07-02T09:00:00")
    }

    /// Issue 34: `set start-date 9999-12-31` wrote a VTIMEZONE change dated "100000312T020000",
    /// 0000-01-01 and 0001-01-01 gave DTSTART 00001229/00001230 (all refused by icalendar), and
    /// 1582-10-10 was the 20th in the calendar but the 10th in `plan`. Now a trip starts in the
    /// years 1583 to 9000, in one calendar (proleptic Gregorian) everywhere; other years are
    /// refused by `set` and, when a file has one, by the calendar export.
    @Test(
        "extreme start dates: outside 1583–9000 refused by set and by the calendar export; the edges give calendars a parser reads, on the days plan gives",
        arguments: [("1583-01-01", "1583-01-01T09:00:00", "Sat 1 Jan 1583"), ("9000-12-31", "9000-12-31T09:00:00", "31 Dec 9000")])
    func extremeStartDates(_ date: String, start: String, planned: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrips(in: directory)
        for outside in ["0000-01-01", "0001-01-01", "1582-10-10", "9001-01-01", "9999-12-31"] {
            let refused = try CLI.roadtrip(["set", "Kansai", "start-date", outside], in: directory)
            #expect(refused.status != 0 && refused.standardError.contains("in a year from 1583 to 9000"), "\(CLI.describe(refused))")
        }
        let set = try CLI.roadtrip(["set", "Kansai", "start-date", date], in: directory)
        #expect(set.status == 0, "\(CLI.describe(set))")
        let plan = try CLI.roadtrip(["plan", "Kansai"], in: directory)
        #expect(plan.standardOutput.contains(planned), "\(CLI.describe(plan))")
        let file = directory.url.appendingPathComponent("kansai.ics").path
        let result = try CLI.roadtrip(["export", "Kansai", "-o", file], in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        let calendar = try Self.parsed(file)
        #expect((calendar["problems"] as? [String]) == [], "\(calendar["problems"] ?? "")")
        let events = try #require(calendar["events"] as? [[String: Any]])
        #expect((events.first?["start"] as? [String: Any])?["local"] as? String == start)
    }

    @Test("a data file's start date outside 1583–9000 (from an older roadtrip): the calendar export refuses it with a sentence and writes nothing")
    func calendarOfAStartDateOutsideTheYears() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrips(in: directory)
        let text = try String(contentsOf: directory.dataFile, encoding: .utf8).replacingOccurrences(of: "2026-07-01", with: "9999-12-31")
        try Data(text.utf8).write(to: directory.dataFile)
        let file = directory.url.appendingPathComponent("kansai.ics").path
        let result = try CLI.roadtrip(["export", "Kansai", "-o", file], in: directory)
        #expect(
            result.status != 0 && result.standardError.contains("starts on 9999-12-31, and a calendar is written for trips starting in the years 1583 to 9000"),
            "\(CLI.describe(result))")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("export of a one-stop trip as .ics is refused with a sentence, and nothing is written")
    func nothingToPutInACalendar() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try CLI.roadtrip(["new", "Alone", "48.8566,2.3522"], in: directory).status == 0)
        let file = directory.url.appendingPathComponent("alone.ics").path
        let result = try CLI.roadtrip(["export", "Alone", "-o", file], in: directory)
        #expect(result.status == 1, "\(CLI.describe(result))")
        #expect(result.standardError.contains("a calendar needs a drive: add a second stop first."), "\(CLI.describe(result))")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("plan names zones as people do: JST in Japan, BST and CEST in October")
    func planShowsZoneNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeTrips(in: directory)
        let kansai = try CLI.roadtrip(["plan", "Kansai"], in: directory)
        #expect(kansai.status == 0, "\(CLI.describe(kansai))")
        #expect(kansai.standardOutput.contains("09:00 JST"), "\(CLI.describe(kansai))")
        #expect(!kansai.standardOutput.contains("GMT+9"), "\(CLI.describe(kansai))")
        let channel = try CLI.roadtrip(["plan", "Channel"], in: directory).standardOutput
        #expect(channel.contains("BST") && channel.contains("CEST") && channel.contains("CET "), "\(channel)")
    }

    @Test("e on the trip detail screen with a .ics name writes a calendar a real parser reads")
    func exportFromTheScreen() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let file = session.directory.url.appendingPathComponent("coast.ics").path
        try await session.sendKeys("e")
        try await session.waitFor("Export “Pacific Coast Drive”")
        try await session.sendKeys("C-u")
        try await session.sendText(file)
        try await session.sendKeys("Enter")
        let screen = try await session.waitFor("Exported “Pacific Coast Drive” to")
        // "(iCalendar)." after the path, cut at the screen's edge.
        #expect(screen.contains("coast.ics (iCalenda"), "\(screen)")
        let calendar = try Self.parsed(file)
        #expect((calendar["problems"] as? [String]) == [], "\(calendar["problems"] ?? "")")
        let events = try #require(calendar["events"] as? [[String: Any]])
        // Seven stops passed through in a day: six drives.
        #expect(events.count == 6)
        #expect((calendar["timezones"] as? [String: Any]).map { Array($0.keys) } == ["America/Los_Angeles"])
        #expect(events.last?["location"] as? String == "Morro Bay")
    }
}
