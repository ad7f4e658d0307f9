import Foundation
import Testing
import RoadtripTestSupport

/// Issue 52, item 13: `rename` on a full disk or in an immutable folder said "Your changes are
/// still in memory" and ended, which took the change with it. Every command that writes the data
/// file now says the change was not saved, naming the file and the cause, and exits with 1; the
/// file is as it was and no temporary file is left beside it.
@Suite("A command whose save fails, end to end")
struct CommandSaveFailureEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// Every command that writes the data file, with what it says was not done. Run on the sample
    /// trips; `optimize` on Pacific Coast Drive with Big Sur moved out of its place beforehand.
    struct WritingCommand: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let notDone: String
        var testDescription: String { arguments[0] }

        static let all = [
            WritingCommand(arguments: ["rename", "1", "Renamed"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["new", "Big", "48.85, 2.35"], notDone: "“Big” was not created"),
            WritingCommand(arguments: ["delete", "1", "--yes"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["add-stop", "1", "36.6, -121.9"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["remove-stop", "1", "2"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["move-stop", "1", "1", "2"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["set", "1", "daily-limit", "6"], notDone: "The change to “Pacific Coast Drive” was not saved"),
            WritingCommand(arguments: ["import", "IMPORT"], notDone: "Nothing was imported"),
            WritingCommand(arguments: ["optimize", "1", "--apply"], notDone: "The new order of “Pacific Coast Drive” was not saved"),
        ]
    }

    /// A small GPX file of three waypoints, for `import`.
    static func writeGPX(in directory: TemporaryDirectory) throws -> String {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="36.6" lon="-121.9"><name>A</name></wpt><wpt lat="36.5" lon="-121.9"><name>B</name></wpt>
            <wpt lat="36.3" lon="-121.8"><name>C</name></wpt>
            </gpx>
            """
        return try directory.write(text, to: "three.gpx").path
    }

    /// What a failed save must say, and what it must leave: status 1, the sentence naming the
    /// file, the cause and what was not done, the file byte for byte, no temporary file.
    static func expectNotSaved(
        _ result: ProcessResult, notDone: String, cause: String, dataFile: URL, before: Data,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let described = CLI.describe(result)
        #expect(result.status == 1, "\(described)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains("Cannot save \(dataFile.path): "), "\(described)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(cause), "\(described)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains("\(notDone); the file is as it was."), "\(described)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("still in memory"), "\(described)", sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: dataFile) == before, sourceLocation: sourceLocation)
        let folder = dataFile.deletingLastPathComponent()
        let left = FullDiskEndToEndTests.files(in: folder).filter { $0.hasPrefix(".roadtrip-save-") }
        #expect(left.isEmpty, "temporary files left: \(left)", sourceLocation: sourceLocation)
    }

    /// A write the system refuses past 4 KB (`prlimit --fsize`, EFBIG): no root needed, so every
    /// command is tried.
    @Test("Every command that writes says the change was not saved when the write fails", arguments: WritingCommand.all)
    func everyWritingCommandSaysTheChangeWasNotSaved(_ command: WritingCommand) throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        if command.arguments[0] == "optimize" {
            let moved = try CLI.roadtrip(["move-stop", "1", "3", "6"], in: directory)
            try #require(moved.status == 0, "\(CLI.describe(moved))")
        }
        let gpx = try Self.writeGPX(in: directory)
        let before = try Data(contentsOf: directory.dataFile)
        let arguments = command.arguments.map { $0 == "IMPORT" ? gpx : $0 }
        let environment = Run.environment(["ROADTRIP_FILE": directory.dataFile.path, "LANG": "C.UTF-8"])
        let result = try Run.process("/usr/bin/prlimit", ["--fsize=4096", "--", try RoadtripBinary.path()] + arguments, environment: environment)
        try Self.expectNotSaved(result, notDone: command.notDone, cause: "File too large", dataFile: directory.dataFile, before: before)
    }

    @Test("rename in a folder made immutable (chattr +i): not saved, and why")
    func renameInAnImmutableFolder() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        let before = try Data(contentsOf: directory.dataFile)
        let chattr = try Run.process("/usr/bin/chattr", ["+i", directory.path], environment: Run.environment())
        guard chattr.status == 0 else {
            print("immutable-folder test: chattr +i is not allowed here (\(chattr.standardError.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        defer { _ = try? Run.process("/usr/bin/chattr", ["-i", directory.path], environment: Run.environment()) }
        let result = try CLI.roadtrip(["rename", "1", "Renamed"], in: directory)
        try Self.expectNotSaved(
            result, notDone: "The change to “Pacific Coast Drive” was not saved", cause: "Operation not permitted",
            dataFile: directory.dataFile, before: before)
    }

    @Test("rename on a full disk (a 64 KB tmpfs, filled): not saved, and why", FullDiskEndToEndTests.tmpfs)
    func renameOnAFullDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mountPoint = directory.url.appendingPathComponent("small")
        // Without the right to mount, the file-size limit above covers the failing write.
        try FullDiskEndToEndTests.mountSmallDisk(size: "64k", on: mountPoint)
        defer { FullDiskEndToEndTests.unmount(mountPoint) }
        let dataFile = mountPoint.appendingPathComponent("trips.json")
        try Data(contentsOf: SampleTrips.file).write(to: dataFile)
        let before = try Data(contentsOf: dataFile)
        try FullDiskEndToEndTests.fill(mountPoint)
        let environment = Run.environment(["ROADTRIP_FILE": dataFile.path, "LANG": "C.UTF-8"])
        let result = try Run.process(try RoadtripBinary.path(), ["rename", "1", "Renamed"], environment: environment)
        try Self.expectNotSaved(
            result, notDone: "The change to “Pacific Coast Drive” was not saved", cause: "No space left on device",
            dataFile: dataFile, before: before)
    }
}
