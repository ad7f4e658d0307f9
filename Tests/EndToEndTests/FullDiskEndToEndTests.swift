import Foundation
import Testing
import RoadtripTestSupport

/// Saving when the disk is full or a write is refused: a clear sentence, the file as it was, and
/// no temporary file left behind.
@Suite("Full disk, end to end")
struct FullDiskEndToEndTests {
    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Mounts a tmpfs of `size` ("64k") on `folder`, or fails the test saying why: a test that
    /// needs it is enabled only where a tmpfs can be mounted (`Privileges.canMountTmpfs`), so that
    /// elsewhere it shows as skipped. `unmount` takes it away again.
    static func mountSmallDisk(size: String, on folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = try Run.process("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path], environment: Run.environment())
        try #require(mount.status == 0, "cannot mount a tmpfs on \(folder.path): \(mount.standardError)")
    }

    static let tmpfs = ConditionTrait.enabled(if: Privileges.canMountTmpfs, "needs to mount a small tmpfs (root)")

    static func unmount(_ folder: URL) {
        _ = try? Run.process("/bin/umount", [folder.path], environment: Run.environment())
    }

    /// Fills what is left of the disk `folder` is on with a file called `filler`.
    static func fill(_ folder: URL) throws {
        let filler = folder.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()
    }

    @Test("A write refused by a file-size limit (EFBIG): new fails, says why, changes nothing")
    func fileSizeLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeSampleTrips()
        let before = try Data(contentsOf: directory.dataFile)
        let environment = Run.environment(["ROADTRIP_FILE": directory.dataFile.path])
        let result = try Run.process(
            "/usr/bin/prlimit", ["--fsize=4096", "--", try RoadtripBinary.path(), "new", "Big", "48.85, 2.35"], environment: environment)
        #expect(result.status != 0)
        #expect(result.standardError.contains("Cannot save \(directory.dataFile.path)"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(result.standardError.contains("File too large"))
        #expect(try Data(contentsOf: directory.dataFile) == before)
        #expect(Self.files(in: directory.url) == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    @Test("A full disk (a 64 KB tmpfs, filled): new fails with ENOSPC, the file is intact, no temp file", tmpfs)
    func fullDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mountPoint = directory.url.appendingPathComponent("small")
        // Without the right to mount, the file-size-limit test above covers the failing write.
        try Self.mountSmallDisk(size: "64k", on: mountPoint)
        defer { Self.unmount(mountPoint) }
        let dataFile = mountPoint.appendingPathComponent("trips.json")
        let environment = Run.environment(["ROADTRIP_FILE": dataFile.path])
        try Data(contentsOf: SampleTrips.file).write(to: dataFile)
        let before = try Data(contentsOf: dataFile)
        try Self.fill(mountPoint)
        let result = try Run.process(try RoadtripBinary.path(), ["new", "Big", "48.85, 2.35"], environment: environment)
        #expect(result.status != 0)
        #expect(result.standardError.contains("No space left on device"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(try Data(contentsOf: dataFile) == before)
        #expect(Self.files(in: mountPoint) == ["filler", "trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    @Test("A read-only file system: new fails and says so; list still reads", tmpfs)
    func readOnlyFileSystem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mountPoint = directory.url.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try Self.mountSmallDisk(size: "1m", on: mountPoint)
        defer { _ = try? Run.process("/bin/umount", [mountPoint.path], environment: Run.environment()) }
        let dataFile = mountPoint.appendingPathComponent("trips.json")
        let environment = Run.environment(["ROADTRIP_FILE": dataFile.path])
        try Data(contentsOf: SampleTrips.file).write(to: dataFile)
        #expect(try Run.process("/bin/mount", ["-o", "remount,ro", mountPoint.path], environment: Run.environment()).status == 0)
        let before = try Data(contentsOf: dataFile)
        let result = try Run.process(try RoadtripBinary.path(), ["new", "X", "48.85, 2.35"], environment: environment)
        #expect(result.status != 0)
        #expect(result.standardError.contains("Read-only file system"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(try Data(contentsOf: dataFile) == before)
        #expect(try Run.process(try RoadtripBinary.path(), ["list"], environment: environment).status == 0)
    }
}

/// Permissions, for real: root ignores permission bits, so roadtrip runs as `nobody` here.
@Suite("Permissions, end to end")
struct PermissionEndToEndTests {
    /// Runs roadtrip as the unprivileged user nobody (setpriv), on `dataFile`: a world-readable
    /// installed copy, so that it runs and finds its resources wherever the checkout is (under
    /// /root, mode 0700, nobody can read neither the built binary nor Resources).
    static func roadtripAsNobody(_ arguments: [String], dataFile: URL) throws -> ProcessResult {
        let copy = try InstalledCopy()
        defer { copy.directory.remove() }
        return try copy.runAsNobody(arguments, variables: ["ROADTRIP_FILE": dataFile.path])
    }

    @Test("No read permission: a clear sentence naming the file; nothing touched")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeSampleTrips()
        chmod(directory.url.path, 0o755)
        chmod(directory.dataFile.path, 0o000)
        let result = try Self.roadtripAsNobody(["list"], dataFile: directory.dataFile)
        #expect(result.status != 0)
        #expect(result.standardError.contains("Cannot read \(directory.dataFile.path): Permission denied"), "\(CommandLineEndToEndTests.describe(result))")
        chmod(directory.dataFile.path, 0o644)
    }

    @Test("No write permission: new says it cannot save, and the file is as it was")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeSampleTrips()
        let before = try Data(contentsOf: directory.dataFile)
        chmod(directory.url.path, 0o555)
        defer { chmod(directory.url.path, 0o755) }
        let result = try Self.roadtripAsNobody(["new", "X", "48.85, 2.35"], dataFile: directory.dataFile)
        #expect(result.status != 0)
        // Refused before any change: the file is opened read-only ("… is open read-only: you may
        // not write it (Permission denied)"), or a save fails ("Cannot save …: Permission denied").
        #expect(
            result.standardError.contains(directory.dataFile.path) && result.standardError.contains("Permission denied"),
            "\(CommandLineEndToEndTests.describe(result))")
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }
}

/// A very large data file: read, listed, and left exactly as it was. About 100 MB with
/// ROADTRIP_STRESS=1 (`make stress`), 10 MB otherwise.
@Suite("Large file Stress, end to end")
struct LargeFileStressTests {
    @Test("A large file opens and lists, and list leaves it byte for byte")
    func largeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stress = ProcessInfo.processInfo.environment["ROADTRIP_STRESS"] == "1"
        let trips = stress ? 2_500 : 200
        var text = "{\"version\": 1, \"trips\": ["
        for trip in 0..<trips {
            text += trip == 0 ? "" : ","
            text += "{\"id\": \"\(UUID().uuidString)\", \"name\": \"Trip \(trip)\", \"waypoints\": ["
            text += (0..<200).map { stop in
                "{\"id\": \"\(UUID().uuidString)\", \"name\": \"Stop \(stop) of trip \(trip)\", \"notes\": \"\(String(repeating: "n", count: 60))\", \"location\": {\"latitude\": \(Double(stop % 180) - 89.5), \"longitude\": \(Double(stop) - 100)}}"
            }.joined(separator: ",")
            text += "]}"
        }
        text += "]}"
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.dataFile)
        let before = try Data(contentsOf: directory.dataFile)
        print("large file: \(before.count / 1_000_000) MB")
        let result = try CommandLineEndToEndTests.roadtrip(["list"], in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        #expect(result.standardOutput.split(separator: "\n").count == trips)
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }
}
