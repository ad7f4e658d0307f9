import Foundation
import Testing
import RoadtripTestSupport

/// The command line on a data file that does not exist yet (issue 25, item 6): it adds no sample
/// trips, writes nothing until a command saves a change, and says once how to get the samples.
/// The planner's first start still shows them (TripListEndToEndTests).
@Suite("Command line on a missing data file, end to end")
struct MissingDataFileEndToEndTests {
    @Test("list: no trips, no file written, one note on standard error with the command that adds the samples")
    func listWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for arguments in [["list"], ["list", "--json"]] {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
            #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
            #expect(
                result.standardOutput == (arguments.count == 1 ? "" : "[\n\n]\n") || result.standardOutput == "[]\n",
                "\(CommandLineEndToEndTests.describe(result))")
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(CommandLineEndToEndTests.describe(result))")
            #expect(
                result.standardError.contains("there is no data file at \(directory.dataFile.path) yet, so no trips"),
                "\(CommandLineEndToEndTests.describe(result))")
            #expect(result.standardError.contains("To add them: roadtrip import "), "\(CommandLineEndToEndTests.describe(result))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "list must write nothing")
    }

    @Test("The command the note gives adds the sample trips")
    func theNoteIsTrue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let note = try CommandLineEndToEndTests.roadtrip(["show", "1"], in: directory)
        #expect(note.status == 1)
        let afterNote: String? = note.standardError.components(separatedBy: "To add them: ").last
        let command: String = try #require(afterNote?.split(separator: "\n").first.map { String($0) })
        let binary: String = URL(fileURLWithPath: try RoadtripBinary.path()).deletingLastPathComponent().path
        let path: String = binary + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let environment = Run.environment(["ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8", "PATH": path])
        let result = try Run.process("/bin/sh", ["-c", command], environment: environment)
        #expect(result.status == 0, "\(command)\n\(CommandLineEndToEndTests.describe(result))")
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == SampleTrips.names)
    }

    @Test("new on a missing file creates it with just the new trip")
    func newCreatesOnlyItsTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["new", "Coast", "Monterey, CA", "Big Sur"], in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        // Issue 56, item 12: not how to add the samples, but that the file was made.
        #expect(result.standardError == "roadtrip: created the data file \(directory.dataFile.path).\n", "\(CommandLineEndToEndTests.describe(result))")
        #expect(Run.names(of: try Run.trips(at: directory.dataFile)) == ["Coast"])
        // The file exists now: no note.
        let list = try CommandLineEndToEndTests.roadtrip(["list"], in: directory)
        #expect(list.standardError.isEmpty, "\(CommandLineEndToEndTests.describe(list))")
    }

    @Test("A change to a trip of a missing file fails without creating it")
    func aFailedChangeCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandLineEndToEndTests.roadtrip(["rename", "1", "X"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.contains("there are no trips"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(!FileManager.default.fileExists(atPath: directory.dataFile.path))
    }
}
