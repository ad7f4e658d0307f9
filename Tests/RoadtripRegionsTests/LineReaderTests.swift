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

    @Test func withLimitsALongLineIsPassedOverAndNoMoreThanTheLimitIsRead() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "x", count: 3 * LineReader.chunk)
        let file = try directory.write("first\n\(long)\nafter\n\(long)", to: "lines.txt")
        var reader = LineReader(handle: try FileHandle(forReadingFrom: file), maximumLineBytes: 100)
        var lines: [Substring] = []
        while let line = reader.next() { lines.append(line) }
        #expect(lines == ["first", "after"] && reader.overlongLines == 2)
        var limited = LineReader(handle: try FileHandle(forReadingFrom: file), maximumBytes: 8)
        #expect(limited.next() == "first" && limited.next() == "xx" && limited.next() == nil)
    }

    @Test func aPartialFirstLineIsDropped() throws {
        let directory = try TemporaryDirectory()
        let handle = try FileHandle(forReadingFrom: try directory.write("the end of a line\nwhole\n", to: "lines.txt"))
        try handle.seek(toOffset: 4)
        var reader = LineReader(handle: handle, maximumLineBytes: 5)
        reader.dropPartialLine()
        #expect(reader.next() == "whole" && reader.next() == nil && reader.overlongLines == 0)
    }
}
