import Foundation
import Testing
import RoadtripTestSupport

/// The `roadtrip` binary run as a command (SPEC §5): no terminal, standard input from /dev/null,
/// the data file in a temporary directory.
@Suite("Command line, end to end")
struct CommandLineEndToEndTests {
    /// Runs `roadtrip arguments…` with `ROADTRIP_FILE` in `directory`, in a UTF-8 locale unless
    /// `variables` say otherwise (the output follows the locale: ASCII only under LANG=C).
    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory, variables: [String: String] = [:]) throws -> ProcessResult {
        let defaults = ["ROADTRIP_FILE": directory.dataFile.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
        let environment = Run.environment(defaults.merging(variables) { _, new in new })
        return try Run.process(try RoadtripBinary.path(), arguments, environment: environment)
    }

    static func describe(_ result: ProcessResult) -> String {
        "status \(result.status)\n--- stdout\n\(result.standardOutput)--- stderr\n\(result.standardError)---"
    }

    @Test("list --json prints the sample trips as an array of {id, name, stops, distanceMeters, estimate}")
    func listJSON() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let result = try Self.roadtrip(["list", "--json"], in: directory)
        #expect(result.status == 0, "\(Self.describe(result))")

        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let entries = try #require(json as? [[String: Any]], "not an array of objects: \(Self.describe(result))")
        #expect(entries.count == 5)
        for entry in entries {
            #expect(Set(entry.keys) == ["id", "name", "stops", "distanceMeters", "estimate"], "\(entry)")
            // No region added: every leg is its estimate by road, and so is the total.
            #expect(entry["estimate"] as? Bool == true, "\(entry)")
            #expect(UUID(uuidString: entry["id"] as? String ?? "") != nil, "\(entry)")
            #expect((entry["distanceMeters"] as? Double).map { $0 > 10_000 } == true, "\(entry)")
        }
        #expect(Run.names(of: entries) == SampleTrips.names)
        #expect(entries.map { $0["stops"] as? Int ?? -1 } == SampleTrips.stopCounts)
        // The ids are those of the data file the first run created.
        let fileIDs = try Run.trips(at: directory.dataFile).map { $0["id"] as? String ?? "" }
        #expect(entries.map { $0["id"] as? String ?? "" } == fileIDs)
    }

    @Test("list prints one line per trip")
    func listText() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let result = try Self.roadtrip(["list"], in: directory)
        #expect(result.status == 0, "\(Self.describe(result))")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(lines.count == 5, "\(Self.describe(result))")
        for (line, name) in zip(lines, SampleTrips.names) {
            #expect(line.contains(name), "line “\(line)” should show \(name)")
        }
        #expect(result.standardError.isEmpty, "\(Self.describe(result))")
    }

    @Test("show -1 is the last trip; show 0 says where positions start")
    func negativePositions() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let last = try Self.roadtrip(["show", "-1"], in: directory)
        #expect(last.status == 0, "\(Self.describe(last))")
        #expect(last.standardOutput.hasPrefix("\(SampleTrips.names.last!) — "), "\(Self.describe(last))")
        let first = try Self.roadtrip(["show", "--json", "-\(SampleTrips.names.count)"], in: directory)
        #expect((try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])?["name"] as? String == SampleTrips.names.first)
        let zero = try Self.roadtrip(["show", "0"], in: directory)
        #expect(zero.status != 0)
        #expect(zero.standardError.contains("There is no trip 0: positions start at 1"), "\(Self.describe(zero))")
        let beyond = try Self.roadtrip(["show", "-9"], in: directory)
        #expect(beyond.status != 0)
        #expect(beyond.standardError.contains("positions go from 1 to 5, or from -1 back to -5"), "\(Self.describe(beyond))")
    }

    @Test("--version prints a version")
    func version() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.roadtrip(["--version"], in: directory)
        #expect(result.status == 0, "\(Self.describe(result))")
        let text = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.contains(/\d+\.\d+(\.\d+)?/), "\(Self.describe(result))")
        #expect(!FileManager.default.fileExists(atPath: directory.dataFile.path), "--version should not create the data file")
    }

    @Test("With standard input not a terminal, the planner refuses, says why, and creates no file")
    func noTerminal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.roadtrip([], in: directory)
        #expect(result.status != 0, "\(Self.describe(result))")
        #expect(result.standardError.contains("terminal"), "\(Self.describe(result))")
        #expect(!FileManager.default.fileExists(atPath: directory.dataFile.path), "the data file should not be created")
    }

    /// Writes `text` as the data file, runs `list`, and checks the error names the file and line
    /// `line`, and that the file is byte for byte as it was.
    static func checkCorruptFile(_ text: String, line: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Data(text.utf8)
        try bytes.write(to: directory.dataFile)

        for arguments in [["list"], ["list", "--json"]] {
            let result = try roadtrip(arguments, in: directory)
            let message = describe(result)
            #expect(result.status != 0, "\(message)", sourceLocation: sourceLocation)
            #expect(result.standardError.contains(directory.dataFile.path), "the error should name the file:\n\(message)", sourceLocation: sourceLocation)
            #expect(
                result.standardError.contains(try Regex("line \(line)\\b")), "the error should say line \(line):\n\(message)", sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, "nothing should go to stdout:\n\(message)", sourceLocation: sourceLocation)
        }
        #expect(try Data(contentsOf: directory.dataFile) == bytes, "the file must be left as it was", sourceLocation: sourceLocation)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "trips.json" }
        #expect(leftovers.isEmpty, "no other file should be left beside it: \(leftovers)", sourceLocation: sourceLocation)
    }

    @Test("A truncated data file: list fails naming the file and the line, and leaves it alone")
    func truncatedFile() throws {
        try Self.checkCorruptFile(#"{"version": 1, "trips": ["#, line: 1)
    }

    @Test("A syntax error inside the data file: list gives its line")
    func syntaxErrorInFile() throws {
        let text = """
            {
              "version": 1,
              "trips": [
                {
                  "id": "9C4C1F0E-3F0B-4C5A-9E53-2B8E0B6C8D11",
                  "name": "Broken",,
                  "waypoints": []
                }
              ]
            }

            """
        try Self.checkCorruptFile(text, line: 6)
    }

    @Test("A string where a latitude should be: list gives its line")
    func wrongTypeInFile() throws {
        let text = """
            {
              "version": 1,
              "trips": [
                { "id": "9C4C1F0E-3F0B-4C5A-9E53-2B8E0B6C8D11", "name": "Broken",
                  "waypoints": [
                    { "id": "0B7D3A52-57B5-4D4B-8D2E-6E1B8C9A7F30", "name": "Paris",
                      "location": { "latitude": "48.8566", "longitude": 2.3522 } } ] } ] }

            """
        try Self.checkCorruptFile(text, line: 7)
    }

    /// One trip of two stops, its settings `settings` and its second stop's fields `stopFields`
    /// (which may replace its id), on lines of their own.
    static func fileWith(settings: String = "{}", stopFields: String = #""id": "0B7D3A52-57B5-4D4B-8D2E-6E1B8C9A7F31""#) -> String {
        """
        {"version": 1, "trips": [{"id": "9C4C1F0E-3F0B-4C5A-9E53-2B8E0B6C8D11", "name": "Coast",
          "settings": \(settings),
          "waypoints": [{"id": "0B7D3A52-57B5-4D4B-8D2E-6E1B8C9A7F30", "name": "Monterey", "location": {"latitude": 36.6, "longitude": -121.9}},
            {"name": "Morro Bay", "location": {"latitude": 35.37, "longitude": -120.85},
             \(stopFields)}]}]}

        """
    }

    /// These made show and plan die with SIGILL ("Double value cannot be converted to Int").
    @Test(
        "A setting outside its range: show, plan and list name the field and its place, and leave the file alone",
        arguments: [
            (
                #"{"averageSpeedKmh": 1e-300}"#,
                "line 2, column 35, in trips[0].settings.averageSpeedKmh: averageSpeedKmh must be a speed in km/h from 5 to 200, found 1e-300"
            ),
            (#"{"roadFactor": 1e300}"#, "line 2, column 30, in trips[0].settings.roadFactor: roadFactor must be a number from 1 to 3, found 1e+300"),
            (
                #"{"dailyLimitHours": 1e300}"#,
                "line 2, column 35, in trips[0].settings.dailyLimitHours: dailyLimitHours must be a number of hours from 0.5 to 24, found 1e+300"
            ),
        ])
    func aSettingOutsideItsRange(settings: String, expected: String) throws {
        try Self.checkRefused(Self.fileWith(settings: settings), commands: [["show", "1"], ["plan", "1"], ["list"]], message: expected)
    }

    /// Each was located at line 1, column 1, named by another field, or explained in Foundation's words.
    @Test(
        "A number too close to 0, a bad stayNights, an id that is no UUID: the message says where and what",
        arguments: [
            (
                #""id": "0B7D3A52-57B5-4D4B-8D2E-6E1B8C9A7F31", "notes": "x", "later": [1e-400]"#,
                "line 5, column 76, in trips[0].waypoints[1].later[0]: the number 1e-400 is too close to 0 to be read (write 0 if that is what is meant)"
            ),
            (
                #""id": "0B7D3A52-57B5-4D4B-8D2E-6E1B8C9A7F31", "stayNights": 2.5"#,
                "line 5, column 66, in trips[0].waypoints[1].stayNights: stayNights must be a whole number of nights from 1 to 365, found 2.5"
            ),
            (
                #""id": "Morro Bay""#,
                "line 5, column 12, in trips[0].waypoints[1].id: id must be a UUID, 32 hexadecimal digits written 8-4-4-4-12 (8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01), found “Morro Bay”"
            ),
        ])
    func unreadableFieldsAreLocated(stopFields: String, expected: String) throws {
        try Self.checkRefused(Self.fileWith(stopFields: stopFields), commands: [["list"], ["show", "1"]], message: expected)
    }

    /// Runs each of `commands` on a data file of `text`: each must fail with `message` on standard
    /// error, print nothing, and leave the file's bytes as they were.
    static func checkRefused(_ text: String, commands: [[String]], message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Data(text.utf8)
        try bytes.write(to: directory.dataFile)
        for arguments in commands {
            let result = try roadtrip(arguments, in: directory)
            #expect(result.status == 1, "roadtrip \(arguments): \(describe(result))", sourceLocation: sourceLocation)
            #expect(
                result.standardError.contains("\(directory.dataFile.path) is not a roadtrip data file at \(message). The file was left as it is."),
                "roadtrip \(arguments): \(describe(result))", sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, "roadtrip \(arguments): \(describe(result))", sourceLocation: sourceLocation)
        }
        #expect(try Data(contentsOf: directory.dataFile) == bytes, "the file must be left as it was", sourceLocation: sourceLocation)
    }

    @Test("A corrupt data file: the planner refuses to start and leaves the file alone")
    func corruptFileInPlanner() async throws {
        let directory = try TemporaryDirectory()
        let bytes = Data(#"{"version": 1, "trips": ["#.utf8)
        try bytes.write(to: directory.dataFile)
        let session = try await TmuxSession(width: 200, directory: directory)
        defer { session.close() }

        let (status, screen) = try await session.waitForExit()
        #expect(status != 0, "\(session.framed(screen))")
        #expect(
            screen.contains(directory.dataFile.path) && screen.contains("line 1"), "the error should name the file and the line:\n\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen), "\(session.framed(screen))")
        #expect(try Data(contentsOf: directory.dataFile) == bytes)
    }

    @Test("TERM=dumb: a clear message and a non-zero exit")
    func dumbTerminal() async throws {
        let session = try await TmuxSession(width: 200, variables: ["TERM": "dumb"])
        defer { session.close() }

        let (status, screen) = try await session.waitForExit()
        #expect(status != 0, "\(session.framed(screen))")
        #expect(screen.contains("cannot move the cursor"), "\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen), "\(session.framed(screen))")
    }

    @Test("TERM=dumb: the refused start changes nothing (no data file is created)")
    func dumbTerminalCreatesNoFile() async throws {
        let session = try await TmuxSession(width: 200, variables: ["TERM": "dumb"])
        defer { session.close() }

        let (status, screen) = try await session.waitForExit()
        #expect(status != 0, "\(session.framed(screen))")
        #expect(!FileManager.default.fileExists(atPath: session.dataFile.path), "SPEC §5: errors change nothing, but \(session.dataFile.path) was created")
    }
}

extension CommandLineEndToEndTests {
    @Test("Issue 56, item 10: roadtrip --units mi new keeps miles with the trip, for every later command")
    func unitsGivenToNewAreTheTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try Self.roadtrip(["--units", "mi", "new", "Miles", "36.6002, -121.8947", "36.2704, -121.8081"], in: directory)
        #expect(made.status == 0, "\(Self.describe(made))")
        let trip = try #require(try Run.trips(at: directory.dataFile).first)
        #expect((trip["settings"] as? [String: Any])?["units"] as? String == "mi", "\(trip)")
        let shown = try Self.roadtrip(["show", "Miles"], in: directory)
        #expect(shown.standardOutput.contains(" mi "), "\(Self.describe(shown))")
    }
}
