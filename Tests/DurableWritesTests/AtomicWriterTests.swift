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

    /// Issue 41: the journal appends each change to the file it started, flushed, and never to
    /// another one that took its name since, nor to a name that is gone (it is then started anew).
    @Test func aDurableAppendGoesOnlyIntoTheFileItWasMeantFor() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("start\n", to: "trips.json.journal")
        let identity = try #require(AtomicWriter.FileIdentity(path: file.path))
        try AtomicWriter.appendDurably(Data("one\n".utf8), to: file.path, file: identity)
        #expect(try String(contentsOf: file, encoding: .utf8) == "start\none\n")

        // Another file took the name: it is left as it is.
        _ = try directory.write("other\n", to: "other")
        #expect(rename(directory.file("other").path, file.path) == 0)
        let failure = #expect(throws: AtomicWriter.Failure.self) { try AtomicWriter.appendDurably(Data("two\n".utf8), to: file.path, file: identity) }
        #expect(failure?.reason == "it is no longer the file roadtrip made there")
        #expect(try String(contentsOf: file, encoding: .utf8) == "other\n")

        // Gone: nothing is made in its place.
        #expect(unlink(file.path) == 0)
        #expect(throws: AtomicWriter.Failure.self) { try AtomicWriter.appendDurably(Data("two\n".utf8), to: file.path, file: identity) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileIdentityIsOnlyARegularFilesNeverALinks() throws {
        let directory = try TemporaryDirectory()
        let victim = try directory.write("victim", to: "victim.txt")
        #expect(symlink(victim.path, directory.file("soft").path) == 0)
        #expect(AtomicWriter.FileIdentity(path: directory.file("soft").path) == nil)
        #expect(AtomicWriter.FileIdentity(path: directory.path) == nil)
        #expect(AtomicWriter.FileIdentity(path: directory.file("missing").path) == nil)
        #expect(AtomicWriter.FileIdentity(path: victim.path) != nil)
    }

    static func permissions(_ url: URL) -> mode_t {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// A private file (the leg cache, issue 52): made 0600, and one found 0644 made 0600 before
    /// anything more is written into it, whether appended to or replaced.
    @Test func aPrivateFileIsMadeAndKeptItsOwnersAlone() throws {
        let directory = try TemporaryDirectory()
        let appended = directory.file("appended"), replaced = directory.file("replaced")
        try AtomicWriter.append(Data("one\n".utf8), to: appended.path, permissions: 0o600)
        try AtomicWriter.replace(Data("one\n".utf8), at: replaced.path, links: .refuse, permissions: 0o600)
        #expect(Self.permissions(appended) == 0o600 && Self.permissions(replaced) == 0o600)
        #expect(chmod(appended.path, 0o644) == 0 && chmod(replaced.path, 0o644) == 0)
        try AtomicWriter.append(Data("two\n".utf8), to: appended.path, permissions: 0o600)
        try AtomicWriter.replace(Data("two\n".utf8), at: replaced.path, links: .refuse, permissions: 0o600)
        #expect(Self.permissions(appended) == 0o600 && Self.permissions(replaced) == 0o600)
        #expect(try String(contentsOf: appended, encoding: .utf8) == "one\ntwo\n")
    }

    /// Without `permissions`, a file keeps the mode it has (the trips file's is the user's choice).
    @Test func otherwiseAFileKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("one\n", to: "file")
        #expect(chmod(file.path, 0o640) == 0)
        try AtomicWriter.append(Data("two\n".utf8), to: file.path)
        try AtomicWriter.replace(Data("three\n".utf8), at: file.path, links: .refuse)
        #expect(Self.permissions(file) == 0o640)
    }
}
