import Foundation
import Testing
@testable import RoadtripKit

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
