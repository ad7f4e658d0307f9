import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a data file looked like when it was last read or written: size, modification time and a
/// hash of its bytes. Before each save the file on disk is compared with it, so that a change
/// made by another program is noticed and merged instead of overwritten.
struct FileFingerprint: Equatable, Sendable {
    let size: Int
    let modified: TimeInterval
    let hash: UInt64

    init(bytes: Data, size: Int, modified: TimeInterval) {
        self.size = size
        self.modified = modified
        self.hash = Self.hash(bytes)
    }

    /// Size and modification time of the file at `path`, or nil when there is none.
    static func status(_ path: String) -> (size: Int, modified: TimeInterval)? {
        var status = stat()
        guard lstatOrStat(path, &status) else { return nil }
        return (Int(status.st_size), TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
    }

    /// FNV-1a, 64 bits: enough to tell two versions of one file apart; not a security measure.
    static func hash(_ bytes: Data) -> UInt64 {
        // Over the raw buffer: Data's own iterator costs several times more per byte.
        bytes.withUnsafeBytes { buffer in
            buffer.reduce(into: UInt64(0xcbf2_9ce4_8422_2325)) { hash, byte in
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
    }
}

/// `stat(2)`, following symlinks (the data file may be one).
private func lstatOrStat(_ path: String, _ status: inout stat) -> Bool {
    stat(path, &status) == 0
}
