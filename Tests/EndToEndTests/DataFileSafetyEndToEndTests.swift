import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the real binary does with data files that are odd from the outside: another owner,
/// read-only, hard-linked, a pipe or a device, a looping link, an unusable data folder, fields
/// it does not know, and JSON it must refuse with a place rather than guess at.
@Suite("Data file safety, end to end")
struct DataFileSafetyEndToEndTests {
    private func roadtrip(_ arguments: [String], file: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        var variables = ["ROADTRIP_FILE": file.path, "LANG": "C.UTF-8"]
        variables.merge(environment) { _, new in new }
        return try Run.process(try RoadtripBinary.path(), arguments, environment: Run.environment(variables))
    }

    /// A data file with the sample trips (the command line never adds them itself).
    private func sampleFile(in directory: TemporaryDirectory) throws -> URL {
        try directory.writeSampleTrips()
        return directory.dataFile
    }

    private func status(_ url: URL) -> stat {
        var status = stat()
        stat(url.path, &status)
        return status
    }

    @Test("A save by root keeps the file's owner and group", .enabled(if: Privileges.isRoot, "needs root, to give the file to another user"))
    func ownerAndGroupAreKept() throws {
        let directory = try TemporaryDirectory()
        let url = try sampleFile(in: directory)
        #expect(chown(url.path, 65534, 65534) == 0)
        let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(status(url).st_uid == 65534 && status(url).st_gid == 65534)
        #expect(try Run.names(of: Run.trips(at: url)).contains("Weekend"))
    }

    @Test("A read-only file is refused with a sentence and left as it is")
    func aReadOnlyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let url = try sampleFile(in: directory)
        chmod(url.path, 0o444)
        let before = try Data(contentsOf: url)
        let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: url)
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(url.path) is open read-only: the file is read-only (mode 444); make it writable (chmod u+w) to save it."))
        #expect(try Data(contentsOf: url) == before)
        #expect(status(url).st_mode & 0o777 == 0o444)
    }

    @Test("A file with another hard link is refused, so the link is never split")
    func aHardLinkIsNeverSplit() throws {
        let directory = try TemporaryDirectory()
        let url = try sampleFile(in: directory)
        let other = directory.url.appendingPathComponent("shared.json")
        #expect(link(url.path, other.path) == 0)
        let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: url)
        #expect(result.status != 0)
        #expect(result.standardError.contains("it has 1 other hard link"))
        #expect(status(url).st_ino == status(other).st_ino)
    }

    @Test("Unknown fields at every level, large integers included, come back exactly after a save")
    func unknownFieldsRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"version": 1, "sync": {"counter": 12345678901234567890}, "trips": [
              {"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Coast", "colour": "teal", "waypoints": [
                {"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "Monterey", "rating": 4.5,
                 "location": {"latitude": 36.6002, "longitude": -121.8947, "altitude": 12.5, "osmID": 98765432109876543210}}]}]}
            """
        try Data(text.utf8).write(to: directory.dataFile)
        let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: directory.dataFile)
        #expect(result.status == 0, "\(result.standardError)")
        let saved = try String(contentsOf: directory.dataFile, encoding: .utf8)
        for field in [
            "\"counter\" : 12345678901234567890", "\"colour\" : \"teal\"", "\"rating\" : 4.5",
            "\"altitude\" : 12.5", "\"osmID\" : 98765432109876543210",
        ] {
            #expect(saved.contains(field), "\(field) is missing from:\n\(saved)")
        }
    }

    @Test("A field named twice is refused with where both stand, and the file is left alone")
    func duplicateFieldsAreRefused() throws {
        let directory = try TemporaryDirectory()
        let text = #"{"trips":[],"trips":[{"id":"8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01","name":"Lost"}]}"#
        try Data(text.utf8).write(to: directory.dataFile)
        for arguments in [["list"], ["new", "Weekend", "48.8566,2.3522"]] {
            let result = try roadtrip(arguments, file: directory.dataFile)
            #expect(result.status != 0)
            #expect(result.standardError.contains("at line 1, column 13: the field \"trips\" appears twice in one object (first at line 1, column 2"))
        }
        #expect(try String(contentsOf: directory.dataFile, encoding: .utf8) == text)
    }

    @Test(
        "Numbers out of range, lone surrogates and a fractional version are located",
        arguments: [
            ("{\"trips\": [],\n \"x\": 1e999}", "line 2, column 7, in x: the number 1e999 is too large to be read"),
            ("{\"trips\": [],\n \"x\": \"\\udc00\"}", "line 2, column 8: the escape \\uDC00 is half of a surrogate pair"),
            ("{\"trips\": [],\n \"version\": 1.5}", "line 2, column 13, in version: the version must be a whole number, found 1.5"),
        ])
    func badNumbersAndTextAreLocated(text: String, expected: String) throws {
        let directory = try TemporaryDirectory()
        try Data(text.utf8).write(to: directory.dataFile)
        let result = try roadtrip(["list"], file: directory.dataFile)
        #expect(result.status != 0)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
    }

    @Test("A named pipe or a device is named for what it is, and nothing waits on it")
    func pipesAndDevicesAreNamed() throws {
        let directory = try TemporaryDirectory()
        let pipe = directory.url.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let fromPipe = try roadtrip(["list"], file: pipe)
        #expect(fromPipe.status != 0)
        #expect(fromPipe.standardError.contains("Cannot read \(pipe.path): it is a named pipe (FIFO), not a file."))
        let fromDevice = try roadtrip(["list"], file: URL(fileURLWithPath: "/dev/zero"))
        #expect(fromDevice.status != 0)
        #expect(fromDevice.standardError.contains("Cannot read /dev/zero: it is a character device, not a file."))
    }

    @Test("A symbolic link that loops is an error, never replaced by a sample file")
    func aLinkLoopIsAnError() throws {
        let directory = try TemporaryDirectory()
        let other = directory.url.appendingPathComponent("other.json")
        try FileManager.default.createSymbolicLink(atPath: directory.dataFile.path, withDestinationPath: other.path)
        try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: directory.dataFile.path)
        let result = try roadtrip(["list"], file: directory.dataFile)
        #expect(result.status != 0)
        #expect(result.standardError.contains("it is a symbolic link that leads back to itself"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.dataFile.path) == other.path)
    }

    @Test("An unusable XDG_DATA_HOME is named, with why its folder cannot be made")
    func anUnusableDataFolderIsNamed() throws {
        let directory = try TemporaryDirectory()
        let notAFolder = directory.url.appendingPathComponent("data")
        try Data("a file".utf8).write(to: notAFolder)
        var environment = Run.environment(["XDG_DATA_HOME": notAFolder.path, "LANG": "C.UTF-8"])
        environment["ROADTRIP_FILE"] = nil
        // list only reads: nothing to create, no trips.
        let list = try Run.process(try RoadtripBinary.path(), ["list"], environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        let result = try Run.process(try RoadtripBinary.path(), ["new", "Weekend", "48.8566,2.3522"], environment: environment)
        #expect(result.status != 0)
        #expect(
            result.standardError.contains("Cannot create \(notAFolder.path)/roadtrip/trips.json: \(notAFolder.path) is a file, not a folder."),
            "\(result.standardError)")
        #expect(!result.standardError.contains("NSCocoaErrorDomain"))
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

    /// Issue 52, item d: a journal over the largest file read was silently not offered (and the planner's
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

        let command = try CommandLineEndToEndTests.roadtrip(["rename", "1", "Renamed"], in: directory)
        #expect(command.status == 0, "\(CommandLineEndToEndTests.describe(command))")
        #expect(command.standardError.contains("\(journal.path) is \(sizeText)"), "\(CommandLineEndToEndTests.describe(command))")
        #expect(try Self.size(of: journal) == size)
    }
}
