import DurableWrites
import Foundation
import RoadtripRegions
#if canImport(Glibc)
import Glibc
#endif

/// The folder downloads wait in, `$XDG_CACHE_HOME/roadtrip/extracts`: the cached catalogue and
/// each download's resumable part, which is imported from there once whole. roadtrip names every
/// file it puts there itself, from the catalogue's id (never from a server's address, whose last
/// part may be `../../data/roadtrip`), marks the folder when it makes it, and touches nothing
/// else. A folder that is a link to one holding other things (the user's Downloads) is refused
/// before anything is written, as the regions folder is.
package struct ExtractFolder: Sendable {
    package let url: URL

    package init(url: URL) {
        self.url = url
    }

    static let markName = ".made-by-roadtrip"
    static let catalogueName = "catalogue.json"
    static let addressName = "catalogue.address"
    static let partSuffix = ".osm.pbf.part"
    /// The longest stem a file of an extract gets: with its suffix, far below any file system's 255.
    static let longestStem = 64

    var catalogue: URL { url.appendingPathComponent(Self.catalogueName) }
    var address: URL { url.appendingPathComponent(Self.addressName) }

    /// Where `extract`'s download is gathered, resumable.
    package func part(of extract: ExtractCatalogue.Extract) -> URL {
        url.appendingPathComponent(Self.stem(of: extract) + Self.partSuffix)
    }

    /// The name of `extract`'s files: its path in the catalogue with `/` as `_` ("europe/andorra":
    /// `europe_andorra`), in letters, digits, hyphens and underscores only, and at most
    /// `longestStem` long; a path that had to be changed to fit gets eight digits of a hash of
    /// itself, so that two extracts never share a file.
    static func stem(of extract: ExtractCatalogue.Extract) -> String {
        let path = extract.path
        var stem = String(
            path.lowercased().unicodeScalars.map { scalar -> Character in
                if scalar == "/" { return "_" }
                return isStemScalar(scalar) ? Character(scalar) : "-"
            })
        guard stem != path.replacingOccurrences(of: "/", with: "_") || stem.count > longestStem || stem.isEmpty || stem.hasPrefix(".") else {
            return stem
        }
        stem = String(stem.prefix(longestStem - 9))
        return stem + "-" + String(format: "%08x", Self.hash(path))
    }

    private static func isStemScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    /// FNV-1a of the text's bytes, 32 bits: the same on every run and machine.
    private static func hash(_ text: String) -> UInt32 {
        text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    /// Whether roadtrip gives `name` to something in the folder.
    static func isOwn(_ name: String) -> Bool {
        if [markName, catalogueName, addressName].contains(name) || name.hasPrefix(AtomicWriter.temporaryPrefix) { return true }
        guard name.hasSuffix(partSuffix) else { return false }
        let stem = name.dropLast(partSuffix.count)
        return !stem.isEmpty && stem.count <= longestStem && !stem.hasPrefix(".") && stem.unicodeScalars.allSatisfy(isStemScalar)
    }

    /// Makes the folder (with roadtrip's mark in it) when it is missing; refuses one that is a link
    /// to a folder roadtrip did not make (no mark in it) holding anything, or holding what roadtrip
    /// does not name so: nothing of roadtrip's is written, and nothing removed, among someone
    /// else's files (the user's Downloads, which may hold a browser's own `.osm.pbf.part`).
    package func prepare() throws(DownloadError) {
        var status = stat()
        if lstat(url.path, &status) != 0 {
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
                throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
            }
            try? AtomicWriter.create(Data(), at: url.appendingPathComponent(Self.markName).path)
            return
        }
        guard status.st_mode & S_IFMT == S_IFLNK else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let marked = entries.contains(Self.markName)
        let foreign = entries.filter { !Self.isOwn($0) || !marked }.sorted()
        guard !foreign.isEmpty else {
            if entries.isEmpty { try? AtomicWriter.create(Data(), at: url.appendingPathComponent(Self.markName).path) }
            return
        }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? url.resolvingSymlinksInPath().path
        throw .sharedFolder(path: url.path, target: target, holding: foreign)
    }
}

/// A download's part, opened by roadtrip itself: never through a link (`O_NOFOLLOW`), only a
/// regular file with no other name (a hard link would write into someone's file), new files
/// readable by their owner only, and locked while it is written (`flock`). curl never opens it: it writes into roadtrip's pipe, and roadtrip
/// appends here.
package final class PartFile {
    package let url: URL
    private let descriptor: Int32

    /// Opens the part at `url`, or makes it empty.
    package init(_ url: URL) throws(DownloadError) {
        self.url = url
        descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .notOwnPart(path: url.path, what: "a link") }
            throw Self.writeError(code, path: url.path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Self.writeError(code, path: url.path)
        }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            close(descriptor)
            let what =
                status.st_mode & S_IFMT != S_IFREG
                ? FileKind.notRegular(status.st_mode) ?? "not a regular file" : "a file with another name elsewhere (a hard link)"
            throw .notOwnPart(path: url.path, what: what)
        }
        // Opened without blocking (a FIFO planted there must not hold the open); writes block.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        // One download of an extract at a time: a second would append to the same part. Only a
        // lock held elsewhere is "busy"; a signal that came in between is asked again (a test
        // process full of children gets many), another failure is said as it is.
        var locked = flock(descriptor, LOCK_EX | LOCK_NB)
        while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX | LOCK_NB) }
        guard locked == 0 else {
            let code = errno
            close(descriptor)
            throw code == EWOULDBLOCK ? .busy(path: url.path) : Self.writeError(code, path: url.path)
        }
    }

    deinit { close(descriptor) }

    /// The bytes in the part.
    package func size() throws(DownloadError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.writeError(errno, path: url.path) }
        return Int64(status.st_size)
    }

    /// Drops what the part holds: a download to start again.
    func empty() throws(DownloadError) {
        guard ftruncate(descriptor, 0) == 0 else { throw Self.writeError(errno, path: url.path) }
    }

    /// Adds `bytes` at the part's end.
    func append(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw Self.writeError(errno, path: url.path) }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Self.writeError(written < 0 ? errno : ENOSPC, path: url.path) }
            offset += written
        }
    }

    /// The part's content read from its start by a child's standard input (`md5sum`).
    func asInput() throws(DownloadError) -> Int32 {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Self.writeError(errno, path: url.path) }
        return descriptor
    }

    /// Whether `path` names this very file (not one put in its place since).
    func isNamed(_ path: URL) -> Bool {
        var own = stat(), named = stat()
        return fstat(descriptor, &own) == 0 && lstat(path.path, &named) == 0 && own.st_dev == named.st_dev && own.st_ino == named.st_ino
    }

    /// Removes the file from the folder, when `path` still names it: never what took its place.
    func remove(at path: URL) {
        if isNamed(path) { unlink(path.path) }
    }

    /// The sentence for a failed write of the part: a full disk says so, any other cause its own.
    static func writeError(_ code: Int32, path: String) -> DownloadError {
        code == ENOSPC || code == EDQUOT ? .diskFull(path: path) : .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}
