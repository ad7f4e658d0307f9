/// A window on bytes owned elsewhere (a `GazetteerBytes`, a mapped basemap), read little-endian.
/// Every read is checked against the window: out of range gives 0 or nothing, never memory beyond it.
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
