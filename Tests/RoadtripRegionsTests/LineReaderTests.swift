import Foundation
import Testing
@testable import RoadtripRegions
import RoadtripTestSupport

/// Lines read a chunk at a time come out as the file has them, across chunk boundaries.
struct LineReaderTests {
    @Test func linesAcrossChunksAndALastLineWithoutANewline() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "x", count: LineReader.chunk + 10)
        let file = try directory.write("first\n\nwith é\n\(long)\nlast", to: "lines.txt")
        #expect(Array(try LineReader(file)) == ["first", "", "with é", Substring(long), "last"])
        #expect(Array(try LineReader(try directory.write("", to: "empty.txt"))).isEmpty)
    }
}
