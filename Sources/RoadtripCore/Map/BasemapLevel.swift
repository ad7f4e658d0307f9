/// One level of detail of the basemap, checked once at load so that queries read it unchecked.
struct BasemapLevel {
    typealias Field = BasemapFormat.Level
    typealias ChunkField = BasemapFormat.Chunk

    let tolerance: Double
    let tilesPerSide: Int
    let chunkCount: Int
    /// Pointers into the mapped file (see `BasemapFormat`).
    let chunks: UnsafeRawPointer
    let tileStarts: UnsafePointer<UInt32>
    let entries: UnsafePointer<UInt32>
    let points: UnsafePointer<MercatorPoint>

    /// Reads and checks the level record at `record` of `file`; `fail` makes the error to throw.
    init(file: ByteSlice, record: Int, fail: (String) -> BasemapError) throws(BasemapError) {
        tolerance = Double(bitPattern: file.uint64(record + Field.tolerance))
        tilesPerSide = Int(file.uint32(record + Field.tilesPerSide))
        chunkCount = Int(file.uint32(record + Field.chunkCount))
        let pointCount = Int(file.uint32(record + Field.pointCount))
        let entryCount = Int(file.uint32(record + Field.entryCount))
        guard tolerance.isFinite, tolerance > 0 else { throw fail("a level's tolerance is \(tolerance)") }
        guard tilesPerSide > 0, tilesPerSide <= BasemapFormat.maximumTilesPerSide, tilesPerSide & (tilesPerSide - 1) == 0 else {
            throw fail("a level has \(tilesPerSide) tiles per side")
        }
        let tileCount = tilesPerSide * tilesPerSide
        func section(_ field: Int, _ length: Int, _ name: String) throws(BasemapError) -> UnsafeRawPointer {
            let offset = Int(file.uint32(record + field))
            guard offset % 8 == 0, let slice = file.slice(offset: offset, length: length) else {
                throw fail("the \(name) of a level lie outside the file")
            }
            return slice.base
        }
        chunks = try section(Field.chunks, chunkCount * ChunkField.size, "chunks")
        tileStarts = try section(Field.tiles, (tileCount + 1) * 4, "tiles").bindMemory(to: UInt32.self, capacity: tileCount + 1)
        entries = try section(Field.entries, entryCount * 4, "tile entries").bindMemory(to: UInt32.self, capacity: entryCount)
        points = try section(Field.points, pointCount * 8, "points").bindMemory(to: MercatorPoint.self, capacity: pointCount)
        try checkIndex(tileCount: tileCount, entryCount: entryCount, pointCount: pointCount, fail: fail)
    }

    /// Tile starts rise from 0 to the entry count, entries name chunks that exist, and every
    /// chunk's points are within the level's points: what a query trusts.
    private func checkIndex(tileCount: Int, entryCount: Int, pointCount: Int, fail: (String) -> BasemapError) throws(BasemapError) {
        var previous: UInt32 = 0
        for tile in 0...tileCount {
            let start = UInt32(littleEndian: tileStarts[tile])
            guard start >= previous, Int(start) <= entryCount, tile > 0 || start == 0 else { throw fail("tile starts out of order") }
            previous = start
        }
        guard Int(previous) == entryCount else { throw fail("tile starts do not end at the entry count") }
        for entry in 0..<entryCount where Int(UInt32(littleEndian: entries[entry])) >= chunkCount {
            throw fail("a tile lists chunk \(entries[entry]) of \(chunkCount)")
        }
        for chunk in 0..<chunkCount {
            let record = chunk * ChunkField.size
            let first = Int(UInt32(littleEndian: chunks.load(fromByteOffset: record + ChunkField.firstPoint, as: UInt32.self)))
            let count = Int(UInt16(littleEndian: chunks.load(fromByteOffset: record + ChunkField.pointCount, as: UInt16.self)))
            let layer = chunks.load(fromByteOffset: record + ChunkField.layer, as: UInt8.self)
            guard count >= 1, first + count <= pointCount, BasemapLayer(rawValue: layer) != nil else {
                throw fail("chunk \(chunk) points outside its level")
            }
        }
    }
}
