import Foundation

/// What part of the world the map shows: a centre in world units, a zoom (world units per dot)
/// and the map's size in cells (each cell 2×4 dots). A value: panning and zooming return new ones.
package struct MapViewport: Equatable, Sendable {
    /// The centre; x is kept in 0..<1 (the world repeats east and west), y in 0...1.
    package var center: WorldPoint
    /// World units per dot.
    package var zoom: Double
    /// Size in terminal cells.
    package var width: Int
    package var height: Int

    package init(center: WorldPoint, zoom: Double, width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.center = WorldPoint(x: center.x - center.x.rounded(.down), y: min(max(center.y, 0), 1))
        self.zoom = 0
        self.zoom = clampedZoom(zoom)
    }

    package var dotWidth: Int { width * 2 }
    package var dotHeight: Int { height * 4 }

    /// The nearest zoom: about 50 m per dot at the equator, out to the whole world's height in view.
    package static let closestZoom = 50 / MercatorProjection.equatorMeters
    package var widestZoom: Double { max(1 / Double(dotHeight), Self.closestZoom) }

    private func clampedZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite, zoom > 0 else { return widestZoom }
        return min(max(zoom, Self.closestZoom), widestZoom)
    }

    /// The world box in view. minX may be below 0 and maxX above 1 near the antimeridian or when
    /// more than one world is in view; y may also leave 0...1 above and below the world.
    package var visibleRect: MercatorRect {
        let halfWidth = Double(dotWidth) * zoom / 2, halfHeight = Double(dotHeight) * zoom / 2
        return MercatorRect(minX: center.x - halfWidth, minY: center.y - halfHeight, maxX: center.x + halfWidth, maxY: center.y + halfHeight)
    }

    /// The dot position of a world point (fractional; may lie outside the canvas).
    package func dot(of point: WorldPoint) -> (x: Double, y: Double) {
        let rect = visibleRect
        return ((point.x - rect.minX) / zoom, (point.y - rect.minY) / zoom)
    }

    /// `point` moved by a whole number of worlds east or west to lie nearest the centre.
    package func nearestCopy(of point: WorldPoint) -> WorldPoint {
        WorldPoint(x: point.x + (center.x - point.x).rounded(), y: point.y)
    }

    /// The view moved by whole cells (columns right, rows down).
    package func panned(byCells columns: Int, rows: Int) -> MapViewport {
        var moved = self
        moved.center.x += Double(columns * 2) * zoom
        moved.center.y += Double(rows * 4) * zoom
        return MapViewport(center: moved.center, zoom: zoom, width: width, height: height)
    }

    /// The view zoomed about its centre: `factor` above 1 shows more detail.
    package func zoomed(by factor: Double) -> MapViewport {
        guard factor.isFinite, factor > 0 else { return self }
        return MapViewport(center: center, zoom: zoom / factor, width: width, height: height)
    }

    /// The same centre and zoom in a map of another size (the terminal was resized).
    package func resized(width: Int, height: Int) -> MapViewport {
        MapViewport(center: center, zoom: zoom, width: width, height: height)
    }
}
