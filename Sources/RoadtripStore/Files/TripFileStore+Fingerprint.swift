import Foundation
#if canImport(Glibc)
import Glibc
import RoadtripCore
#endif

extension TripFileStore {
    /// The file as read: its trips, and what its bytes looked like, to notice another program's
    /// changes before a save.
    package struct Snapshot: Sendable {
        package let file: TripFile
        let fingerprint: FileFingerprint
    }

    /// Reads and decodes the file; nil when there is none. The one routine that reads the data
    /// file: the planner's start, `list`, a save's look for another program's changes.
    /// Anything but a regular file (a folder, a pipe, a device, a symbolic link that loops) is
    /// refused with what it is, before any byte is read: reading a pipe would block for ever.
    package func load() throws(DataFileError) -> Snapshot? {
        guard let (data, size, modified) = try readBytes() else { return nil }
        return Snapshot(file: try decode(data), fingerprint: FileFingerprint(bytes: data, size: size, modified: modified))
    }

    /// The file as it is on disk when it is no longer the one `fingerprint` describes (another
    /// program wrote it, or created it where there was none); nil when it is unchanged.
    func changedSince(_ fingerprint: FileFingerprint?) throws(DataFileError) -> Snapshot? {
        guard mayHaveChanged(since: fingerprint) else { return nil }
        guard let fresh = try load() else { return nil }
        return fresh.fingerprint.hash == fingerprint?.hash ? nil : fresh
    }

    /// Whether the file's size or modification time is not the one `fingerprint` noted (one
    /// `stat`): only then can it have changed.
    func mayHaveChanged(since fingerprint: FileFingerprint?) -> Bool {
        guard let fingerprint, let current = FileFingerprint.status(path) else { return true }
        return current.size != fingerprint.size || current.modified != fingerprint.modified
    }

    /// Writes `file` and returns the fingerprint of what is now on disk.
    func writeAndFingerprint(_ file: TripFile) throws(DataFileError) -> FileFingerprint {
        let data = try encode(file)
        try write(data)
        let status = FileFingerprint.status(AtomicFile.resolvingSymlink(path)) ?? (data.count, 0)
        return FileFingerprint(bytes: data, size: status.size, modified: status.modified)
    }

    func encode(_ file: TripFile) throws(DataFileError) -> Data {
        do {
            return try file.encoded()
        } catch {
            throw .unwritable(path: path, reason: "the trips could not be encoded (\(error))")
        }
    }

    /// Why the file cannot be replaced by a save (read-only, other hard links, another owner),
    /// or nil; the planner opens such a file read-only and says why.
    func saveObstacle() -> String? {
        AtomicFile.obstacle(replacing: AtomicFile.resolvingSymlink(path))
    }

    /// The file's bytes, size and modification time; nil when there is no file.
    func readBytes() throws(DataFileError) -> (Data, Int, TimeInterval)? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            switch code {
            case ENOENT where lstat(path, &link) == 0:
                return nil // a symbolic link to a file not made yet: the first save makes it
            case ENOENT, ENOTDIR:
                return nil // nothing there (a folder on the way is a file: the save will say so)
            case ELOOP:
                throw .unreadable(path: path, reason: "it is a symbolic link that leads back to itself")
            default:
                throw .unreadable(path: path, reason: systemErrorMessage(code))
            }
        }
        if let kind = FileKind.notRegular(status.st_mode) {
            throw .unreadable(path: path, reason: "it is \(kind), not a file")
        }
        let data = try readBounded()
        let modified = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
        return (data, Int(status.st_size), modified)
    }

    /// The file's bytes, refusing one larger than `byteLimit` before reading it (an 8 GB file
    /// would take twice that in memory): its size is checked on the open descriptor, and a
    /// file that says it is empty but streams more (`/proc`) is stopped at the limit all the
    /// same. Read with the system's calls, so that a failure is named by its errno (Foundation
    /// says "NSCocoaErrorDomain error 256").
    private func readBounded() throws(DataFileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: systemErrorMessage(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: systemErrorMessage(errno)) }
        if let kind = FileKind.notRegular(status.st_mode) { throw .unreadable(path: path, reason: "it is \(kind), not a file") }
        guard Int(status.st_size) <= byteLimit else { throw tooLarge(Int(status.st_size)) }
        var data = Data(capacity: Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemErrorMessage(errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            guard data.count <= byteLimit else { throw tooLarge(nil) }
        }
    }

    private func tooLarge(_ size: Int?) -> DataFileError {
        let found = size.map { "it is \(Self.sizeText($0))" } ?? "it goes on past that"
        return .unreadable(path: path, reason: "\(found), \(limitText); it was not read")
    }

    /// "and a trips file may be at most 256 MB (well over a million stops)": the reader's refusal
    /// and the writer's say the same bound the same way.
    var limitText: String {
        let stops = byteLimit == Self.standardMaximumBytes ? " (well over a million stops)" : ""
        return "and a trips file may be at most \(Self.sizeText(byteLimit))\(stops)"
    }

    /// A size as the file's sentences give it ("395.4 MB", "256 MB").
    static func sizeText(_ bytes: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .binary)
    }
}
