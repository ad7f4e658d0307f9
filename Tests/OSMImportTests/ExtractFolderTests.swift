import Foundation
@testable import OSMImport
import Testing
import RoadtripTestSupport

/// The extracts folder: the names roadtrip gives its files there, and the part it opens itself.
struct ExtractFolderTests {
    static func extract(_ id: String, parent: String? = nil) -> ExtractCatalogue.Extract {
        ExtractCatalogue.Extract(id: id, parent: parent, name: id, pbf: URL(string: "https://example.org/x.osm.pbf")!)
    }

    @Test func aFilesNameIsTheExtractsPathMadePlainAndShort() {
        #expect(ExtractFolder.stem(of: Self.extract("andorra", parent: "europe")) == "europe_andorra")
        #expect(ExtractFolder.stem(of: Self.extract("us/california", parent: "us")) == "us_california")
        let hostile = ExtractFolder.stem(of: Self.extract("../../data", parent: "europe"))
        #expect(!hostile.contains("/") && !hostile.contains(".") && hostile.hasPrefix("europe_--_--_data-"))
        let long = String(repeating: "a", count: 300)
        let (one, other) = (ExtractFolder.stem(of: Self.extract(long)), ExtractFolder.stem(of: Self.extract(long + "b")))
        #expect(one.count <= ExtractFolder.longestStem && other.count <= ExtractFolder.longestStem && one != other)
        #expect(ExtractFolder.isOwn(one + ".osm.pbf.part") && ExtractFolder.isOwn("europe_andorra.osm.pbf.part"))
        #expect(!ExtractFolder.isOwn("andorra-latest.osm.pbf") && !ExtractFolder.isOwn(".x.osm.pbf.part") && !ExtractFolder.isOwn("notes.txt"))
    }

    /// A FIFO at the part's name is not waited on (the open would block until a writer came).
    @Test func aPartThatIsNotARegularFileIsNeverOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("europe_andorra.osm.pbf.part")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: DownloadError.notOwnPart(path: fifo.path, what: "a named pipe (FIFO)")) { try PartFile(fifo) }
        let folder = directory.file("folder.osm.pbf.part")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: DownloadError.self) { try PartFile(folder) }
    }

    /// A new part is the owner's alone; a full disk is said as one, any other cause as itself.
    @Test func aNewPartIsTheOwnersAndItsWriteErrorsSayTheirCause() throws {
        let directory = try TemporaryDirectory()
        let part = try PartFile(directory.file("a.osm.pbf.part"))
        var status = stat()
        #expect(stat(part.url.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(PartFile.writeError(ENOSPC, path: "/p") == .diskFull(path: "/p"))
        #expect(PartFile.writeError(ENAMETOOLONG, path: "/p") == .cannotWrite(path: "/p", reason: "File name too long"))
    }

    /// Two downloads of one extract at once would append to one part: the second is told.
    @Test func aPartIsWrittenByOneDownloadAtATime() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("a.osm.pbf.part")
        let first = try PartFile(url)
        #expect(throws: DownloadError.busy(path: url.path)) { try PartFile(url) }
        _ = first
    }
}
