import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct TripFileStoreTests {
    // MARK: Issue 52, item 12: one bound for what is read and what is written

    @Test func aFileLargerThanTheStoreReadsIsNeitherWrittenNorRead() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        let file = TripFile(trips: Fixtures.trips)
        let bytes = try file.encoded().count
        let small = TripFileStore(url: url, byteLimit: bytes - 1)
        let refused = #expect(throws: DataFileError.self) { try small.write(file) }
        #expect(
            refused?.description == "Cannot save \(url.path): it would be \(TripFileStore.sizeText(bytes)), and a trips file may be at most "
                + "\(TripFileStore.sizeText(bytes - 1)); it was not written. Your changes are still in memory.")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(directory.fileNames.isEmpty, "no temporary file left")

        try TripFileStore(url: url, byteLimit: bytes).write(file) // the limit itself is allowed
        let unread = #expect(throws: DataFileError.self) { try small.read() }
        #expect(
            unread?.description == "Cannot read \(url.path): it is \(TripFileStore.sizeText(bytes)), and a trips file may be at most "
                + "\(TripFileStore.sizeText(bytes - 1)); it was not read.")
    }

    @Test func theStandardLimitIsTheOneReadWrittenAndImported() throws {
        #expect(TripFileStore.standardMaximumBytes == 256 << 20)
        #expect(TripFileStore(url: URL(fileURLWithPath: "/x")).byteLimit == TripFileStore.maximumBytes)
        #expect(
            TripFileStore(url: URL(fileURLWithPath: "/x"), byteLimit: 256 << 20).limitText
                == "and a trips file may be at most 256 MB (well over a million stops)")
        // A file one byte over it (sparse: no disk is used) is refused by an import too.
        let directory = try TemporaryDirectory()
        let large = directory.file("large.json")
        _ = FileManager.default.createFile(atPath: large.path, contents: nil)
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(TripFileStore.maximumBytes + 1))
        try handle.close()
        let error = #expect(throws: ImportError.self) { try TripImport.read(contentsOf: large) }
        #expect(
            error?.description.contains("over the import limit of \(ImportFile.sizeText(TripFileStore.maximumBytes))") == true, "\(String(describing: error))")
    }

    /// `ROADTRIP_TEST_FILE_LIMIT` lowers the limit for end-to-end tests; it never raises it, so no
    /// file written under it is one a roadtrip without it would refuse.
    @Test func aTestCanOnlyLowerTheLimit() {
        #expect(TripFileStore.maximumBytes(testLimit: nil) == 256 << 20)
        #expect(TripFileStore.maximumBytes(testLimit: "300000") == 300_000)
        #expect(TripFileStore.maximumBytes(testLimit: "\(1 << 40)") == 256 << 20)
        for nonsense in ["", "0", "-5", "lots"] {
            #expect(TripFileStore.maximumBytes(testLimit: nonsense) == 256 << 20)
        }
    }

    @Test func aMissingFileReadsAsNil() throws {
        let directory = try TemporaryDirectory()
        #expect(try TripFileStore(url: directory.file("none.json")).read() == nil)
    }

    @Test func syntaxErrorNamesFileLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("{\"version\": 1,\n \"trips\": [\n  {\"id\": }\n]}", to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        guard case let .invalidJSON(path, line, column, _) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(line == 3)
        #expect(column == 10)
        #expect(error?.description.contains(url.path) == true)
        #expect(error?.description.contains("line 3, column 10") == true)
    }

    @Test func wrongTypeNamesTheFieldAndWhereItIs() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"version": 1, "trips": [
              {"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [
                {"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B",
                 "location": {"latitude": "north", "longitude": 2}}]}]}
            """
        let url = try directory.write(text, to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        guard case let .invalidContent(_, line, column, field, reason) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(line == 4)
        #expect(column == 31)
        #expect(field == "trips[0].waypoints[0].location.latitude")
        #expect(reason == "expected a number")
    }

    @Test func missingIdIsReported() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("{\"trips\": [{\"name\": \"No id\"}]}", to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description.contains("\"id\" is missing") == true)
        #expect(error?.description.contains("trips[0].id") == true)
    }

    @Test func aDirectoryIsNotAFile() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file("trips.json"), withIntermediateDirectories: false)
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: directory.file("trips.json")).read() }
        #expect(error?.description.contains("is a folder, not a file") == true)
    }

    @Test func writeCreatesMissingFolders() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("a/b/trips.json")
        try TripFileStore(url: url).write(TripFile(trips: [Fixtures.pacific]))
        #expect(try TripFileStore(url: url).read()?.trips == [Fixtures.pacific])
    }

    @Test func writeIntoAFileWhereAFolderShouldBeFailsClearly() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("x", to: "blocker")
        let url = directory.url.appendingPathComponent("blocker/trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).write(TripFile(trips: [])) }
        #expect(error?.description.hasPrefix("Cannot save \(url.path)") == true)
    }

    @Test func duplicateTripIDsAreRefusedWhereTheSecondIs() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"trips": [
              {"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A"},
              {"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "B"}]}
            """
        let url = try directory.write(text, to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        guard case let .invalidContent(_, line, _, field, reason) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(line == 3)
        #expect(field == "trips[1].id")
        #expect(reason.contains("also the id of trips[0]"))
    }

    @Test func duplicateStopIDsAnywhereAreRefused() throws {
        var second = Fixtures.alps
        second.stops[0].id = Fixtures.pacific.stops[2].id
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        try Data(try TripFile(trips: [Fixtures.pacific, second]).encoded()).write(to: url)
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description.contains("trips[1].waypoints[0].id") == true)
    }

    @Test func anEmptyFileSaysSo() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("", to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description.contains("the file is empty") == true)
    }

    @Test func notANumberIsNotJSON() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(
            #"{"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "location": {"latitude": NaN, "longitude": 0}}]}]}"#,
            to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        guard case .invalidJSON = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
    }

    // MARK: Refused with a place, never guessed at

    private func readError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DataFileError? {
        let directory = try TemporaryDirectory()
        let url = try directory.write(text, to: "trips.json")
        return #expect(throws: DataFileError.self, sourceLocation: sourceLocation) { try TripFileStore(url: url).read() }
    }

    @Test func aFieldNamedTwiceIsRefusedWithWhereBothAre() throws {
        let error = try readError("{\"trips\": [],\n \"trips\": [{\"id\": \"8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01\", \"name\": \"Lost\"}]}")
        guard case let .invalidContent(_, line, column, _, reason) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(line == 2 && column == 2)
        #expect(reason.contains("\"trips\" appears twice") && reason.contains("first at line 1, column 2"))
    }

    @Test func aFieldNamedTwiceThroughAnEscapeIsStillTheSameField() throws {
        let error = try readError(#"{"version": 1, "trips": [], "\u0074rips": []}"#)
        #expect(error?.description.contains("\"trips\" appears twice") == true)
    }

    @Test func aFractionalVersionIsLocated() throws {
        let error = try readError("{\"trips\": [],\n \"version\": 1.5}")
        #expect(error?.description.contains("line 2, column 13") == true)
        #expect(error?.description.contains("the version must be a whole number, found 1.5") == true)
    }

    @Test func aNumberTooLargeIsLocated() throws {
        let error = try readError("{\"trips\": [], \"x\":\n  1e400}")
        #expect(error?.description.contains("line 2, column 3") == true)
        #expect(error?.description.contains("the number 1e400 is too large") == true)
    }

    /// Foundation refused these with "line 1, column 1: The given data was not valid JSON."
    @Test(arguments: [
        ("{\"trips\": [],\n \"version\": 1e-400}", 2, 13, "version"),
        (
            "{\"trips\": [{\"id\": \"8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01\", \"name\": \"A\",\n  \"settings\": {\"roadFactor\": 1e-400}}]}", 2, 30,
            "trips[0].settings.roadFactor"
        ),
        ("{\"trips\": [],\n \"later\": {\"x\": [0, 1E-999]}}", 2, 21, "later.x[1]"),
    ])
    func aNumberTooCloseToZeroIsLocatedWithItsField(_ text: String, _ line: Int, _ column: Int, _ field: String) throws {
        let error = try readError(text)
        #expect(
            error
                == .invalidContent(
                    path: error?.path ?? "", line: line, column: column, field: field,
                    reason: "the number \(text.contains("1E") ? "1E-999" : "1e-400") is too close to 0 to be read (write 0 if that is what is meant)"))
    }

    @Test func aBadStayNightsIsNamedAsStayNights() throws {
        let error = try readError(Self.oneStop(#""stayNights": 1e300"#))
        guard case let .invalidContent(_, line, column, field, reason) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(field == "trips[0].waypoints[0].stayNights")
        #expect(line == 3 && column == 64)
        #expect(reason == "stayNights must be a whole number of nights from 1 to 365, found 1e+300")
    }

    @Test func anIdThatIsNotAUUIDGetsASentence() throws {
        let error = try readError(Self.oneStop(#""x": 1"#, stopID: "Monterey"))
        guard case let .invalidContent(_, line, column, field, reason) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(field == "trips[0].waypoints[0].id")
        #expect(line == 3 && column == 10)
        #expect(reason == "id must be a UUID, 32 hexadecimal digits written 8-4-4-4-12 (8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01), found “Monterey”")
        #expect(error?.description.contains("Attempted") == false)
    }

    @Test func anIdOfAMegabyteIsQuotedClipped() throws {
        let error = try readError(#"{"trips": [{"id": "\#(String(repeating: "7", count: 1_000_000))", "name": "A"}]}"#)
        #expect((error?.description.count ?? .max) < 400)
        #expect(error?.description.contains("found “7777") == true)
    }

    /// A file of one trip with one stop whose id is `stopID`, with `fields` on the stop's third line.
    private static func oneStop(_ fields: String, stopID: String = "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99") -> String {
        """
        {"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [
          {"name": "B", "location": {"latitude": 1, "longitude": 2},
           "id": "\(stopID)", \(fields)}]}]}
        """
    }

    @Test func aLoneSurrogateIsLocated() throws {
        let error = try readError("{\"trips\": [],\n \"note\": \"ab\\ud800\"}")
        #expect(error?.description.contains("line 2, column 13") == true)
        #expect(error?.description.contains("half of a surrogate pair") == true)
    }

    @Test func aSurrogatePairIsOneCharacter() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(#"{"trips": [], "😀": "\ud83d\ude00", "\ud83d\ude00": 1}"#, to: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description.contains("\"😀\" appears twice") == true)
    }

    // MARK: What is not a file

    @Test func aNamedPipeIsSaidToBeOneAndNotOpened() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        #expect(mkfifo(url.path, 0o644) == 0)
        // Opening a pipe for reading would wait for a writer for ever.
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description == "Cannot read \(url.path): it is a named pipe (FIFO), not a file.")
    }

    @Test func aDeviceIsSaidToBeOne() throws {
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: URL(fileURLWithPath: "/dev/null")).read() }
        #expect(error?.description == "Cannot read /dev/null: it is a character device, not a file.")
    }

    @Test func aSymbolicLinkLoopIsAnErrorAndIsNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "other.json")
        try FileManager.default.createSymbolicLink(atPath: directory.file("other.json").path, withDestinationPath: "trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).read() }
        #expect(error?.description.contains("symbolic link that leads back to itself") == true)
        #expect(throws: DataFileError.self) { try TripFileStore(url: url).write(TripFile(trips: Fixtures.trips)) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "other.json")
    }

    @Test func aFolderThatCannotBeMadeIsNamedWithTheReason() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("not a folder", to: "data")
        let url = directory.file("data/roadtrip/trips.json")
        let error = #expect(throws: DataFileError.self) { try TripFileStore(url: url).write(TripFile(trips: [])) }
        #expect(error?.description == "Cannot save \(url.path): \(directory.file("data").path) is a file, not a folder. Your changes are still in memory.")
    }
}
