import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock that one roadtrip holds on a data file while it has it open for writing.
///
/// The lock lives on a sidecar file (`trips.json.lock`), not on the data file: every save
/// replaces the data file by a rename, so a lock on its inode would be gone after the first save.
/// The holder writes its process id into the sidecar so that others can say who has the file.
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
    }

    static func sidecar(for dataFile: URL) -> URL {
        dataFile.deletingLastPathComponent().appendingPathComponent(dataFile.lastPathComponent + ".lock")
    }

    static func acquire(for dataFile: URL) -> Outcome {
        let path = sidecar(for: dataFile).path
        try? FileManager.default.createDirectory(at: dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
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

    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
