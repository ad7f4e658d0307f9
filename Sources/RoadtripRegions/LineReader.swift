import Foundation

/// The lines of a file, read a megabyte at a time: osmium's GeoJSON of a country's places runs to
/// gigabytes, which an import must not hold whole.
struct LineReader: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    static let chunk = 1 << 20

    init(_ url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    /// The next line without its newline; nil at the end of the file.
    mutating func next() -> Substring? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return Substring(line)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return Substring(line)
            }
            buffer.removeFirst(start)
            start = 0
            let data = (try? handle.read(upToCount: Self.chunk)) ?? nil
            if let data, !data.isEmpty { buffer += data } else { atEnd = true }
        }
    }
}
