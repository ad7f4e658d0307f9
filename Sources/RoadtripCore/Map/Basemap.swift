import Foundation

/// The lines behind the map: coastlines, lake shores, country and state/province borders from
/// Natural Earth (`Resources.basemap`, made by `make data`), at four levels of detail, each with
/// a grid of tiles listing the chunks of line that cross each tile.
///
/// The file is memory-mapped and used in place: loading checks the header and the index (not
/// the points), and lines are handed to the renderer as pointers into the mapping. It is never
/// written, which is why the class may be shared between threads.
package final class Basemap: BasemapProviding, @unchecked Sendable {
    /// Coarsest first, each finer than the one before (checked at load).
    let levels: [BasemapLevel]
    private let mapping: BasemapMapping

    /// A level's tolerance may be up to this many dots, so lines are at most a dot off where
    /// they should be (except finer than the finest level, about 600 m). Levels are a factor 4
    /// apart, so the level chosen has at most 4 times the detail a view can show: about 30,000
    /// points for the busiest frame, well within the frame's time.
    static let dotsOfTolerance = 1.0

    private init(mapping: BasemapMapping, path: String) throws(BasemapError) {
        self.mapping = mapping
        levels = try Self.readLevels(mapping.bytes, path: path)
    }

    /// Opens the basemap at `url`: maps it and checks its header and index against its length.
    /// Throws a `BasemapError` naming the file when it is missing, cut short, damaged or of
    /// another version.
    package static func load(from url: URL) throws(BasemapError) -> Basemap {
        try Basemap(mapping: BasemapMapping.map(url), path: url.path)
    }

    private static func readLevels(_ file: ByteSlice, path: String) throws(BasemapError) -> [BasemapLevel] {
        typealias Format = BasemapFormat
        guard Array(file.bytes(0, Format.magic.count)) == Format.magic else { throw .notThisKind(path: path) }
        let version = file.uint32(Format.versionOffset)
        guard version == Format.version else { throw .wrongVersion(path: path, found: version, expected: Format.version) }
        let length = file.uint64(Format.fileLengthOffset)
        guard length == UInt64(file.count) else {
            throw .truncated(path: path, expectedBytes: Int(clamping: length), actualBytes: file.count)
        }
        let levelCount = Int(file.uint32(Format.levelCountOffset))
        guard (1...Format.maximumLevels).contains(levelCount),
            let front = file.slice(offset: 0, length: Format.headerSize + levelCount * Format.Level.size)
        else {
            throw .damaged(path: path, detail: "it claims \(levelCount) levels")
        }
        let stored = file.uint32(Format.checksumOffset)
        guard Format.checksum(of: front.bytes(0, front.count)) == stored else {
            throw .damaged(path: path, detail: "the header checksum does not match")
        }
        var levels: [BasemapLevel] = []
        for index in 0..<levelCount {
            let level = try BasemapLevel(file: file, record: Format.headerSize + index * Format.Level.size) {
                .damaged(path: path, detail: $0)
            }
            guard levels.last.map({ $0.tolerance > level.tolerance }) ?? true else {
                throw .damaged(path: path, detail: "levels are not ordered coarse to fine")
            }
            levels.append(level)
        }
        return levels
    }

    /// The coarsest level whose tolerance is at most `dotsOfTolerance` dots of `resolution`,
    /// else the finest.
    func level(for resolution: Double) -> BasemapLevel {
        levels.first { $0.tolerance <= resolution * Self.dotsOfTolerance } ?? levels[levels.count - 1]
    }

    /// Hands over the chunks of line whose boxes meet `rect`, layer by layer in drawing order
    /// (`BasemapLayer`), each once: a chunk listed in several tiles is visited only from the
    /// first of them that the query reads, so no set of visited chunks is needed.
    package func forEachLine(in rect: MercatorRect, resolution: Double, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void) {
        guard rect.minX <= rect.maxX, rect.minY <= rect.maxY else { return }
        let level = level(for: resolution)
        let tiles = level.tilesPerSide
        let columns = BasemapFormat.tile(rect.minX, tiles)...BasemapFormat.tile(rect.maxX, tiles)
        let rows = BasemapFormat.tile(rect.minY, tiles)...BasemapFormat.tile(rect.maxY, tiles)
        for layer in BasemapLayer.allCases {
            for row in rows {
                for column in columns {
                    visitTile(column: column, row: row, of: level, columns: columns, rows: rows, layer: layer, rect: rect, body)
                }
            }
        }
    }

    @inline(__always)
    private func visitTile(
        column: Int, row: Int, of level: BasemapLevel, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
        layer: BasemapLayer, rect: MercatorRect, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void
    ) {
        typealias Field = BasemapFormat.Chunk
        let tiles = level.tilesPerSide
        let tile = row * tiles + column
        let start = Int(UInt32(littleEndian: level.tileStarts[tile]))
        let end = Int(UInt32(littleEndian: level.tileStarts[tile + 1]))
        for entry in start..<end {
            let record = level.chunks + Int(UInt32(littleEndian: level.entries[entry])) * Field.size
            guard record.load(fromByteOffset: Field.layer, as: UInt8.self) == layer.rawValue else { continue }
            let minX = Double(record.load(fromByteOffset: Field.minX, as: Float.self))
            let minY = Double(record.load(fromByteOffset: Field.minY, as: Float.self))
            // Visited from the first tile of the query that lists it, and only from there.
            guard max(BasemapFormat.tile(minX, tiles), columns.lowerBound) == column,
                max(BasemapFormat.tile(minY, tiles), rows.lowerBound) == row
            else { continue }
            let maxX = Double(record.load(fromByteOffset: Field.maxX, as: Float.self))
            let maxY = Double(record.load(fromByteOffset: Field.maxY, as: Float.self))
            guard minX <= rect.maxX, maxX >= rect.minX, minY <= rect.maxY, maxY >= rect.minY else { continue }
            let first = Int(UInt32(littleEndian: record.load(fromByteOffset: Field.firstPoint, as: UInt32.self)))
            let count = Int(UInt16(littleEndian: record.load(fromByteOffset: Field.pointCount, as: UInt16.self)))
            body(layer, UnsafeBufferPointer(start: level.points + first, count: count))
        }
    }
}
