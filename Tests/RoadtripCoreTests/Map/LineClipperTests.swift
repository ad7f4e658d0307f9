@testable import RoadtripCore
import Testing

@Suite struct LineClipperTests {
    let box = LineClipper(minX: 0, minY: 0, maxX: 10, maxY: 10)

    @Test func aSegmentInsideIsKeptWhole() throws {
        let clipped = try #require(box.clip(x0: 1, y0: 2, x1: 8, y1: 9))
        #expect(clipped == (1, 2, 8, 9))
    }

    @Test func aSegmentOutsideIsDropped() {
        #expect(box.clip(x0: -5, y0: 1, x1: -1, y1: 9) == nil)
        #expect(box.clip(x0: 11, y0: -3, x1: 20, y1: 30) == nil)
        // Beyond a corner without touching the box, though no single outcode rejects it.
        #expect(box.outcode(x: -1, y: 0.5) & box.outcode(x: 0.5, y: -1) == 0)
        #expect(box.clip(x0: -1, y0: 0.5, x1: 0.5, y1: -1) == nil)
    }

    @Test func aCrossingSegmentIsCutAtTheEdges() throws {
        let clipped = try #require(box.clip(x0: -5, y0: 5, x1: 15, y1: 5))
        #expect(clipped == (0, 5, 10, 5))
        let diagonal = try #require(box.clip(x0: -2, y0: -2, x1: 12, y1: 12))
        #expect(diagonal == (0, 0, 10, 10))
        let halfIn = try #require(box.clip(x0: 5, y0: 5, x1: 5, y1: 20))
        #expect(halfIn == (5, 5, 5, 10))
    }

    @Test func cornersAndEdges() throws {
        let touching = try #require(box.clip(x0: -1, y0: 1, x1: 1, y1: -1))
        #expect(abs(touching.x0) < 1e-12 && abs(touching.y0) < 1e-12)
        let alongEdge = try #require(box.clip(x0: -3, y0: 0, x1: 13, y1: 0))
        #expect(alongEdge == (0, 0, 10, 0))
        let point = try #require(box.clip(x0: 10, y0: 10, x1: 10, y1: 10))
        #expect(point == (10, 10, 10, 10))
        #expect(box.clip(x0: 10.5, y0: 10.5, x1: 10.5, y1: 10.5) == nil)
    }

    @Test func outcodesNameTheSides() {
        #expect(box.outcode(x: 5, y: 5) == 0)
        #expect(box.outcode(x: -1, y: 5) == 1)
        #expect(box.outcode(x: 11, y: 5) == 2)
        #expect(box.outcode(x: 5, y: -1) == 4)
        #expect(box.outcode(x: 11, y: 11) == 10)
    }
}
