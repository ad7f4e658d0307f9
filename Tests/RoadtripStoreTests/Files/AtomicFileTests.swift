import Foundation
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct AtomicFileTests {
    @Test func replacesContentAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        #expect(directory.fileNames == ["trips.json"])
    }

    @Test func keepsTheFileMode() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        chmod(url.path, 0o600)
        try AtomicFile.write(Data("new".utf8), to: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// A save by root must not hand a user's file to root (only root can give a file away).
    @Test(.enabled(if: Privileges.isRoot, "needs root, to give the file to another user"))
    func keepsTheOwnerAndGroupWhenRootSaves() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        #expect(chown(url.path, 65534, 65534) == 0)
        try AtomicFile.write(Data("new".utf8), to: url)
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        #expect(status.st_uid == 65534 && status.st_gid == 65534)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
    }

    @Test func refusesAReadOnlyFileWithASentence() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        chmod(url.path, 0o444)
        let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Data("new".utf8), to: url) }
        #expect(failure?.reason == "the file is read-only (mode 444); make it writable (chmod u+w) to save it")
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(directory.fileNames == ["trips.json"])
    }

    @Test func refusesToSplitAHardLink() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        #expect(link(url.path, directory.file("backup.json").path) == 0)
        let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Data("new".utf8), to: url) }
        #expect(failure?.reason.hasPrefix("it has 1 other hard link, and saving replaces the file") == true)
        #expect(try String(contentsOf: directory.file("backup.json"), encoding: .utf8) == "old")
    }

    @Test func aNewFileNeverReplacesAnExistingOne() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("precious", to: "copy.json")
        let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.writeNew(Data("new".utf8), to: url) }
        #expect(failure?.reason == "a file of that name already exists")
        #expect(try String(contentsOf: url, encoding: .utf8) == "precious")
        #expect(directory.fileNames == ["copy.json"])
        try AtomicFile.writeNew(Data("new".utf8), to: directory.file("other.json"))
        #expect(try String(contentsOf: directory.file("other.json"), encoding: .utf8) == "new")
        #expect(directory.fileNames == ["copy.json", "other.json"])
    }

    @Test func writesThroughASymlinkAndKeepsIt() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("old", to: "real.json")
        let link = directory.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
    }

    @Test func failureLeavesTheOldFileAndNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("old", to: "trips.json")
        // A directory in the way of the rename makes the last step fail.
        let blocked = directory.file("blocked.json")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        _ = try directory.write("inside", to: "blocked.json/keep")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Data("new".utf8), to: blocked) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(directory.fileNames == ["blocked.json", "trips.json"])
    }
}
