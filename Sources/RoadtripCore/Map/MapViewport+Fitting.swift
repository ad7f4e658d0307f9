import Foundation

extension MapViewport {
    /// About 400 km across at the equator: the region shown around a trip's only stop.
    static let regionSpan = 0.01

    /// The view that shows every coordinate, `margin` cells clear of each edge. Longitudes are
    /// spanned the short way round: a trip from Anchorage to Tokyo is centred on the Pacific near
    /// the antimeridian, not across Europe. One place shows the region around it; none, the world.
    package static func fitting(_ coordinates: [Coordinate], width: Int, height: Int, margin: Int = 2) -> MapViewport {
        let world = MapViewport(center: WorldPoint(x: 0.5, y: 0.5), zoom: .infinity, width: width, height: height)
        let points = coordinates.filter(\.isValid).map(MercatorProjection.project)
        guard !points.isEmpty else { return world }
        let (minX, spanX) = shortestSpan(of: points.map(\.x))
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let center = WorldPoint(x: minX + spanX / 2, y: (minY + maxY) / 2)
        let usableWidth = Double(max(1, world.dotWidth - margin * 4)), usableHeight = Double(max(1, world.dotHeight - margin * 8))
        var zoom = max(spanX / usableWidth, (maxY - minY) / usableHeight)
        // One place (or several within a meter): a region around it, not the closest zoom.
        if spanX < 1e-7 && maxY - minY < 1e-7 {
            zoom = regionSpan / Double(world.dotWidth)
        }
        return MapViewport(center: center, zoom: zoom, width: width, height: height)
    }

    /// The shortest arc of the circle 0..<1 holding every x: its start and length. The arc is the
    /// complement of the widest gap between neighbouring values, the gap across 1→0 included.
    static func shortestSpan(of xs: [Double]) -> (start: Double, span: Double) {
        let sorted = xs.map { $0 - $0.rounded(.down) }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        var widestGap = first + 1 - last
        var start = first
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widestGap {
            widestGap = b - a
            start = b
        }
        return (start, 1 - widestGap)
    }
}
