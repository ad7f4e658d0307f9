import Foundation
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

/// Changes not saved yet, kept where a crash cannot take them, as vim's swap file keeps an
/// edit: `trips.json.journal` beside the trips file holds each change as soon as it is made
/// (written off the main loop), and is removed once the trips file has them. A planner that dies
/// between a change and its autosave (a crash, a kill, a power cut) leaves it behind, and the
/// next planner offers it back.
///
/// It notes the trips file its changes were made to (`JournalBase`), so that a restore applies
/// only the journal's own changes to the file as it is by then: what a command changed after the
/// crash stays (issue 34).
///
/// The format (`format`): every version keeps the first line a JSON object whose `journal` says
/// its format, so that an older roadtrip knows a newer journal when it sees one and leaves it
/// alone.
/// - Format 3 (issue 41): `{"base":{"file":{…},"trips":N},"journal":3}`, the file the changes
///   were made to and how many trips it had, then one record per change (`JournalRecord`): the
///   trips that changed, not the file, appended and flushed to disk, so that writing a change
///   costs the size of the change. A record cut short by a crash is left out, and the restore
///   says so (`cutShort`).
/// - Format 2 (issue 34): `{"base":{…},"journal":2}`, then the trips as a trips file writes
///   them, all of them, after every change. Still read.
/// - Format 1 (issue 21): a trips file alone, with no base. Still read.
///
/// It is never written through a link or over anything that is not a regular file: the name
/// beside the trips file is not trusted.
package enum TripJournal {
    /// The format this roadtrip writes, and the newest it reads.
    package static let format = 3

    package static func url(for dataFile: URL) -> URL {
        dataFile.deletingLastPathComponent().appendingPathComponent(dataFile.lastPathComponent + ".journal")
    }

    /// A journal that reads: its changes, the file they were made to, when it was written.
    package struct Entry: Sendable {
        /// What the journal holds.
        enum Content: Sendable {
            /// Formats 1 and 2: the trips as they were after the last change.
            case trips([Trip])
            /// Format 3: its records, replayed.
            case changes(JournalReplay)
        }

        let content: Content
        /// Nil for a journal of format 1, which did not note it.
        let base: JournalBase?
        package let written: Date
        package let url: URL
        /// Whether a change at its end was cut short (the planner died while writing it) and is
        /// left out.
        package let cutShort: Bool

        /// Whether `current`, the trips of the file `fingerprint` describes, are the trips the
        /// journal's changes were made to; always, for a journal of format 1, which did not note them.
        func startedFrom(_ current: [Trip], fingerprint: FileFingerprint?) -> Bool {
            guard let base else { return true }
            if case .changes(let replay) = content, replay.baseCount != current.count { return false }
            return base.isFile(fingerprint)
        }

        /// The journal's trips, made from `base`, the trips of the file it started from; without
        /// that file, a journal of format 3 gives only the trips it changed (see `JournalReplay`).
        func trips(onto base: [Trip]?) -> [Trip] {
            switch content {
            case .trips(let trips): trips
            case .changes(let replay): replay.trips(onto: base)
            }
        }
    }

    /// A journal written by a newer roadtrip: never offered, restored, removed or written over.
    package struct Newer: Sendable, Equatable {
        package let url: URL
        /// Why, as the end of a sentence that starts with the journal's path ("was written by a
        /// newer roadtrip (journal format 4; this one reads up to 3)").
        package let reason: String
    }

    /// A journal larger than the largest file roadtrip reads (`TripFileStore.maximumBytes`):
    /// never read, so never offered, restored, removed or written over, but said, with its size
    /// (issue 52: one of 300 MB was passed over in silence, and the planner's own journal then
    /// replaced it).
    package struct TooLarge: Sendable, Equatable {
        package let url: URL
        package let bytes: Int
        /// The most roadtrip reads.
        package let limit: Int

        /// Why it is left as it is, as the end of a sentence that starts with its path ("is
        /// 286.1 MB, more than the 256 MB roadtrip reads, so its changes cannot be offered back").
        package var reason: String {
            "is \(TripFileStore.sizeText(bytes)), more than the \(TripFileStore.sizeText(limit)) roadtrip reads, so its changes cannot be offered back"
        }
    }

    package enum Found: Sendable {
        case entry(Entry)
        case newer(Newer)
        case tooLarge(TooLarge)
    }

    /// The first line of a journal of this format, for changes made to the file `fingerprint`
    /// describes, which has `tripCount` trips.
    static func firstLine(base fingerprint: FileFingerprint?, tripCount: Int) throws -> Data {
        var line = try JSONEncoder.oneLine().encode(Header(journal: format, base: Start(file: fingerprint.map { JournalBase.FileMark($0) }, trips: tripCount)))
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The journal left beside `dataFile`, when there is one that reads (a broken one is taken
    /// for none), or one of a newer roadtrip, or one too large to read.
    package static func find(for dataFile: URL) -> Found? {
        let url = url(for: dataFile)
        var status = stat()
        guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let store = TripFileStore(url: url)
        guard Int(status.st_size) <= store.byteLimit else {
            return .tooLarge(TooLarge(url: url, bytes: Int(status.st_size), limit: store.byteLimit))
        }
        guard let (data, _, _) = try? store.readBytes() else { return nil }
        let written = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
        let newer = { (reason: String) in Found.newer(Newer(url: url, reason: "was written by a newer roadtrip (\(reason))")) }
        guard let (header, rest) = split(data) else {
            // Format 1: a trips file alone.
            guard let file = try? store.decode(data) else { return nil }
            guard file.version <= TripFile.currentVersion else { return newer(newerTrips(file.version)) }
            return .entry(Entry(content: .trips(file.trips), base: nil, written: written, url: url, cutShort: false))
        }
        guard let probe = try? JSONDecoder().decode(FormatProbe.self, from: header) else { return nil }
        guard probe.journal <= format else { return newer("journal format \(probe.journal); this one reads up to \(format)") }
        if probe.journal < 3 {
            guard let read = try? JSONDecoder().decode(FormatTwoHeader.self, from: header), let file = try? store.decode(rest) else { return nil }
            guard file.version <= TripFile.currentVersion else { return newer(newerTrips(file.version)) }
            return .entry(Entry(content: .trips(file.trips), base: read.base, written: written, url: url, cutShort: false))
        }
        guard let start = (try? JSONDecoder().decode(Header.self, from: header))?.base, var replay = JournalReplay(baseCount: start.trips) else { return nil }
        var offset = rest.startIndex
        do {
            while let (record, next) = try JournalRecord.read(rest, at: offset, decodingWith: store), replay.apply(record) {
                offset = next
            }
        } catch {
            return newer(newerTrips(error.version))
        }
        guard let base = JournalBase(file: start.file, replay: replay) else { return nil }
        return .entry(Entry(content: .changes(replay), base: base, written: written, url: url, cutShort: offset != rest.endIndex))
    }

    private static func newerTrips(_ version: Int) -> String {
        "its trips are file version \(version); this one reads version \(TripFile.currentVersion)"
    }

    /// Removes the journal; a link or anything else of that name is left alone.
    package static func remove(for dataFile: URL) {
        let path = url(for: dataFile).path
        if notOurs(path) == nil { unlink(path) }
    }

    /// Keeps `file`, the trips the journal restores, aside as a recovery copy beside the trips file
    /// (`trips.json.recovered-…`, a trips file `roadtrip --file` opens, so no larger than one may
    /// be), never over a file that is there, and removes the journal; returns the copy's name.
    static func keepAside(_ file: TripFile, for dataFile: URL, now: Date = Date()) throws(DataFileError) -> URL {
        let copy = RecoveryFile.candidates(for: dataFile, environment: [:], now: now)[0]
        let store = TripFileStore(url: copy)
        let data = try store.encode(file)
        try store.refuseOversized(data)
        do {
            try AtomicFile.writeNew(data, to: copy)
        } catch {
            throw .unwritable(path: copy.path, reason: error.reason)
        }
        remove(for: dataFile)
        return copy
    }

    /// The first line and what follows it; nil for a journal of format 1, whose first line is the
    /// `{` of its trips file.
    private static func split(_ data: Data) -> (header: Data, rest: Data)? {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let first = data[data.startIndex..<newline]
        guard first.elementsEqual("{".utf8) == false else { return nil }
        return (Data(first), Data(data[(newline + 1)...]))
    }

    private struct FormatProbe: Decodable {
        let journal: Int
    }

    private struct FormatTwoHeader: Decodable {
        let journal: Int
        let base: JournalBase
    }

    /// The first line of format 3.
    private struct Header: Codable {
        let journal: Int
        let base: Start
    }

    /// The file a journal of format 3 started from, and how many trips it had.
    private struct Start: Codable {
        let file: JournalBase.FileMark?
        let trips: Int
    }

    /// Why the name cannot be a journal of ours (a link, a folder, a device), or nil.
    static func notOurs(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if (status.st_mode & S_IFMT) == S_IFLNK { return "it is a symbolic link, and the journal is never written through one" }
        return FileKind.notRegular(status.st_mode).map { "it is \($0), not a journal" }
    }
}

extension JSONEncoder {
    /// Compact JSON on one line (a line break in a string is written `\n`), keys sorted.
    static func oneLine() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
