import Foundation

/// The read-only bytes a `Gazetteer` lives in: a file mapped into memory (the real index, whose
/// pages the kernel brings in as searches touch them) or a buffer the writer has just made.
final class GazetteerBytes: @unchecked Sendable {
    let all: ByteSlice
    private let release: () -> Void

    private init(base: UnsafeRawPointer, count: Int, release: @escaping () -> Void) {
        all = ByteSlice(base: base, count: count)
        self.release = release
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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size >= GazetteerFormat.headerSize else {
            throw size == 0 ? .truncated(path: path, expectedBytes: GazetteerFormat.headerSize, actualBytes: 0) : .notAGazetteer(path: path)
        }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return GazetteerBytes(base: UnsafeRawPointer(mapped), count: size) { munmap(mapped, size) }
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
