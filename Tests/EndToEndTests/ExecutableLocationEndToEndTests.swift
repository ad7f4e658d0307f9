import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A copy of the built roadtrip laid out as `make install` does (`bin/roadtrip` and
/// `share/roadtrip/…`) in a fresh temporary folder, so that another user can run it whatever the
/// folder of the checkout allows (a clone under /root, mode 0700, is out of nobody's reach).
/// With `locked`, the copy sits one folder deeper, under a folder only its owner (root) may open:
/// the program can still be started through setpriv, but cannot look at the folders above it.
struct InstalledCopy {
    let directory: TemporaryDirectory
    let binary: String
    /// The folder of the sample trips, the gazetteer and the basemap (world-readable).
    let resources: URL

    init(locked: Bool = false) throws {
        directory = try TemporaryDirectory()
        chmod(directory.path, 0o755)
        let root = locked ? directory.url.appendingPathComponent("locked") : directory.url
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        binary = bin.appendingPathComponent("roadtrip").path
        try Self.copyExecutable(from: try RoadtripBinary.path(), to: binary)
        // Beside the copy (share/roadtrip) when it is reachable; else in the open part of the folder.
        resources = directory.url.appendingPathComponent("share/roadtrip")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.checkoutResources.path) {
            let source = Self.checkoutResources.appendingPathComponent(name), target = resources.appendingPathComponent(name)
            // A hard link costs nothing on the same file system; a copy otherwise. Either is readable by all.
            if (try? FileManager.default.linkItem(at: source, to: target)) == nil {
                try FileManager.default.copyItem(at: source, to: target)
            }
            chmod(target.path, 0o644)
        }
        for folder in [bin, resources, resources.deletingLastPathComponent()] { chmod(folder.path, 0o755) }
        if locked { chmod(root.path, 0o700) }
    }

    /// Copies the program through a close-on-exec descriptor: a copy open for writing that a
    /// child of a test running in parallel inherits could not be started ("Text file busy").
    static func copyExecutable(from source: String, to target: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw EndToEndFailure("Cannot create \(target): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw EndToEndFailure("Cannot write \(target): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        fchmod(descriptor, 0o755)
    }

    /// The Resources folder of the checkout these tests were built from.
    static var checkoutResources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
    }

    /// A folder the unprivileged user nobody owns, for its data file.
    func folderForNobody() throws -> URL {
        let folder = directory.url.appendingPathComponent("nobody-data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chown(folder.path, Self.nobody, Self.nobody)
        chmod(folder.path, 0o755)
        return folder
    }

    static let nobody: UInt32 = 65_534

    /// Runs the copy as nobody (setpriv) with `variables` added to the test environment. The
    /// working folder is `/`, which nobody may open wherever the checkout is; the shell changes to
    /// it as root, and setpriv itself starts the copy (setpriv may, a program run as nobody may
    /// not, start a file under a folder only root can open).
    func runAsNobody(_ arguments: [String], variables: [String: String]) throws -> ProcessResult {
        let environment = Run.environment(["HOME": "/tmp", "LANG": "C.UTF-8"].merging(variables) { _, new in new })
        let setpriv = ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--", binary] + arguments
        return try Run.process("/bin/sh", ["-c", "cd / && exec \(setpriv.map(Run.shellQuoted).joined(separator: " "))"], environment: environment)
    }
}

/// Where the program is and who runs it must not matter: it finds its resources from the kernel's
/// name for its own file (/proc/self/exe), never through Foundation's Bundle.main, which traps
/// (SIGILL) when the folders above the executable cannot be read.
@Suite("Executable location, end to end")
struct ExecutableLocationEndToEndTests {
    @Test("Run as nobody from under a 0700 folder: no crash, the sample trips are found and imported")
    func unreadableFolderAboveTheBinary() throws {
        let copy = try InstalledCopy(locked: true)
        defer { copy.directory.remove() }
        let dataFile = try copy.folderForNobody().appendingPathComponent("trips.json")
        let variables = ["ROADTRIP_FILE": dataFile.path, "ROADTRIP_RESOURCES": copy.resources.path]
        let first = try copy.runAsNobody(["list"], variables: variables)
        #expect(first.status == 0, "\(CommandLineEndToEndTests.describe(first))")
        #expect(
            first.standardError.contains("To add them: roadtrip import \(copy.resources.path)/sample-trips.json"), "\(CommandLineEndToEndTests.describe(first))"
        )
        let imported = try copy.runAsNobody(["import", copy.resources.appendingPathComponent("sample-trips.json").path], variables: variables)
        #expect(imported.status == 0, "\(CommandLineEndToEndTests.describe(imported))")
        let result = try copy.runAsNobody(["list"], variables: variables)
        #expect(result.standardOutput.contains("Pacific Coast Drive"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(try Run.names(of: Run.trips(at: dataFile)) == SampleTrips.names)
    }

    @Test("Run as nobody from under a 0700 folder without ROADTRIP_RESOURCES: a sentence or the checkout's files, never a signal")
    func unreadableFolderAboveTheBinaryWithoutResourcesVariable() throws {
        let copy = try InstalledCopy(locked: true)
        defer { copy.directory.remove() }
        let dataFile = try copy.folderForNobody().appendingPathComponent("trips.json")
        let result = try copy.runAsNobody(["list"], variables: ["ROADTRIP_FILE": dataFile.path])
        // Its share/roadtrip is out of reach; the checkout's Resources is found when nobody may read
        // it (a clone under /tmp), else the program says where it looked (a clone under /root).
        #expect(result.status < 128, "killed by signal \(result.status - 128): \(CommandLineEndToEndTests.describe(result))")
        #expect(result.status == 0 || result.standardError.contains("cannot find its resource files"), "\(CommandLineEndToEndTests.describe(result))")
    }
}
