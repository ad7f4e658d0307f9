import Foundation
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

/// Changes not saved yet, kept where a crash cannot take them, as vim's swap file keeps an
/// edit: `trips.json.journal` beside the trips file holds the trips as they were after the last
/// change, written (off the main loop) as soon as the change is made, and removed once the
/// trips file has them. A planner that dies between a change and its autosave (a crash, a kill,
/// a power cut) leaves it behind, and the next planner offers it back.
///
/// It is written like the trips file (a temporary file, `fsync`, rename) but never through a link
/// or over anything that is not a regular file: the name beside the trips file is not trusted.
package enum TripJournal {
    package static func url(for dataFile: URL) -> URL {
        dataFile.deletingLastPathComponent().appendingPathComponent(dataFile.lastPathComponent + ".journal")
    }

    /// A journal found at start: its trips and when it was written.
    package struct Found: Sendable {
        package let file: TripFile
        package let written: Date
        package let url: URL
    }

    static func write(_ file: TripFile, for dataFile: URL) throws(DataFileError) {
        let url = url(for: dataFile)
        if let obstacle = notOurs(url.path) { throw .unwritable(path: url.path, reason: obstacle) }
        let store = TripFileStore(url: url)
        try store.write(file)
    }

    /// The journal left beside `dataFile`, when there is one that reads.
    package static func find(for dataFile: URL) -> Found? {
        let url = url(for: dataFile)
        var status = stat()
        guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              let file = try? TripFileStore(url: url).read() else { return nil }
        return Found(file: file, written: Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)), url: url)
    }

    /// Removes the journal; a link or anything else of that name is left alone.
    package static func remove(for dataFile: URL) {
        let path = url(for: dataFile).path
        if notOurs(path) == nil { unlink(path) }
    }

    /// Gives the journal a recovery copy's name beside the trips file (`trips.json.recovered-…`),
    /// never over a file that is there; returns the new name.
    static func keepAside(for dataFile: URL, now: Date = Date()) throws(DataFileError) -> URL {
        let journal = url(for: dataFile).path
        let copy = RecoveryFile.candidates(for: dataFile, environment: [:], now: now)[0]
        if let obstacle = notOurs(journal) { throw .unwritable(path: journal, reason: obstacle) }
        guard link(journal, copy.path) == 0 else { throw .unwritable(path: copy.path, reason: systemErrorMessage(errno)) }
        unlink(journal)
        return copy
    }

    /// Why the name cannot be a journal of ours (a link, a folder, a device), or nil.
    private static func notOurs(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if (status.st_mode & S_IFMT) == S_IFLNK { return "it is a symbolic link, and the journal is never written through one" }
        return FileKind.notRegular(status.st_mode).map { "it is \($0), not a journal" }
    }
}
