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
/// It also notes the trips file its changes were made to (`JournalBase`), so that a restore
/// applies only the journal's own changes to the file as it is by then: what a command changed
/// after the crash stays (issue 34).
///
/// The format (`format`): one line of JSON, `{"base":{…},"journal":2}`, then the trips as a trips
/// file writes them. Every version keeps the first line a JSON object whose `journal` says its
/// format, so that an older roadtrip knows a newer journal when it sees one and leaves it alone.
/// Format 1 (issue 21) was a trips file alone, with no base; it is still read.
///
/// It is written like the trips file (a temporary file, `fsync`, rename) but never through a link
/// or over anything that is not a regular file: the name beside the trips file is not trusted.
package enum TripJournal {
    /// The format this roadtrip writes, and the newest it reads.
    package static let format = 2

    package static func url(for dataFile: URL) -> URL {
        dataFile.deletingLastPathComponent().appendingPathComponent(dataFile.lastPathComponent + ".journal")
    }

    /// A journal that reads: its trips, the file they were changed from, when it was written.
    package struct Entry: Sendable {
        package let file: TripFile
        /// Nil for a journal of format 1, which did not note it.
        let base: JournalBase?
        /// The bytes of `file` as the journal holds them: a trips file of their own.
        let tripsBytes: Data
        package let written: Date
        package let url: URL
    }

    /// A journal written by a newer roadtrip: never offered, restored, removed or written over.
    package struct Newer: Sendable, Equatable {
        package let url: URL
        /// Why, as the end of a sentence that starts with the journal's path ("was written by a
        /// newer roadtrip (journal format 3; this one reads up to 2)").
        package let reason: String
    }

    package enum Found: Sendable {
        case entry(Entry)
        case newer(Newer)
    }

    static func write(_ file: TripFile, base: JournalBase, for dataFile: URL) throws(DataFileError) {
        let url = url(for: dataFile)
        if let obstacle = notOurs(url.path) { throw .unwritable(path: url.path, reason: obstacle) }
        let store = TripFileStore(url: url)
        var data = Data()
        do {
            data = try JSONEncoder.oneLine().encode(Header(journal: format, base: base))
        } catch {
            throw .unwritable(path: url.path, reason: "its first line could not be encoded (\(error))")
        }
        data.append(UInt8(ascii: "\n"))
        data.append(try store.encode(file))
        try store.write(data)
    }

    /// The journal left beside `dataFile`, when there is one that reads (a broken one is taken
    /// for none), or one of a newer roadtrip.
    package static func find(for dataFile: URL) -> Found? {
        let url = url(for: dataFile)
        var status = stat()
        guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let store = TripFileStore(url: url)
        guard let (data, _, _) = try? store.readBytes() else { return nil }
        let written = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
        let (header, tripsBytes) = split(data)
        var base: JournalBase?
        if let header {
            guard let probe = try? JSONDecoder().decode(FormatProbe.self, from: header) else { return nil }
            guard probe.journal <= format else {
                return .newer(Newer(url: url, reason: "was written by a newer roadtrip (journal format \(probe.journal); this one reads up to \(format))"))
            }
            guard let read = try? JSONDecoder().decode(Header.self, from: header) else { return nil }
            base = read.base
        }
        guard let file = try? store.decode(tripsBytes) else { return nil }
        guard file.version <= TripFile.currentVersion else {
            return .newer(Newer(url: url, reason: "was written by a newer roadtrip (its trips are file version \(file.version); this one reads version \(TripFile.currentVersion))"))
        }
        return .entry(Entry(file: file, base: base, tripsBytes: tripsBytes, written: written, url: url))
    }

    /// Removes the journal; a link or anything else of that name is left alone.
    package static func remove(for dataFile: URL) {
        let path = url(for: dataFile).path
        if notOurs(path) == nil { unlink(path) }
    }

    /// Keeps the trips of `entry` aside as a recovery copy beside the trips file
    /// (`trips.json.recovered-…`, a trips file `roadtrip --file` opens), never over a file that is
    /// there, and removes the journal; returns the copy's name.
    static func keepAside(_ entry: Entry, for dataFile: URL, now: Date = Date()) throws(DataFileError) -> URL {
        let copy = RecoveryFile.candidates(for: dataFile, environment: [:], now: now)[0]
        do {
            try AtomicFile.writeNew(entry.tripsBytes, to: copy)
        } catch {
            throw .unwritable(path: copy.path, reason: error.reason)
        }
        remove(for: dataFile)
        return copy
    }

    /// The first line (nil for a journal of format 1, whose first line is the `{` of its trips
    /// file) and the trips file after it.
    private static func split(_ data: Data) -> (header: Data?, trips: Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return (nil, data) }
        let first = data[data.startIndex..<newline]
        guard first.elementsEqual("{".utf8) == false else { return (nil, data) }
        return (Data(first), Data(data[(newline + 1)...]))
    }

    private struct FormatProbe: Decodable {
        let journal: Int
    }

    private struct Header: Codable {
        let journal: Int
        let base: JournalBase
    }

    /// Why the name cannot be a journal of ours (a link, a folder, a device), or nil.
    private static func notOurs(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if (status.st_mode & S_IFMT) == S_IFLNK { return "it is a symbolic link, and the journal is never written through one" }
        return FileKind.notRegular(status.st_mode).map { "it is \($0), not a journal" }
    }
}

private extension JSONEncoder {
    /// Compact JSON on one line (a line break in a string is written `\n`), keys sorted.
    static func oneLine() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
