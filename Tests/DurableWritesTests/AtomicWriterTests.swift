import DurableWrites
import Foundation
import RoadtripTestSupport
import Testing

/// The one atomic writer (issue 34): what is in a folder is not trusted, so a link or a file at a
/// name it writes is never written through. (The trips file's own cases are `AtomicFileTests`.)
@Suite struct AtomicWriterTests {
    static func isLink(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func aLinkInTheTargetsPlaceIsRefusedWhenLinksAreRefused() throws {
        let directory = try TemporaryDirectory()
        let victim = try directory.write("victim", to: "victim.txt")
        let file = directory.file("cache.jsonl")
        #expect(symlink(victim.path, file.path) == 0)
        let failure = #expect(throws: AtomicWriter.Failure.self) { try AtomicWriter.replace(Data("new".utf8), at: file.path, links: .refuse) }
        #expect(failure?.reason == "it is a symbolic link, and roadtrip never writes through one")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim" && Self.isLink(file))
        #expect(directory.fileNames == ["cache.jsonl", "victim.txt"], "no temporary file left")
    }

    @Test func appendingNeverGoesThroughALinkAHardLinkOrIntoAPipe() throws {
        let directory = try TemporaryDirectory()
        let victim = try directory.write("victim\n", to: "victim.txt")
        #expect(symlink(victim.path, directory.file("soft").path) == 0)
        #expect(link(victim.path, directory.file("hard").path) == 0)
        #expect(mkfifo(directory.file("pipe").path, 0o644) == 0)
        for name in ["soft", "hard", "pipe"] {
            #expect(throws: AtomicWriter.Failure.self, "\(name)") { try AtomicWriter.append(Data("line\n".utf8), to: directory.file(name).path) }
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim\n")
        try AtomicWriter.append(Data("one\n".utf8), to: directory.file("new").path)
        try AtomicWriter.append(Data("two\n".utf8), to: directory.file("new").path)
        #expect(try String(contentsOf: directory.file("new"), encoding: .utf8) == "one\ntwo\n")
    }

    @Test func aNewFileIsNeverMadeOverALink() throws {
        let directory = try TemporaryDirectory()
        let victim = try directory.write("victim", to: "victim.txt")
        let file = directory.file("places.bin")
        #expect(symlink(victim.path, file.path) == 0)
        let failure = #expect(throws: AtomicWriter.Failure.self) { try AtomicWriter.create(Data("new".utf8), at: file.path) }
        #expect(failure?.reason == "a file of that name already exists")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim" && Self.isLink(file))
        #expect(directory.fileNames == ["places.bin", "victim.txt"])
    }
}
