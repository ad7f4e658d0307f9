import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 21, hostile round three, the file cases: exports aimed at the trips file or at things that
/// are not regular files, a lock file that is a link, a data file too large to read, and paths as
/// odd as `""`, `~/…` and `/proc/self/mem`. Each checks the exit status, the sentence, and that the
/// user's files are byte for byte what they were.
@Suite("Hostile files, end to end")
struct HostileFilesEndToEndTests {
    private func roadtrip(_ arguments: [String], file: URL? = nil, in directory: TemporaryDirectory) throws -> ProcessResult {
        var variables = ["LANG": "C.UTF-8", "HOME": directory.path]
        if let file { variables["ROADTRIP_FILE"] = file.path }
        // Started from the temporary folder, so that relative paths (`./sub/../trips.json`, `~/x.json`) land there.
        return try Run.process(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory.path, try RoadtripBinary.path()] + arguments,
            environment: Run.environment(variables))
    }

    /// A data file with the sample trips (the command line never adds them itself), and its bytes.
    private func sampleFile(in directory: TemporaryDirectory) throws -> (URL, Data) {
        try directory.writeSampleTrips()
        return (directory.dataFile, try Data(contentsOf: directory.dataFile))
    }

    @Test("export --force never writes over the trips file, its lock, or a link to either")
    func exportNeverReplacesTheTripsFile() throws {
        let directory = try TemporaryDirectory()
        let (url, before) = try sampleFile(in: directory)
        #expect(symlink(url.path, directory.url.appendingPathComponent("link.geojson").path) == 0)
        #expect(link(url.path, directory.url.appendingPathComponent("hard.gpx").path) == 0)
        for target in [url.path, "trips.json", "./sub/../trips.json", "link.geojson", "hard.gpx", "trips.json.lock"] {
            let result = try roadtrip(["export", "1", "-o", target, "--force"], file: url, in: directory)
            #expect(result.status == 1, "\(target): \(result.standardError)")
            #expect(result.standardError.contains("export to another file."), "\(target): \(result.standardError)")
            #expect(!result.standardError.contains("Usage:"))
            #expect(try Data(contentsOf: url) == before, "\(target) changed the trips file")
        }
    }

    @Test(
        "export writes only over regular files: a device, a FIFO or a folder is refused, and -o - is standard output",
        .enabled(if: Privileges.isRoot, "needs root, for mknod"))
    func exportOnlyReplacesRegularFiles() throws {
        let directory = try TemporaryDirectory()
        let (url, _) = try sampleFile(in: directory)
        let device = directory.url.appendingPathComponent("null")
        let fifo = directory.url.appendingPathComponent("pipe")
        #expect(mknod(device.path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        for (target, kind) in [(device.path, "a character device"), (fifo.path, "a named pipe (FIFO)"), (directory.path, "a folder")] {
            let result = try roadtrip(["export", "1", "-o", target, "--force"], file: url, in: directory)
            #expect(result.status == 1)
            #expect(result.standardError.contains("\(target) is \(kind), and an export only ever writes a regular file"), "\(result.standardError)")
        }
        var status = stat()
        #expect(lstat(device.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        #expect(lstat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        let piped = try roadtrip(["export", "1", "-o", "-", "--format", "geojson"], file: url, in: directory)
        #expect(piped.status == 0)
        #expect(piped.standardOutput.contains("\"FeatureCollection\""))
    }

    @Test("An export into a missing folder is a write error (status 1, one sentence), not a usage error")
    func aMissingFolderIsAWriteError() throws {
        let directory = try TemporaryDirectory()
        let (url, _) = try sampleFile(in: directory)
        let result = try roadtrip(["export", "1", "-o", "no/such/folder/x.gpx"], file: url, in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.contains("no/such/folder"))
        #expect(!result.standardError.contains("Usage:"))
    }

    @Test("A lock file that is a symbolic link is never written through: the trips file and the victim keep their bytes")
    func aSymlinkedLockIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (url, before) = try sampleFile(in: directory)
        let lock = directory.url.appendingPathComponent("trips.json.lock")
        let victim = directory.url.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        for destination in [url.path, victim.path] {
            unlink(lock.path)
            #expect(symlink(destination, lock.path) == 0)
            let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: url, in: directory)
            #expect(result.status == 1)
            #expect(result.standardError.contains("trips.json.lock is not a lock roadtrip made (it is a symbolic link)"), "\(result.standardError)")
            #expect(try Data(contentsOf: url) == before)
            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        }
        // A file with other text in it is not ours either, and is not truncated.
        unlink(lock.path)
        try "not a pid".write(to: lock, atomically: false, encoding: .utf8)
        let result = try roadtrip(["new", "Weekend", "48.8566,2.3522"], file: url, in: directory)
        #expect(result.status == 1)
        #expect(try String(contentsOf: lock, encoding: .utf8) == "not a pid")
    }

    @Test("A data file over the size limit is refused before it is read, and left as it is")
    func aHugeFileIsRefusedBeforeReading() throws {
        let directory = try TemporaryDirectory()
        let url = directory.dataFile
        let descriptor = open(url.path, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(descriptor, 8 << 30) == 0) // 8 GB, sparse: no disk used
        close(descriptor)
        for command in [["list"], ["show", "1"], ["new", "Weekend", "48.8566,2.3522"]] {
            let result = try roadtrip(command, file: url, in: directory)
            #expect(result.status == 1)
            #expect(result.standardError.contains("Cannot read \(url.path): it is 8 GB, and a trips file may be at most 256 MB"), "\(result.standardError)")
        }
        var status = stat()
        #expect(stat(url.path, &status) == 0 && status.st_size == 8 << 30)
    }

    @Test("Odd --file paths: empty is refused, ~ is taken as given, /proc/self/mem is named by its cause")
    func oddDataFilePaths() throws {
        let directory = try TemporaryDirectory()
        let empty = try roadtrip(["--file", "", "list"], in: directory)
        #expect(empty.status == 64)
        #expect(empty.standardError.contains("--file was given an empty path"))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(".local/share/roadtrip/trips.json").path))

        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("~"), withIntermediateDirectories: true)
        let tilde = try roadtrip(["--file", "~/x.json", "new", "Weekend", "48.8566,2.3522"], in: directory)
        #expect(tilde.status == 0, "\(tilde.standardError)")
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("~/x.json").path))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("x.json").path))

        let memory = try roadtrip(["--file", "/proc/self/mem", "list"], in: directory)
        #expect(memory.status == 1)
        #expect(memory.standardError.contains("Cannot read /proc/self/mem: Input/output error."), "\(memory.standardError)")
        #expect(!memory.standardError.contains("NSCocoaErrorDomain"))
    }
}
