import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct BasemapTests {
    private static let file: URL? = try? Resources.locate(environment: [:]).basemap
    private static let shared: Basemap? = file.flatMap { try? Basemap.load(from: $0) }

    private func basemap() throws -> Basemap { try #require(Self.shared, "Resources/basemap.bin loads") }

    /// The world rect of a box of coordinates.
    private func rect(north: Double, south: Double, west: Double, east: Double) -> MercatorRect {
        let topLeft = MercatorProjection.project(latitude: north, longitude: west)
        let bottomRight = MercatorProjection.project(latitude: south, longitude: east)
        return MercatorRect(minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y)
    }

    /// Every line `forEachLine` hands over, copied.
    private func lines(_ map: Basemap, _ rect: MercatorRect, resolution: Double) -> [(BasemapLayer, [MercatorPoint])] {
        var result: [(BasemapLayer, [MercatorPoint])] = []
        map.forEachLine(in: rect, resolution: resolution) { result.append(($0, Array($1))) }
        return result
    }

    @Test func theCommittedFileLoadsWithLevelsCoarseToFine() throws {
        let map = try basemap()
        #expect(map.levels.count >= 3)
        #expect(map.levels.first!.tolerance > map.levels.last!.tolerance)
    }

    @Test func montereyBayAtAFineResolutionGivesNearbyCoastline() throws {
        let map = try basemap()
        let box = rect(north: 37.2, south: 36.0, west: -122.6, east: -121.2)
        let found = lines(map, box, resolution: (box.maxX - box.minX) / 400)
        let coast = found.filter { $0.0 == .coastline }
        #expect(coast.reduce(0) { $0 + $1.1.count } > 100)
        // Chunks are at most 64 points, a few km at this level: nothing strays far from the box.
        let margin = box.maxX - box.minX
        for (_, points) in found {
            for point in points {
                #expect(Double(point.x) > box.minX - margin && Double(point.x) < box.maxX + margin)
                #expect(Double(point.y) > box.minY - margin && Double(point.y) < box.maxY + margin)
            }
        }
    }

    @Test func theWholeWorldUsesTheCoarseLevel() throws {
        let map = try basemap()
        let found = lines(map, MercatorRect(minX: 0, minY: 0, maxX: 1, maxY: 1), resolution: 1.0 / 400)
        let points = found.reduce(0) { $0 + $1.1.count }
        #expect(points > 5_000)
        #expect(points < 60_000)
        #expect(Set(found.map(\.0.rawValue)) == Set(BasemapLayer.allCases.map(\.rawValue)))
    }

    @Test func linesComeInDrawingOrderAndEachChunkOnce() throws {
        let map = try basemap()
        let box = rect(north: 50, south: 25, west: -125, east: -65)
        var layers: [UInt8] = []
        var starts = Set<UnsafePointer<MercatorPoint>>()
        var repeated = 0
        map.forEachLine(in: box, resolution: (box.maxX - box.minX) / 400) { layer, points in
            layers.append(layer.rawValue)
            if !starts.insert(points.baseAddress!).inserted { repeated += 1 }
        }
        #expect(layers == layers.sorted())
        #expect(repeated == 0)
        #expect(Set(layers) == [0, 1, 2, 3])
    }

    @Test func everyPointIsInTheWorld() throws {
        let map = try basemap()
        for level in map.levels {
            let found = lines(map, MercatorRect(minX: 0, minY: 0, maxX: 1, maxY: 1), resolution: level.tolerance / 2)
            #expect(!found.isEmpty)
            #expect(found.allSatisfy { $0.1.count >= 2 && $0.1.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) } })
        }
    }

    @Test(arguments: [(-17.8, 179.9), (-17.8, -179.9), (52.0, 179.5), (52.0, -179.5)])
    func linesAtTheAntimeridianComeBackOnBothEdges(latitude: Double, longitude: Double) throws {
        let map = try basemap()
        let box = rect(north: latitude + 1.5, south: latitude - 1.5, west: longitude - 0.5, east: longitude + 0.5)
        let clamped = MercatorRect(minX: max(box.minX, 0), minY: box.minY, maxX: min(box.maxX, 1), maxY: box.maxY)
        let coast = lines(map, clamped, resolution: 0.003 / 400).filter { $0.0 == .coastline }
        #expect(!coast.isEmpty)
    }

    @Test func aMissingFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("nowhere.bin")
        #expect(throws: BasemapError.missing(path: file.path)) { try Basemap.load(from: file) }
        #expect(BasemapError.missing(path: file.path).description.contains(file.path))
    }

    @Test func aTruncatedCopyIsRefused() throws {
        let directory = try TemporaryDirectory()
        let whole = try Data(contentsOf: #require(Self.file))
        let file = directory.file("cut.bin")
        try whole.prefix(whole.count / 2).write(to: file)
        let error = try #require(throws: BasemapError.self) { try Basemap.load(from: file) }
        #expect(error == .truncated(path: file.path, expectedBytes: whole.count, actualBytes: whole.count / 2))
        #expect(error.description.contains(file.path))
    }

    @Test func anEmptyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("", to: "empty.bin")
        #expect(throws: BasemapError.truncated(path: file.path, expectedBytes: BasemapFormat.headerSize, actualBytes: 0)) {
            try Basemap.load(from: file)
        }
    }

    @Test(arguments: [40, 1_000, 100_000])
    func garbageIsNotABasemap(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        var generator = SeededRandom(seed: UInt64(size))
        let file = directory.file("garbage.bin")
        try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file)
        #expect(throws: BasemapError.notThisKind(path: file.path)) { try Basemap.load(from: file) }
    }

    @Test func anotherVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: #require(Self.file))
        bytes[BasemapFormat.versionOffset] = 99
        let file = directory.file("future.bin")
        try bytes.write(to: file)
        let error = try #require(throws: BasemapError.self) { try Basemap.load(from: file) }
        #expect(error == .wrongVersion(path: file.path, found: 99, expected: BasemapFormat.version))
        #expect(error.description.contains("version 99"))
    }

    @Test func aDamagedHeaderIsRefused() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: #require(Self.file))
        bytes[BasemapFormat.headerSize + BasemapFormat.Level.chunkCount] ^= 0x40
        let file = directory.file("damaged.bin")
        try bytes.write(to: file)
        #expect(throws: BasemapError.damaged(path: file.path, detail: "the header checksum does not match")) {
            try Basemap.load(from: file)
        }
    }

    /// Damage past the header (which its checksum does not cover) is caught by the index check.
    @Test(arguments: [BasemapFormat.Level.tiles, BasemapFormat.Level.entries, BasemapFormat.Level.chunks])
    func aDamagedIndexIsRefused(_ section: Int) throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: #require(Self.file))
        let offset = bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: BasemapFormat.headerSize + section, as: UInt32.self)) }
        // A tile start, a chunk number, or a chunk's first point far out of range.
        let field = section == BasemapFormat.Level.chunks ? offset + BasemapFormat.Chunk.firstPoint : offset + 4
        bytes.replaceSubrange(field..<field + 4, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let file = directory.file("index.bin")
        try bytes.write(to: file)
        let error = try #require(throws: BasemapError.self) { try Basemap.load(from: file) }
        guard case .damaged(let path, _) = error else { Issue.record("\(error)"); return }
        #expect(path == file.path)
    }
}
