import Foundation
@testable import RoadtripCore
import Testing

@Suite struct MapViewportTests {
    let anchorage = Coordinate(latitude: 61.2181, longitude: -149.9003)
    let tokyo = Coordinate(latitude: 35.6762, longitude: 139.6503)

    @Test func anEmptyTripShowsTheWholeWorld() {
        let view = MapViewport.fitting([], width: 80, height: 24)
        #expect(view.center == WorldPoint(x: 0.5, y: 0.5))
        let rect = view.visibleRect
        #expect(rect.minY <= 0 && rect.maxY >= 1 && rect.maxX - rect.minX >= 1)
    }

    @Test func aOneStopTripShowsTheRegionAroundIt() {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let view = MapViewport.fitting([paris], width: 80, height: 24)
        let point = MercatorProjection.project(paris)
        #expect(abs(view.center.x - point.x) < 1e-9 && abs(view.center.y - point.y) < 1e-9)
        let span = view.visibleRect.maxX - view.visibleRect.minX
        #expect(span > 0.001 && span < 0.05)
    }

    @Test func anchorageToTokyoIsSpannedAcrossThePacific() {
        let view = MapViewport.fitting([anchorage, tokyo], width: 80, height: 24)
        let rect = view.visibleRect
        #expect(rect.maxX - rect.minX < 0.5)
        // Centred near the antimeridian (x 0 or 1), not over Europe (x 0.5).
        #expect(min(view.center.x, 1 - view.center.x) < 0.1)
        for stop in [anchorage, tokyo] {
            let dot = view.dot(of: view.nearestCopy(of: MercatorProjection.project(stop)))
            #expect(dot.x >= 0 && dot.x <= Double(view.dotWidth) && dot.y >= 0 && dot.y <= Double(view.dotHeight))
        }
    }

    @Test func aTripNearTheNorthCapeAndSvalbardFits() {
        let stops = [
            Coordinate(latitude: 71.1685, longitude: 25.7838), Coordinate(latitude: 78.2232, longitude: 15.6267), Coordinate(latitude: 90, longitude: 0),
        ]
        let view = MapViewport.fitting(stops, width: 60, height: 20)
        #expect(view.center.x.isFinite && view.center.y.isFinite && view.zoom.isFinite && view.zoom > 0)
        #expect(view.visibleRect.minY <= 0.001)
    }

    @Test func theMarginKeepsStopsOffTheEdge() {
        let stops = [Coordinate(latitude: 40, longitude: -74), Coordinate(latitude: 34, longitude: -118)]
        let view = MapViewport.fitting(stops, width: 80, height: 24, margin: 3)
        for stop in stops {
            let dot = view.dot(of: MercatorProjection.project(stop))
            #expect(dot.x >= 5.9 && dot.x <= Double(view.dotWidth) - 5.9)
            #expect(dot.y >= 23.9 && dot.y <= Double(view.dotHeight) - 23.9)
        }
    }

    @Test func shortestSpanTakesTheWidestGapOut() {
        let span = MapViewport.shortestSpan(of: [0.9, 0.05, 0.95])
        #expect(abs(span.start - 0.9) < 1e-12 && abs(span.span - 0.15) < 1e-12)
        let plain = MapViewport.shortestSpan(of: [0.2, 0.4, 0.3])
        #expect(abs(plain.start - 0.2) < 1e-12 && abs(plain.span - 0.2) < 1e-12)
    }

    @Test func panningMovesByWholeCellsAndWraps() {
        let view = MapViewport(center: WorldPoint(x: 0.999, y: 0.5), zoom: 0.001, width: 40, height: 10)
        let moved = view.panned(byCells: 3, rows: -2)
        #expect(abs(moved.center.x - 0.005) < 1e-9)
        #expect(abs(moved.center.y - 0.492) < 1e-9)
    }

    @Test func zoomIsClampedBetweenTheWorldAndFiftyMetersADot() {
        let view = MapViewport(center: WorldPoint(x: 0.5, y: 0.5), zoom: 0.001, width: 40, height: 10)
        let out = view.zoomed(by: 1e-9)
        #expect(out.zoom == out.widestZoom)
        #expect(out.zoom * Double(out.dotHeight) >= 1 - 1e-12)
        let near = view.zoomed(by: 1e12)
        #expect(abs(near.zoom * MercatorProjection.equatorMeters - 50) < 1e-6)
        #expect(abs(view.zoomed(by: 2).zoom - 0.0005) < 1e-15)
    }
}
