import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct GazetteerLoadTests {
    private var realFile: URL { get throws { try Resources.locate(environment: [:]).gazetteer } }

    @Test func theCommittedIndexLoadsWithEveryPlace() throws {
        let gazetteer = try RealGazetteer.get()
        #expect(gazetteer.count >= 100_000)
    }

    @Test func aMissingFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("nowhere.bin")
        #expect(throws: GazetteerError.missing(path: file.path)) { try Gazetteer.load(from: file) }
        #expect(GazetteerError.missing(path: file.path).description.contains(file.path))
    }

    @Test func aTruncatedCopyIsRefused() throws {
        let directory = try TemporaryDirectory()
        let whole = try Data(contentsOf: realFile)
        let file = directory.file("cut.bin")
        try whole.prefix(whole.count / 2).write(to: file)
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: file) }
        #expect(error == .truncated(path: file.path, expectedBytes: whole.count, actualBytes: whole.count / 2))
        #expect(error.description.contains("truncated"))
        #expect(error.description.contains(file.path))
    }

    /// Issue 34: a mapped index cut short on disk (a region's places.bin truncated while the stop
    /// editor searched it) killed the planner with SIGBUS at the next letter. Now every use checks
    /// the file's length first: nothing is found in it, and a sentence says why.
    @Test func anIndexCutShortOnDiskFindsNothingAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("places.bin")
        try FileManager.default.copyItem(at: realFile, to: file)
        let gazetteer = try Gazetteer.load(from: file)
        #expect(!gazetteer.search("can", limit: 5).isEmpty)
        #expect(gazetteer.problems.isEmpty)
        #expect(truncate(file.path, 4096) == 0)
        #expect(gazetteer.search("cana", limit: 5).isEmpty)
        #expect(gazetteer.nearest(to: Coordinate(latitude: 36.6, longitude: -121.9)) == nil)
        #expect(gazetteer.places(within: 50, of: Coordinate(latitude: 36.6, longitude: -121.9)).isEmpty)
        let library = PlaceLibrary(indexes: [gazetteer])
        let problem = try #require(library.problems.first)
        #expect(problem.contains(file.path) && problem.hasPrefix("A place index was cut short on disk") && problem.contains("now 4096 of"))
    }

    @Test func anEmptyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("", to: "empty.bin")
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: file) }
        #expect(error == .truncated(path: file.path, expectedBytes: GazetteerFormat.headerSize, actualBytes: 0))
    }

    @Test(arguments: [16, 200, 100_000])
    func garbageIsNotAGazetteer(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        var generator = SeededRandom(seed: UInt64(size))
        let file = directory.file("garbage.bin")
        try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file)
        #expect(throws: GazetteerError.notThisKind(path: file.path)) { try Gazetteer.load(from: file) }
    }

    @Test func anotherVersionIsRefusedWithBothVersions() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: realFile)
        bytes[8] = 99
        let file = directory.file("future.bin")
        try bytes.write(to: file)
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: file) }
        #expect(error == .wrongVersion(path: file.path, found: 99, expected: GazetteerFormat.version))
        #expect(error.description.contains("version 99"))
    }

    @Test func aDamagedHeaderIsRefused() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: realFile)
        bytes[GazetteerFormat.sectionTableOffset + 3] ^= 0x40 // a section offset far beyond the file
        let file = directory.file("damaged.bin")
        try bytes.write(to: file)
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: file) }
        guard case .damaged(let path, _) = error else {
            Issue.record("expected .damaged, got \(error)")
            return
        }
        #expect(path == file.path)
    }

    @Test func aDirectoryIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.load(from: directory.url) }
        guard case .unreadable(let path, _) = error else {
            Issue.record("expected .unreadable, got \(error)")
            return
        }
        #expect(path == directory.url.path)
    }

    /// A file whose header is intact but whose contents are garbage loads (only the header and the
    /// cell table are checked), and then answers nonsense without ever reading out of bounds.
    @Test func garbageBehindAGoodHeaderNeverCrashes() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: realFile)
        let cellsEntry = GazetteerFormat.sectionTableOffset + 8 * GazetteerFormat.Section.cells.rawValue
        let cellsStart = bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: cellsEntry, as: UInt32.self).littleEndian) }
        let cells = cellsStart..<cellsStart + (GazetteerFormat.cellCount + 1) * 4
        var generator = SeededRandom(seed: 7)
        bytes.withUnsafeMutableBytes { buffer in
            for offset in stride(from: GazetteerFormat.headerSize, to: buffer.count - 8, by: 8) where !cells.overlaps(offset..<offset + 8) {
                buffer.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
            }
        }
        let file = directory.file("noise.bin")
        try bytes.write(to: file)
        let gazetteer = try Gazetteer.load(from: file)
        for query in ["s", "san fr", "sa fr", "Paris, TX", "st louis", "東京", "a b c d", "mt"] {
            _ = gazetteer.search(query, limit: 100)
        }
        for latitude in stride(from: -90.0, through: 90, by: 30) {
            _ = gazetteer.nearest(to: Coordinate(latitude: latitude, longitude: 12.5))
        }
    }
}
