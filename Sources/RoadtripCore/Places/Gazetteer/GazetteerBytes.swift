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

/// A window on bytes owned elsewhere (a `GazetteerBytes`), read little-endian. Every read is
/// checked against the window: out of range gives 0 or nothing, never memory beyond it.
struct ByteSlice {
    let base: UnsafeRawPointer
    let count: Int

    func slice(offset: Int, length: Int) -> ByteSlice? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        return ByteSlice(base: base + offset, count: length)
    }

    @inline(__always) func uint8(_ offset: Int) -> UInt8 {
        guard offset >= 0, offset < count else { return 0 }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inline(__always) func uint16(_ offset: Int) -> UInt16 {
        guard offset >= 0, offset <= count - 2 else { return 0 }
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always) func uint32(_ offset: Int) -> UInt32 {
        guard offset >= 0, offset <= count - 4 else { return 0 }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) func int32(_ offset: Int) -> Int32 { Int32(bitPattern: uint32(offset)) }

    func uint64(_ offset: Int) -> UInt64 {
        UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
    }

    /// `length` bytes from `offset`, cut short at the end of the window.
    @inline(__always) func bytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        guard offset >= 0, offset < count, length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + offset, count: min(length, count - offset))
    }

    /// The text of a string reference (offset and length, UInt32 each) stored at `offset`, in `strings`.
    func string(at offset: Int, in strings: ByteSlice) -> String {
        let text = strings.bytes(Int(uint32(offset)), Int(uint32(offset + 4)))
        return String(decoding: text, as: UTF8.self)
    }
}
