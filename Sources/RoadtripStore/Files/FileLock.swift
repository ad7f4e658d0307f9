import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock on a data file, held by one writer for the moment of a write (read, merge,
/// write: issue 55), or on a journal by the one planner that keeps it, for its session.
///
/// The lock lives on a sidecar file (`trips.json.lock`), not on the data file: every save
/// replaces the data file by a rename, so a lock on its inode would be gone after the first save.
/// The holder writes its process id into the sidecar so that a writer kept waiting can say who held it.
/// The kernel releases the lock when the process ends, however it ends.
final class FileLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    enum Outcome {
        case acquired(FileLock)
        /// Another process holds it; its pid when the sidecar says.
        case heldByAnother(pid: Int32?)
        /// The sidecar cannot be created (a read-only folder): no lock is possible.
        case unavailable(reason: String)
        /// Something that is not a lock of ours has the sidecar's name (a symbolic link, a folder,
        /// a file with text or other hard links): it is left alone, and nothing may be saved
        /// without the lock.
        case refused(reason: String)
    }

    static func sidecar(for dataFile: URL) -> URL {
        dataFile.deletingLastPathComponent().appendingPathComponent(dataFile.lastPathComponent + ".lock")
    }

    /// The most a lock of ours holds: a process id and a newline.
    private static let largestLockFile = 32

    /// Opens the sidecar without following a link (`O_NOFOLLOW`: a `trips.json.lock` pointing at
    /// the trips file, or at any other file, must not be written through), creating it when it is
    /// not there. An existing one is used only when it looks like one of ours (a regular file
    /// with one name and at most a process id in it), because taking the lock writes the pid over
    /// its content.
    static func acquire(for dataFile: URL) -> Outcome {
        let path = sidecar(for: dataFile).path
        try? FileManager.default.createDirectory(at: dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST {
            descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            if descriptor < 0 {
                let code = errno
                return code == ELOOP || code == ENXIO || code == EISDIR || code == ENOTDIR
                    ? .refused(reason: notALock(path, because: code == ELOOP ? "it is a symbolic link" : "it is not a regular file"))
                    : .unavailable(reason: systemErrorMessage(code))
            }
            if let problem = foreignContent(descriptor) {
                close(descriptor)
                return .refused(reason: notALock(path, because: problem))
            }
        }
        guard descriptor >= 0 else { return .unavailable(reason: systemErrorMessage(errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            return .heldByAnother(pid: holder)
        }
        let text = Array("\(getpid())\n".utf8)
        ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return .acquired(FileLock(descriptor: descriptor))
    }

    /// The lock for the moment of a write: `acquire`, tried again every few milliseconds while
    /// another process holds it (for its own moment), for at most `patience` seconds.
    static func acquire(for dataFile: URL, waiting patience: TimeInterval) -> Outcome {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            let outcome = acquire(for: dataFile)
            guard case .heldByAnother = outcome, Date() < deadline else { return outcome }
            usleep(5_000)
        }
    }

    private static func notALock(_ path: String, because problem: String) -> String {
        "\(path) is not a lock roadtrip made (\(problem)); roadtrip will not write through it, so nothing can be saved until it is removed"
    }

    /// Why the open sidecar is not one of ours, or nil when it is.
    private static func foreignContent(_ descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return "it cannot be examined: \(systemErrorMessage(errno))" }
        if let kind = FileKind.notRegular(status.st_mode) { return "it is \(kind)" }
        if status.st_nlink > 1 { return "it has other hard links" }
        if status.st_size > largestLockFile { return "it holds \(status.st_size) bytes, more than a process id" }
        var buffer = [UInt8](repeating: 0, count: largestLockFile)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let isPid = buffer.prefix(max(count, 0)).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "\n") }
        return isPid ? nil : "it holds something other than a process id"
    }

    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
