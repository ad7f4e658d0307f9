import Foundation
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// Where an export is proposed (issue 53, item 13): the session's last folder, else the one the
/// planner was started in, never one of roadtrip's own.
@Suite struct ExportFolderTests {
    let directory: TemporaryDirectory
    let started: URL
    let environment: [String: String]

    init() throws {
        directory = try TemporaryDirectory()
        started = directory.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: started, withIntermediateDirectories: true)
        environment = [
            "HOME": directory.path, "XDG_DATA_HOME": directory.url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": directory.url.appendingPathComponent("state").path,
        ]
    }

    private func folder(lastUsed: String? = nil, startedIn: String? = nil, environment extra: [String: String] = [:]) -> String {
        ExportFolder(lastUsed: lastUsed, workingDirectory: startedIn ?? started.path, environment: environment.merging(extra) { _, new in new }).path
    }

    @Test func theFolderThePlannerWasStartedInThenTheLastOneUsed() throws {
        #expect(folder() == started.standardizedFileURL.path)
        let maps = directory.url.appendingPathComponent("maps")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        #expect(folder(lastUsed: maps.path + "/") == maps.standardizedFileURL.path)
        // A last folder removed since: the folder started in again.
        #expect(folder(lastUsed: directory.url.appendingPathComponent("gone").path) == started.standardizedFileURL.path)
    }

    @Test func roadtripsOwnFoldersAreNotProposedTheDocumentsOrTheHomeAre() throws {
        let regions = directory.url.appendingPathComponent("data/roadtrip/regions")
        let cache = directory.url.appendingPathComponent("cache/roadtrip")
        for own in [regions, cache] { try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true) }
        #expect(folder(startedIn: regions.path) == directory.url.standardizedFileURL.path, "the home")
        #expect(folder(startedIn: regions.deletingLastPathComponent().path) == directory.url.standardizedFileURL.path, "the data folder itself")
        let documents = directory.url.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        #expect(folder(startedIn: cache.path, environment: ["XDG_DOCUMENTS_DIR": documents.path]) == documents.standardizedFileURL.path)
        // Through a link into one of them, too.
        let link = directory.url.appendingPathComponent("shortcut")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: regions)
        #expect(folder(startedIn: link.path) == directory.url.standardizedFileURL.path)
        #expect(ExportFolder.isOwn(regions.path, folders: .init(environment: environment)))
        #expect(
            !ExportFolder.isOwn(directory.url.appendingPathComponent("data").path, folders: .init(environment: environment)), "the folder above is the user's")
    }

    /// A folder the user cannot write in (`/`, for a planner started there) is passed over; as
    /// root every folder is writable, so the file manager says which is not.
    @Test func aFolderThatCannotBeWrittenInIsNotProposed() {
        final class ReadOnly: FileManager, @unchecked Sendable {
            let folder: String
            init(_ folder: String) { self.folder = folder }
            override func isWritableFile(atPath path: String) -> Bool { path != folder && super.isWritableFile(atPath: path) }
        }
        let home = directory.url.standardizedFileURL.path
        #expect(ExportFolder(lastUsed: nil, workingDirectory: "/", environment: environment, fileManager: ReadOnly("/")).path == home)
        #expect(ExportFolder(lastUsed: nil, workingDirectory: "/", environment: environment, fileManager: ReadOnly("/nowhere")).path == "/")
    }
}
