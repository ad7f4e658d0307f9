import Foundation
import Testing
import RoadtripTestSupport
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

/// The terminal never broken, whatever the terminal does; hostile text drawn safely and kept.
@Suite("Reliability, end to end in tmux")
struct ReliabilityEndToEndTests {
    @Test("Down to 1×1, a storm of random resizes, then back: no crash, the screen is whole again")
    func resizeStorm() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.resize(width: 1, height: 1)
        try await session.resize(width: 10, height: 3)
        // Random-looking sizes from a fixed seed: the same storm every run.
        var generator = SeededRandom(seed: 7)
        for _ in 0..<300 {
            try await session.resize(width: Int.random(in: 1...160, using: &generator), height: Int.random(in: 1...50, using: &generator))
        }
        try await session.resize(width: 100, height: 30)
        try await TripListEndToEndTests.waitForSampleTrips(session)
        // The rows and the status bar may come in separate refreshes after the last resize
        // (under load they did): wait for the whole screen, not the first half of it.
        try await session.waitUntil("the status bar back at the bottom") { screen in
            screen.components(separatedBy: "\n").last?.contains("Enter Open") == true
        }
        try await TripListEndToEndTests.quitNormally(session)
    }

    /// The planner started from an interactive shell, so that it is a job the shell can stop and
    /// continue, on its trip list.
    static func plannerInAnInteractiveShell() async throws -> TmuxSession {
        let session = try await TmuxSession(interactiveShellWidth: 100, height: 30)
        try await session.waitFor("ready$")
        try await session.sendText(try session.commandLine())
        try await session.sendKeys("Enter")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        return session
    }

    @Test("Ctrl-Z suspends to the shell, fg resumes with a full redraw, and the program goes on")
    func suspendAndResume() async throws {
        let session = try await Self.plannerInAnInteractiveShell()
        defer { session.close() }
        try await session.sendKeys("C-z")
        try await session.waitUntil("the shell to say the job stopped") { $0.contains("Stopped") && !$0.contains("Enter Open") }
        try await session.sendText("fg")
        try await session.sendKeys("Enter")
        let redrawn = try await TripListEndToEndTests.waitForSampleTrips(session)
        #expect(!redrawn.contains("Stopped"), "the screen should be repainted whole:\n\(session.framed(redrawn))")
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await session.sendKeys("q")
        try await session.waitUntil("the shell prompt again") { $0.contains("ready$") && !$0.contains("Enter Open") }
        #expect(try Run.names(of: Run.trips(at: session.dataFile)).first == "New Trip")
    }

    @Test("kill -STOP, then fg: keys act at once again, unechoed, and the screen is whole (issue 21)")
    func stopSignalAndForeground() async throws {
        let session = try await Self.plannerInAnInteractiveShell()
        defer { session.close() }
        let program = try await session.programProcessID()
        #expect(kill(program, SIGSTOP) == 0)
        try await session.waitUntil("the shell to say the job stopped") { $0.contains("Stopped") }
        try await session.sendText("fg")
        try await session.sendKeys("Enter")
        // Before the fix the shell's line mode stayed: `a` echoed as text and waited for Enter.
        // The name prompt shows only when `a` came alone, a key at a time.
        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        try await session.sendKeys("Enter")
        let added = try await session.waitFor("6 trips")
        #expect(!added.contains("Stopped"), "the screen should be repainted whole:\n\(session.framed(added))")
        try await session.sendKeys("q")
        try await session.waitUntil("the shell prompt again") { $0.contains("ready$") && !$0.contains("Enter Open") }
        try await session.sendText("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo stty-done")
        try await session.sendKeys("Enter")
        let shell = try await session.waitUntil("stty's answer") { $0.contains("icanon echo stty-done") }
        #expect(shell.contains("icanon echo stty-done"))
        #expect(try Run.names(of: Run.trips(at: session.dataFile)).first == "New Trip")
    }

    static let hostileNames = [
        String(repeating: "Long", count: 1_250) + String(repeating: "東", count: 5_000),
        "Bell \u{7} and \u{1B}[2J clear \u{1B}]0;title\u{7} escape",
        "שלום עולם — right to left",
        "\u{202E}reversed by an override",
        "e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301} stacked marks",
        "👨‍👩‍👧‍👦 family, 👍🏽 thumbs, 🇫🇷 flag",
    ]

    /// A data file whose trips carry the hostile names.
    static func writeHostileFile(to url: URL) throws {
        let trips = hostileNames.enumerated().map { index, name -> [String: Any] in
            [
                "id": UUID().uuidString, "name": name,
                "waypoints": [
                    ["id": UUID().uuidString, "name": name, "location": ["latitude": 10.0 + Double(index), "longitude": 20.0]],
                    ["id": UUID().uuidString, "name": "Plain", "location": ["latitude": 11.0 + Double(index), "longitude": 21.0]],
                ],
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "trips": trips])
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    @Test("Hostile names are drawn within their columns, never reach the terminal raw, and are saved unchanged")
    func hostileText() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeHostileFile(to: directory.dataFile)
        let session = try await TmuxSession(directory: directory)
        defer { session.close() }
        let screen = try await session.waitUntil("the six hostile trips") { $0.contains("6 trips") && $0.contains("Enter Open") }
        let lines = screen.components(separatedBy: "\n")
        #expect(lines.count == session.height)
        #expect(lines.last?.contains("Enter Open") == true)
        #expect(!screen.contains("\u{7}") && !screen.contains("\u{1B}"))
        let raw = try await session.captureWithAttributes()
        #expect(!raw.contains("\u{1B}[2J") && !raw.contains("\u{1B}]0;"))
        #expect(screen.contains("שלום"))
        // Through every hostile trip's screen and back.
        for _ in Self.hostileNames {
            try await session.sendKeys("Enter")
            try await session.waitFor("Total distance:")
            try await session.sendKeys("Escape")
            try await session.waitFor("Enter Open")
            try await session.sendKeys("j")
        }
        // A change elsewhere makes it save: every hostile name comes back exactly.
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("7 trips")
        try await TripListEndToEndTests.quitNormally(session)
        let names = try Run.names(of: Run.trips(at: session.dataFile))
        #expect(names == ["New Trip"] + Self.hostileNames)
    }
}

/// Issue 21: a crash between a change and its autosave lost the change. The journal keeps it, and
/// the next planner offers it back.
@Suite("Journal of unsaved changes, end to end")
struct JournalEndToEndTests {
    /// A planner adds a trip and is killed (SIGKILL: nothing caught, as in a crash) once the
    /// journal has the change; its autosave is held at the gate, so only the journal can have it.
    static func addATripThenKill(in directory: TemporaryDirectory) async throws {
        let session = try await TmuxSession(directory: directory, hold: ["autosave"])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await session.waitUntilEnded("journal")
        #expect(FileManager.default.fileExists(atPath: directory.dataFile.path + ".journal"))
        #expect(kill(try await session.programProcessID(), SIGKILL) == 0)
        _ = try await session.waitForExit()
    }

    @Test("A planner killed before its autosave leaves a journal; the next one restores it with y")
    func killedBeforeTheAutosave() async throws {
        let directory = try TemporaryDirectory()
        let journal = directory.dataFile.path + ".journal"
        try await Self.addATripThenKill(in: directory)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == SampleTrips.names)

        let again = try await TmuxSession(directory: directory)
        defer { again.close() }
        try await again.waitFor("without saving its last changes. Restore them?")
        try await again.sendKeys("y")
        try await again.waitFor("The unsaved changes are back")
        try await again.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(again)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["New Trip"] + SampleTrips.names)
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    @Test("n keeps the journal's trips aside in a recovery copy, and a normal quit leaves no journal")
    func declinedJournalIsKeptAside() async throws {
        let directory = try TemporaryDirectory()
        let journal = directory.dataFile.path + ".journal"
        try await Self.addATripThenKill(in: directory)
        let again = try await TmuxSession(directory: directory)
        defer { again.close() }
        try await again.waitFor("Restore them?")
        try await again.sendKeys("n")
        try await again.waitFor("The unsaved changes were kept in")
        try await TripListEndToEndTests.quitNormally(again)
        let copies = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("trips.json.recovered-") }
        #expect(copies.count == 1)
        #expect(Run.names(of: try Run.trips(at: directory.url.appendingPathComponent(copies[0]))) == ["New Trip"] + SampleTrips.names)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == SampleTrips.names)
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    /// The text of the dialog over the screen, its lines joined by spaces (the question is
    /// wrapped to the box's width, which depends on the date in it).
    static func dialogText(_ screen: String) -> String {
        screen.components(separatedBy: "\n").compactMap { line -> String? in
            guard let left = line.firstIndex(of: "│"), let right = line.lastIndex(of: "│"), left < right else { return nil }
            let inside = line[line.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
            return inside.isEmpty ? nil : inside
        }.joined(separator: " ")
    }

    /// A planner renames the first trip and is killed once the journal has it (the autosave held).
    static func renameThenKill(in directory: TemporaryDirectory, to name: String) async throws {
        let session = try await TmuxSession(directory: directory, hold: ["autosave"])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("r") // the name starts selected: what is typed replaces it
        try await session.sendText(name)
        try await session.sendKeys("Enter")
        try await session.waitUntil("the first trip renamed") { TripListEndToEndTests.listRows($0).first?.contains(name) == true }
        try await session.waitUntilEnded("journal")
        #expect(kill(try await session.programProcessID(), SIGKILL) == 0)
        _ = try await session.waitForExit()
    }

    /// Issue 34, item 2: restoring the journal went back to its snapshot, undoing what commands
    /// changed after the crash; the commands never said a journal was pending.
    @Test("Commands after a crash say a journal is pending, and the restore keeps their changes")
    func commandsAfterACrashAreKeptByTheRestore() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let journal = directory.dataFile.path + ".journal"
        try await Self.renameThenKill(in: directory, to: "Planner Edit")
        for command in [["rename", "3", "CLIEdit"], ["add-stop", "2", "Joplin, MO", "--after", "3"], ["delete", "5", "--yes"]] {
            let result = try CommandLineEndToEndTests.roadtrip(command, in: directory)
            let described = CommandLineEndToEndTests.describe(result)
            #expect(result.status == 0, "\(described)")
            #expect(
                result.standardError.contains("ended on") && result.standardError.contains("without saving its last changes; they wait in \(journal)."),
                "\(described)")
            #expect(result.standardError.contains("the next planner will offer those changes back on top of it"), "\(described)")
        }
        let route66 = { () throws -> [String] in Run.names(of: try Run.trips(at: directory.dataFile)[1]["waypoints"] as? [[String: Any]] ?? []) }
        let joplin = try route66()[3]

        let again = try await TmuxSession(directory: directory)
        defer { again.close() }
        let screen = try await again.waitUntil("the question") { Self.dialogText($0).contains("Restore") }
        let question = Self.dialogText(screen)
        #expect(
            question.contains("and the file has been changed since by something else. Restore only those changes, onto the file as it is now?"),
            "\(again.framed(screen))")
        #expect(question.contains("Renames “Pacific Coast Drive” to “Planner Edit”."), "\(again.framed(screen))")
        try await again.sendKeys("y")
        try await again.waitFor("The unsaved changes are back")
        try await TripListEndToEndTests.quitNormally(again)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["Planner Edit", "Route 66", "CLIEdit", "Romantic Road"])
        #expect(try route66()[3] == joplin && joplin.contains("Joplin"))
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    /// Issue 34, item 17: a journal of a newer roadtrip was offered, restored, and its trips saved
    /// as version 1. It is now left as it is, as a newer data file is, by the planner and the commands.
    @Test("A journal from a newer roadtrip is never offered, restored, removed or written over")
    func aNewerJournalIsLeftAlone() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let journal = directory.dataFile.path + ".journal"
        let future = #"{"trips":[{"id":"6B1A1F3E-6D3C-4F0A-9F7E-0A1B2C3D4E5F","name":"From the future","waypoints":[]}],"version":2}"#
        try Data(future.utf8).write(to: URL(fileURLWithPath: journal))

        let session = try await TmuxSession(width: 200, directory: directory)
        defer { session.close() }
        let screen = try await session.waitUntil("the journal either offered or left alone") { $0.contains("Journal left as it is") || $0.contains("Restore") }
        #expect(!screen.contains("Restore"), "\(session.framed(screen))")
        #expect(screen.contains("was written by a newer roadtrip (its trips are file version 2"), "\(session.framed(screen))")
        try await session.sendKeys("a", "Enter")
        try await session.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == future)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["New Trip"] + SampleTrips.names)
        #expect(try Run.jsonObject(at: directory.dataFile)["version"] as? Int == 1)

        let command = try CommandLineEndToEndTests.roadtrip(["rename", "1", "Renamed"], in: directory)
        #expect(
            command.status == 0 && command.standardError.contains("\(journal) was written by a newer roadtrip"), "\(CommandLineEndToEndTests.describe(command))"
        )
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == future)
    }

    /// A second planner takes the journal over from one that was killed (issue 55: one planner at
    /// a time keeps it): it offers the dead one's changes, as a planner starting would.
    @Test("A planner that takes the journal over from one killed offers that one's journal")
    func takingOverOffersTheJournalOfTheOneKilled() async throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        let first = try await TmuxSession(directory: directory, hold: ["autosave"])
        defer { first.close() }
        try await TripListEndToEndTests.waitForSampleTrips(first)
        let second = try await TmuxSession(directory: directory)
        defer { second.close() }
        try await TripListEndToEndTests.waitForSampleTrips(second)
        try await first.sendKeys("a", "Enter")
        try await first.waitFor("6 trips")
        try await first.waitUntilEnded("journal")
        #expect(kill(try await first.programProcessID(), SIGKILL) == 0)
        _ = try await first.waitForExit()

        let question = try await second.waitUntil("the question") { Self.dialogText($0).contains("Restore them?") }
        #expect(Self.dialogText(question).contains("Adds “New Trip”."), "\(second.framed(question))")
        try await second.sendKeys("y")
        try await second.waitFor("6 trips")
        try await TripListEndToEndTests.quitNormally(second)
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["New Trip"] + SampleTrips.names)
    }
}
