import ChildProcesses
import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the commands print (issue 9): output that cannot be written is an error; names never
/// bring escape sequences or other controls to the terminal; one long name does not widen the
/// whole `list`; under LANG=C everything is ASCII, in the planner too.
@Suite("Command output, end to end")
struct OutputEndToEndTests {
    /// Where the program's standard output goes.
    enum StandardOutput {
        case file(String)
        case closed
        /// A pipe whose reading end is already closed: every write fails with EPIPE (or SIGPIPE).
        case brokenPipe
    }

    /// Runs `roadtrip arguments…` on `directory`'s data file with standard output as `output`
    /// and standard error into a file; returns the exit status (128 + signal when killed) and
    /// what went to standard error. With `guardingAgainstHang`, a program still running after
    /// `HangGuard.limit` is taken for hung: it is killed and the test fails.
    static func roadtrip(
        _ arguments: [String], in directory: TemporaryDirectory, output: StandardOutput,
        variables: [String: String] = [:], guardingAgainstHang: Bool = false
    ) throws -> (status: Int32, standardError: String) {
        let errorFile = directory.url.appendingPathComponent("stderr.txt")
        var pipeEnds: [Int32] = [-1, -1]
        let standardOutput: ChildProcess.Stream
        switch output {
        case .file(let path):
            standardOutput = .file(path)
        case .closed:
            standardOutput = .closed
        case .brokenPipe:
            guard Run.makePipe(&pipeEnds) else { throw EndToEndFailure("socketpair: \(String(cString: strerror(errno)))") }
            close(pipeEnds[0])
            standardOutput = .descriptor(pipeEnds[1])
        }
        defer { if pipeEnds[1] >= 0 { close(pipeEnds[1]) } }
        let defaults = ["ROADTRIP_FILE": directory.dataFile.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
        let environment = Run.environment(defaults.merging(variables) { _, new in new })
        let child = try Run.startChild(try RoadtripBinary.path(), arguments, environment: environment, output: standardOutput, error: .file(errorFile.path))
        let ended: ChildProcess.Termination
        if guardingAgainstHang {
            guard let end = child.wait(until: .now() + .seconds(Int(HangGuard.limit.components.seconds))) else {
                child.signal(SIGKILL)
                _ = child.wait()
                throw EndToEndFailure(
                    "Hang: roadtrip \(arguments.joined(separator: " ").prefix(200)) was still running after \(HangGuard.limit), the harness's guard against a hang (ROADTRIP_E2E_HANG_SECONDS), and was killed."
                )
            }
            ended = end
        } else {
            ended = child.wait()
        }
        return (ended.shellStatus, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// Every command that prints, text and JSON.
    static let printingCommands: [[String]] = [
        ["list"], ["list", "--json"], ["show", "1"], ["show", "1", "--json"],
        ["search", "Paris"], ["search", "Paris", "--json"], ["map", "1"], ["map", "1", "--ascii"],
    ]

    @Test("Output to a full disk: every command fails and says why")
    func fullDisk() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for arguments in Self.printingCommands {
            let result = try Self.roadtrip(arguments, in: directory, output: .file("/dev/full"))
            #expect(result.status == 1, "roadtrip \(arguments.joined(separator: " ")) > /dev/full: \(result)")
            #expect(
                result.standardError.contains("cannot write the output: No space left on device."),
                "roadtrip \(arguments.joined(separator: " ")) > /dev/full: \(result)")
        }
    }

    @Test("Output to a closed standard output: every command fails, and no file receives the output")
    func closedOutput() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for arguments in Self.printingCommands {
            let result = try Self.roadtrip(arguments, in: directory, output: .closed)
            #expect(result.status == 1, "roadtrip \(arguments.joined(separator: " ")) >&-: \(result)")
            #expect(
                result.standardError.contains("cannot write the output: standard output is closed."),
                "roadtrip \(arguments.joined(separator: " ")) >&-: \(result)")
        }
        // The data file (opened while standard output was closed) holds the trips, nothing else.
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == SampleTrips.names)
        let made = try Self.roadtrip(["new", "Closed", "36.6, -121.9"], in: directory, output: .closed)
        #expect(made.status == 1, "\(made)")
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["Closed"] + SampleTrips.names)
    }

    @Test("new with a full disk for its output: the trip is made, and the message says so")
    func newWithFullOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.roadtrip(["new", "Coast", "36.6, -121.9"], in: directory, output: .file("/dev/full"))
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("Created “Coast”, but cannot write the output: No space left on device."), "\(result)")
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)).first == "Coast")
    }

    @Test("A reader that goes away (| head): the program ends quietly, as if by SIGPIPE")
    func brokenPipe() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for arguments in [["list"], ["show", "1", "--json"]] {
            let result = try Self.roadtrip(arguments, in: directory, output: .brokenPipe)
            #expect(result.status == 128 + SIGPIPE, "\(result)")
            #expect(result.standardError.isEmpty, "\(result)")
        }
    }

    // MARK: Names with controls

    /// Escape sequences (clear screen, set the title), BEL, a C1 CSI, NEL, CR, DEL and a bidi override.
    static let hostileName = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{85}\rTrip\u{7F}\u{202E}"
    static let hostileStop = "Stop\u{1B}[31m\u{9B}\u{07}"

    /// A data file with one trip named `name`, its stops `stops`.
    static func writeDataFile(in directory: TemporaryDirectory, name: String, stops: [String]) throws {
        let waypoints: [[String: Any]] = stops.enumerated().map { index, stop in
            ["id": UUID().uuidString, "name": stop, "location": ["latitude": 36.6 - Double(index) * 0.3, "longitude": -121.9 + Double(index) * 0.2]]
        }
        let file: [String: Any] = ["version": 1, "trips": [["id": UUID().uuidString, "name": name, "waypoints": waypoints]]]
        try JSONSerialization.data(withJSONObject: file).write(to: directory.dataFile)
    }

    /// The characters of `text` that a terminal acts on instead of showing.
    static func terminalControls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format
        }
    }

    @Test("Names with escape sequences and other controls are printed as the screen shows them; JSON keeps them exact")
    func controlsInNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeDataFile(in: directory, name: Self.hostileName, stops: [Self.hostileStop, "Big Sur"])
        for locale in ["C.UTF-8", "C"] {
            for arguments in [
                ["list"], ["show", "1"], ["map", "1", "--width", "40", "--height", "10"], ["new", "--force", "X\u{1B}]0;t\u{07}", "36.6, -121.9"],
            ] {
                let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: ["LANG": locale])
                #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
                #expect(
                    Self.terminalControls(in: result.standardOutput).isEmpty,
                    "LANG=\(locale) roadtrip \(arguments.first!): \(result.standardOutput.debugDescription)")
            }
        }
        let show = try CommandLineEndToEndTests.roadtrip(["show", "-1"], in: directory)
        #expect(
            show.standardOutput.hasPrefix("Evil\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}\u{FFFD}31m\u{FFFD}\u{FFFD}Trip\u{FFFD} — 2 stops\n"),
            "\(show.standardOutput.debugDescription)")
        // An error that quotes what the user typed.
        let missing = try CommandLineEndToEndTests.roadtrip(["show", "No\u{1B}]0;owned\u{07}such"], in: directory)
        #expect(missing.status != 0)
        #expect(
            missing.standardError.contains("No trip matches") && Self.terminalControls(in: missing.standardError).isEmpty,
            "\(missing.standardError.debugDescription)")

        for arguments in [["list", "--json"], ["show", "-1", "--json"]] {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
            #expect(Self.terminalControls(in: result.standardOutput).isEmpty, "\(result.standardOutput.debugDescription)")
            let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            let names = (json as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? [(json as? [String: Any])?["name"] as? String ?? ""]
            #expect(names.contains(Self.hostileName), "\(result.standardOutput.debugDescription)")
        }
        let shown = try CommandLineEndToEndTests.roadtrip(["show", Self.hostileName, "--json"], in: directory)
        let stops = try #require((try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])?["waypoints"] as? [[String: Any]])
        #expect(stops.first?["name"] as? String == Self.hostileStop)
    }

    @Test("A trip with a 1 MB name: list stays narrow, show and --json give the name in full")
    func megabyteName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "Long name ", count: 100_000)
        try Self.writeDataFile(in: directory, name: name, stops: ["Monterey", "Big Sur"])
        _ = try CommandLineEndToEndTests.roadtrip(["new", "Short", "36.6, -121.9"], in: directory)
        let list = try CommandLineEndToEndTests.roadtrip(["list"], in: directory)
        #expect(list.status == 0)
        // Each expectation tests a Bool worked out before: a failure would otherwise print the megabyte.
        let lines = list.standardOutput.split(separator: "\n")
        let rowCount = lines.count
        #expect(rowCount == 2, "\(lines.map { $0.prefix(120) })")
        let narrow = lines.allSatisfy { $0.utf8.count < 200 }
        #expect(narrow, "line lengths \(lines.map(\.utf8.count))")
        let clipped = lines.count == 2 && lines[1].contains("Long name Long name Long name Long name\u{2026}")
        #expect(clipped, "\(lines.map { $0.prefix(120) })")
        let show = try CommandLineEndToEndTests.roadtrip(["show", "2"], in: directory)
        let inFull = show.standardOutput.hasPrefix(name + " — 2 stops\n")
        #expect(inFull, "\(show.standardOutput.prefix(120))")
        let json = try CommandLineEndToEndTests.roadtrip(["list", "--json"], in: directory)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let names = entries.map { $0["name"] as? String }
        let exact = names == ["Short", name]
        #expect(exact, "\(names.map { $0?.prefix(40) })")
    }

    /// Text handling was quadratic in a name's length: a 1 MB name took 16 s in show (release
    /// build), so 8 MB would take about 17 minutes there and longer in this debug build: such a
    /// program is taken for hung. Linear, each command takes a few seconds here; how long exactly
    /// is measured by `make bench` (Scripts/bench-tui.py), not here.
    @Test("A trip with an 8 MB name: show, plan and export finish, and export's message quotes the name clipped")
    func eightMegabyteName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "Long name ", count: 800_000)
        try Self.writeDataFile(in: directory, name: name, stops: ["Monterey", "Big Sur"])
        let before = try Data(contentsOf: directory.dataFile)
        let output = directory.url.appendingPathComponent("output.txt")
        let exported = directory.url.appendingPathComponent("trip.gpx")
        for arguments in [["show", "1"], ["plan", "1"], ["export", "1", "-o", exported.path]] {
            try Data().write(to: output)
            let result = try Self.roadtrip(arguments, in: directory, output: .file(output.path), guardingAgainstHang: true)
            #expect(result.status == 0, "roadtrip \(arguments): \(result.standardError.prefix(300))")
            let printed = try Data(contentsOf: output)
            // Bools worked out before each expectation: a failure would otherwise print megabytes.
            let hasName = arguments[0] == "export" || String(decoding: printed.prefix(name.utf8.count), as: UTF8.self) == name
            #expect(hasName, "roadtrip \(arguments): \(String(decoding: printed.prefix(120), as: UTF8.self))")
            if arguments[0] == "export" {
                let message = result.standardError
                let clipped = message.hasPrefix("Wrote “Long name Long name Long name Long name…” (2 stops) to ") && message.utf8.count < 400
                #expect(clipped, "\(message.prefix(300))")
            }
        }
        let unchanged = try Data(contentsOf: directory.dataFile) == before
        #expect(unchanged)
    }

    // MARK: LANG=C

    /// Whether every byte is ASCII.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    @Test("LANG=C: every command prints ASCII only, with ASCII forms of the program's glyphs")
    func asciiLocale() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        func run(_ arguments: [String]) throws -> ProcessResult {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: ["LANG": "C"])
            #expect(Self.isASCII(result.standardOutput), "roadtrip \(arguments.joined(separator: " ")):\n\(result.standardOutput)")
            #expect(Self.isASCII(result.standardError), "roadtrip \(arguments.joined(separator: " ")):\n\(result.standardError)")
            return result
        }
        let list = try run(["list"])
        #expect(list.standardOutput.contains("Monterey -> Morro Bay"), "\(list.standardOutput)")
        #expect(list.standardOutput.contains("Wurzburg -> Fussen"), "\(list.standardOutput)")
        let show = try run(["show", "1"])
        #expect(show.standardOutput.hasPrefix("Pacific Coast Drive -- 7 stops\n"), "\(show.standardOutput)")
        // The legs' times as shown add up to 2 h 41 min (5 + 19 + 13 + 84 + 12 + 28 min; their seconds make 2 h 42 min).
        #expect(show.standardOutput.contains("Total distance: ~ 216 km by road - ~ 2 h 41 min driving (x1.25 at 80 km/h)"), "\(show.standardOutput)")
        #expect(show.standardOutput.contains("36.6002d N, 121.8947d W"), "\(show.standardOutput)")
        // What is printed can be typed back: "d" reads as a degree mark, as does "deg".
        for typed in ["36.6002d N, 121.8947d W", "36d36'1\"N 121d53'41\"W", "36.6002 deg N, 121.8947 deg W"] {
            let found = try run(["search", typed, "--limit", "1"])
            #expect(found.status == 0 && found.standardOutput.hasPrefix("Monterey"), "\(typed): \(found.standardError)")
        }
        let search = try run(["search", "zurich", "--limit", "2"])
        #expect(search.standardOutput.hasPrefix("Zurich"), "\(search.standardOutput)")
        let made = try run(["new", "Coast", "Monterey, CA", "35.3658, -120.8499"])
        #expect(made.standardOutput.hasPrefix("Created \"Coast\": Monterey -> near Morro Bay, CA"), "\(made.standardOutput)")
        let missing = try run(["show", "Nowhere"])
        #expect(missing.standardError.contains("No trip matches \"Nowhere\""), "\(missing.standardError)")
        let map = try run(["map", "2"])
        #expect(map.status == 0 && map.standardOutput.split(separator: "\n").count == 24, "\(map.standardOutput)")
        // JSON is UTF-8 whatever the locale: the names stay exact.
        _ = try run(["new", "Zürich → Füssen", "47.37, 8.54"])
        let json = try CommandLineEndToEndTests.roadtrip(["list", "--json"], in: directory, variables: ["LANG": "C"])
        #expect(json.standardOutput.contains("\"Zürich → Füssen\""), "\(json.standardOutput)")
    }

    @Test("LANG=C in the planner: the program's glyphs are drawn in ASCII, never as ?")
    func asciiLocaleInThePlanner() async throws {
        // Wide enough for the coordinates beside the map (they give way first: issue 56).
        let session = try await TmuxSession(width: 160, height: 30, variables: ["LANG": "C"])
        defer { session.close() }
        let list = try await session.waitFor("Monterey -> Morro Bay")
        let row = try #require(TripListEndToEndTests.listRows(list).first { $0.contains("Iceland Ring Road") })
        #expect(row.contains("Reykjavik -> Reykjavik") && !row.contains("?"), "\(session.framed(list))")
        try await session.sendKeys("Enter")
        let detail = try await session.waitFor("~ 216 km by road - ~ 2 h 41 min driving (x1.25 at 80 km/h)")
        #expect(detail.contains("36.6002d N, 121.8947d W"), "\(session.framed(detail))")
        #expect(!detail.contains("?") || detail.components(separatedBy: "?").count == 2, "only the ? of the help key: \(session.framed(detail))")
    }
}
