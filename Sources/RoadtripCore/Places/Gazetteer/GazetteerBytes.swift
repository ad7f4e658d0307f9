import Foundation

/// The read-only bytes a `Gazetteer` lives in: a file mapped into memory (the real index, whose
/// pages the kernel brings in as searches touch them) or a buffer the writer has just made.
final class GazetteerBytes: @unchecked Sendable {
    let all: ByteSlice
    private let release: () -> Void
    /// The mapped file, kept open so that its length can be checked before each use: a mapped
    /// file cut short under the program would kill it with SIGBUS at the first page past its end
    /// (a region index truncated in place, issue 34).
    private let descriptor: Int32?

    private init(base: UnsafeRawPointer, count: Int, descriptor: Int32? = nil, release: @escaping () -> Void) {
        all = ByteSlice(base: base, count: count)
        self.descriptor = descriptor
        self.release = release
    }

    /// The file's length now, when it is shorter than what was mapped; nil while every mapped byte
    /// is still backed by the file (and always for bytes in memory).
    func lengthCutShort() -> Int? {
        guard let descriptor else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return Int(status.st_size) < all.count ? Int(status.st_size) : nil
    }

    deinit { release() }

    /// A copy of `bytes` in memory of its own.
    convenience init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        self.init(base: UnsafeRawPointer(memory), count: bytes.count) { memory.deallocate() }
    }

    /// The file at `url`, mapped read-only. Files too short to hold a header are refused here,
    /// since an empty file cannot be mapped at all.
    static func map(_ url: URL) throws(GazetteerError) -> GazetteerBytes {
        let path = url.path
        do {
            let (base, size, descriptor) = try MemoryMap.mapKeepingOpen(path, minimumSize: GazetteerFormat.headerSize)
            return GazetteerBytes(base: base, count: size, descriptor: descriptor) {
                munmap(UnsafeMutableRawPointer(mutating: base), size)
                close(descriptor)
            }
        } catch {
            switch error {
            case .missing: throw .missing(path: path)
            case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
            case .tooShort(let size):
                throw size == 0 ? .truncated(path: path, expectedBytes: GazetteerFormat.headerSize, actualBytes: 0) : .notThisKind(path: path)
            }
        }
    }
}
