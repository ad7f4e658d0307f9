/// Little-endian bytes being written: what a `ByteSlice` reads back (the index writers, and the
/// ranked lists the search writes into a draft index).
package struct LittleEndianBytes {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func uint8(_ value: UInt8) { bytes.append(value) }
    package mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    package mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    package mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }
    package mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    package mutating func align(to boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }
}
