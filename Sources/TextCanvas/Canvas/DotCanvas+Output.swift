extension DotCanvas {
    /// The rows as text, trailing spaces removed: for headless output (`roadtrip map`) and tests.
    /// Each row is encoded as UTF-8 bytes into one reused buffer and made a String once: building
    /// Strings scalar by scalar costs about a microsecond a cell, too slow for 200×60 every frame.
    public func lines(glyphs: CanvasGlyphs = .preferred) -> [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4)
        return (0..<height).map { row in
            bytes.removeAll(keepingCapacity: true)
            for column in 0..<width {
                let cell = row * width + column
                switch overlayKind[cell] {
                case 0: Self.appendUTF8(glyphs.character(for: bits[cell]), to: &bytes)
                case 1: for scalar in glyph(atCell: cell)?.scalars ?? [] { Self.appendUTF8(scalar, to: &bytes) }
                default: break
                }
            }
            while bytes.last == 0x20 { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @inline(__always)
    static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(UInt8(value))
        } else {
            for unit in UTF8.encode(scalar)! { bytes.append(unit) }
        }
    }
}
