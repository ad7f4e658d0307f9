import Foundation
import Testing
import RoadtripTestSupport

/// Every example a user is shown runs as printed: the `roadtrip …` lines under "Examples:" in
/// each command's help (read from the binary's own description of its commands), and the
/// `roadtrip …` lines of the code blocks of README.md and of every page in docs/ (the user guide
/// and the pages the README sends a reader to). Each runs in bash (`pipefail`, so a failing
/// `roadtrip` before `| jq` fails the line) on a data file holding the sample trips, in a
/// temporary folder that is also `$HOME` and the current folder, and must exit 0.
@Suite("Examples in the help, the README and docs/ run as printed, end to end")
struct ExamplesEndToEndTests {
    /// Examples that cannot run here, each with why. Keep this short.
    static let skipped: [String: String] = [
        // Needs a terminal: the planner refuses without one (its start is tested in tmux).
        "roadtrip": "the full-screen planner needs a terminal",
        // Need an OpenStreetMap extract and a region added from it (RegionsEndToEndTests adds a
        // small one and runs these commands on it).
        "roadtrip region add ~/Downloads/scotland-latest.osm.pbf": "needs the Scotland extract",
        "roadtrip region remove scotland": "needs the region added",
        "roadtrip search Durness": "Durness is a village of the Scotland region, not of the built-in places",
        // Reach download.geofabrik.de, and no test leaves the machine: RegionDownloadEndToEndTests
        // runs these commands on a catalogue and an extract it serves on 127.0.0.1.
        "roadtrip region catalogue scot": "reaches download.geofabrik.de",
        "roadtrip region download scotland": "reaches download.geofabrik.de",
        "roadtrip region catalogue scotland": "reaches download.geofabrik.de",
        "roadtrip region catalogue --refresh": "reaches download.geofabrik.de",
        "roadtrip region download liechtenstein": "reaches download.geofabrik.de",
        "roadtrip region download europe/andorra monaco --yes": "reaches download.geofabrik.de",
        // fish syntax (`| source`), not bash's.
        "roadtrip --generate-completion-script fish | source": "a fish command line",
    ]

    /// The examples of every command's help, from `--experimental-dump-help` (the configuration
    /// strings of the commands, subcommands of subcommands included).
    static func helpExamples(in directory: TemporaryDirectory) throws -> [String] {
        func examples(of command: [String: Any]) -> [String] {
            let discussion = command["discussion"] as? String ?? ""
            let own = discussion.components(separatedBy: "Examples:").dropFirst().flatMap { part in
                part.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("roadtrip") }
            }
            return own + (command["subcommands"] as? [[String: Any]] ?? []).flatMap(examples(of:))
        }
        return examples(of: try CommandLineHelpEndToEndTests.dumpedHelp(in: directory))
    }

    /// README.md and the pages of docs/, as paths in the package's folder: the documents a user
    /// reads, whose examples must run.
    static func documents() throws -> [URL] {
        let package = SampleTrips.file.deletingLastPathComponent().deletingLastPathComponent()
        let docs = package.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [package.appendingPathComponent("README.md")] + pages
    }

    /// The `roadtrip …` command lines of the code blocks of README.md and docs/, without their
    /// comments. A line with a placeholder in capitals (TRIP, FILE, QUERY) or an option in
    /// brackets is a synopsis, not a command.
    static func documentedExamples() throws -> [String] {
        try documents().flatMap { try examples(in: String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The `roadtrip …` command lines of the code blocks of one document.
    static func examples(in document: String) -> [String] {
        var inBlock = false
        var lines: [String] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            let command = line.components(separatedBy: "  #").first!.trimmingCharacters(in: .whitespaces)
            guard command == "roadtrip" || command.hasPrefix("roadtrip ") else { continue }
            guard !isSynopsis(command) else { continue }
            lines.append(command)
        }
        return lines
    }

    /// Quoted words are values ("Joplin, MO"), never placeholders.
    static func isSynopsis(_ line: String) -> Bool {
        let unquoted = line.replacing(/"[^"]*"|'[^']*'/, with: "")
        return unquoted.contains("…") || unquoted.contains(/\[-|\[[A-Z]|\b[A-Z]{2,}\b/)
    }

    /// Runs `line` in bash with `roadtrip` on the PATH, in `directory` (also `$HOME`), on its
    /// data file; the files the examples read are there: ~/Downloads/coast.gpx, route.geojson.
    static func run(_ line: String, in directory: TemporaryDirectory) throws -> ProcessResult {
        let binary = URL(fileURLWithPath: try RoadtripBinary.path())
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory.url.appendingPathComponent("Downloads"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: directory.url.appendingPathComponent(".zfunc"), withIntermediateDirectories: true)
        let setUp = "roadtrip export 1 -o ~/Downloads/coast.gpx >/dev/null && roadtrip export 2 --format geojson -o route.geojson >/dev/null"
        let environment = Run.environment([
            "ROADTRIP_FILE": directory.dataFile.path, "HOME": directory.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "PATH": binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ])
        try directory.writeSampleTrips()
        let script = "cd \(Run.shellQuoted(directory.path)) && \(setUp) && \(line)"
        return try Run.process("/bin/bash", ["-o", "pipefail", "-c", script], environment: environment)
    }

    @Test("Every example in every command's help runs on the sample trips")
    func helpExamplesRun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let examples = try Self.helpExamples(in: directory)
        #expect(examples.count >= 30, "\(examples)")
        for example in examples {
            // --help wraps at 80 columns (without a terminal): a longer example would be printed
            // broken over two lines, and could not be copied as it is.
            #expect(example.count + 2 <= 80, "too long for the help's 80 columns: \(example)")
        }
        for example in examples where Self.skipped[example] == nil {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let result = try Self.run(example, in: folder)
            #expect(result.status == 0, "\(example)\n\(CommandLineEndToEndTests.describe(result))")
        }
    }

    @Test("Every roadtrip command line in README.md and docs/ runs on the sample trips")
    func documentedExamplesRun() throws {
        let examples = try Self.documentedExamples()
        #expect(examples.count >= 30, "\(examples)")
        for example in examples where Self.skipped[example] == nil {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let result = try Self.run(example, in: folder)
            #expect(result.status == 0, "\(example)\n\(CommandLineEndToEndTests.describe(result))")
        }
    }

    @Test("The documents' synopsis lines are told from commands")
    func synopsisLines() {
        #expect(Self.isSynopsis("roadtrip show TRIP --json"))
        #expect(Self.isSynopsis("roadtrip map TRIP [--width W --height H] [--ascii]"))
        #expect(!Self.isSynopsis("roadtrip set \"Pacific Coast Drive\" speed 90"))
        #expect(!Self.isSynopsis("roadtrip add-stop \"Route 66\" \"Joplin, MO\" --after 3"))
        #expect(!Self.isSynopsis("roadtrip show -1 --json | jq '.legs[] | {from, to, distanceMeters}'"))
    }
}
