/// The layout of `basemap.bin`, written by Scripts/make-basemap.py (keep the two in step) and
/// read by `Basemap`. Little-endian throughout; every section starts on an 8-byte boundary, so
/// records and points are read in place with aligned loads.
///
///     header      magic "RTBASEMP", version, level count, file length, header checksum
///     levels      one record per level of detail, coarsest first (`Level`)
///     then for each level:
///       chunks    runs of at most 64 points of one line: bounding box, first point, count, layer
///       tiles     tilesPerSide² + 1 starts into entries: tile t lists entries[start(t)..<start(t+1)]
///       entries   chunk numbers, each chunk listed in every tile its bounding box touches
///       points    `MercatorPoint`s (two Float32), the lines of the level one after another
///
/// Loading checks everything an index read could go wrong on (section bounds, tile starts,
/// chunk numbers, chunk point ranges), so that lines are then handed out without further checks.
/// Points themselves are not checked: a damaged point draws in the wrong place, nothing worse.
enum BasemapFormat {
    static let magic: [UInt8] = Array("RTBASEMP".utf8)
    static let version: UInt32 = 1

    /// magic (8), version (4), level count (4), file length (8), checksum (4), padding (4).
    static let headerSize = 32
    static let versionOffset = 8
    static let levelCountOffset = 12
    static let fileLengthOffset = 16
    static let checksumOffset = 24
    /// More levels than this is a damaged count, not a real file.
    static let maximumLevels = 16
    /// Tiles per side of the finest grid a file may have (a power of two).
    static let maximumTilesPerSide = 4096

    enum Level {
        static let size = 40
        static let tolerance = 0 // Float64: the simplification tolerance, in world units
        static let tilesPerSide = 8 // UInt32, a power of two
        static let chunkCount = 12 // UInt32
        static let pointCount = 16 // UInt32
        static let entryCount = 20 // UInt32
        static let chunks = 24 // UInt32 file offsets of the four sections
        static let tiles = 28
        static let entries = 32
        static let points = 36
    }

    enum Chunk {
        static let size = 24
        static let minX = 0 // Float32 × 4: bounding box of the chunk's points
        static let minY = 4
        static let maxX = 8
        static let maxY = 12
        static let firstPoint = 16 // UInt32 index into the level's points
        static let pointCount = 20 // UInt16
        static let layer = 22 // UInt8 `BasemapLayer` raw value
    }

    /// FNV-1a over the header and level table with the checksum field zeroed: garbage with the
    /// right magic and plausible numbers is refused.
    static func checksum(of front: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for (index, byte) in front.enumerated() {
            let value = (checksumOffset..<checksumOffset + 4).contains(index) ? 0 : byte
            hash = (hash ^ UInt32(value)) &* 16_777_619
        }
        return hash
    }

    /// The tile (column or row) holding `value` on a grid of `tiles` per side. `tiles` is a power
    /// of two and the file's boxes are Float32, so this is exactly the script's arithmetic; NaN
    /// and values out of 0...1 land in the edge tiles instead of trapping.
    @inline(__always) static func tile(_ value: Double, _ tiles: Int) -> Int {
        let scaled = value * Double(tiles)
        guard scaled >= 0 else { return 0 }
        guard scaled < Double(tiles) else { return tiles - 1 }
        return Int(scaled)
    }
}
