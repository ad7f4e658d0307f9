import Foundation

/// The lines of a file, read a megabyte at a time: osmium's GeoJSON of a country's places runs to
/// gigabytes, which an import must not hold whole. With limits (the leg cache), a line longer
/// than `maximumLineBytes` is passed over as it is read, never held (a file of zeros has no
/// newline at all), and no more than `maximumBytes` are read: the memory it takes is bounded
/// whatever the file holds.
package struct LineReader: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on (the bytes before it hold none).
    private var scanned = 0
    private var atEnd = false
    /// Within a line too long to keep: its bytes are dropped until its newline.
    private var skipping = false
    private let maximumLineBytes: Int
    private var bytesLeft: Int
    /// The lines passed over for being longer than `maximumLineBytes`.
    package private(set) var overlongLines = 0
    static let chunk = 1 << 20

    package init(_ url: URL) throws {
        self.init(handle: try FileHandle(forReadingFrom: url))
    }

    /// Reads `handle` from where it stands.
    package init(handle: FileHandle, maximumLineBytes: Int = .max, maximumBytes: Int = .max) {
        self.handle = handle
        self.maximumLineBytes = maximumLineBytes
        bytesLeft = maximumBytes
    }

    /// The next line without its newline; nil at the end of the file.
    package mutating func next() -> Substring? {
        while true {
            if let newline = newline(from: scanned) {
                defer { (start, scanned) = (newline + 1, newline + 1) }
                if skipping {
                    skipping = false
                    continue
                }
                return Substring(String(decoding: buffer[start..<newline], as: UTF8.self))
            }
            scanned = buffer.count
            if skipping || buffer.count - start > maximumLineBytes { passOver() }
            if atEnd { return rest() }
            refill()
        }
    }

    /// Passes over what is left of the line under way: the first bytes read from the middle of a
    /// file are the end of a line, not one.
    package mutating func dropPartialLine() {
        skipping = true
    }

    /// The index of the first newline in `buffer` at or after `index`: `memchr`, as a search
    /// byte by byte takes seconds over a file of zeros in a debug build.
    private func newline(from index: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard index < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + index, 0x0A, bytes.count - index)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The last line, when the file does not end with a newline.
    private mutating func rest() -> Substring? {
        guard start < buffer.count, !skipping else { return nil }
        defer { start = buffer.count }
        return Substring(String(decoding: buffer[start...], as: UTF8.self))
    }

    /// Drops the line under way, too long to keep, up to its newline.
    private mutating func passOver() {
        if !skipping { overlongLines += 1 }
        skipping = true
        start = buffer.count
    }

    private mutating func refill() {
        buffer.removeFirst(start)
        (start, scanned) = (0, buffer.count)
        let wanted = Swift.min(Self.chunk, bytesLeft)
        let data = wanted > 0 ? ((try? handle.read(upToCount: wanted)) ?? nil) : nil
        guard let data, !data.isEmpty else {
            atEnd = true
            return
        }
        bytesLeft -= data.count
        buffer += data
    }
}
