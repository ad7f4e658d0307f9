import Foundation
import TextCanvas

extension MapRenderer {
    /// The style each basemap layer is drawn in.
    static func style(for layer: BasemapLayer) -> Style {
        switch layer {
        case .coastline: return .mapCoast
        case .lake: return .mapWater
        case .countryBorder, .stateBorder: return .mapBorder
        }
    }

    /// The basemap lines in view. The basemap knows only the world 0...1, so a view reaching past
    /// x = 0 or 1 (near the antimeridian, or wider than the world) asks once per copy of the
    /// world it shows, with the part of the view inside that copy moved into 0...1, and draws
    /// the answer moved back by the same whole number of worlds: the map wraps without a seam.
    func drawBasemap(_ basemap: any BasemapProviding, viewport: MapViewport, on canvas: inout DotCanvas) {
        let rect = viewport.visibleRect
        let minY = max(0, rect.minY), maxY = min(1, rect.maxY)
        guard minY < maxY else { return }
        let scale = 1 / viewport.zoom
        let drawer = SegmentDrawer(canvas: canvas)
        let firstWorld = Int(rect.minX.rounded(.down)), lastWorld = Int(rect.maxX.rounded(.down))
        for world in firstWorld...lastWorld {
            let shift = Double(world)
            let query = MercatorRect(minX: max(0, rect.minX - shift), minY: minY, maxX: min(1, rect.maxX - shift), maxY: maxY)
            guard query.minX < query.maxX else { continue }
            // Dot x of a basemap point: (x + shift − left edge) · scale, folded into one offset.
            let offsetX = shift - rect.minX, offsetY = -rect.minY
            basemap.forEachLine(in: query, resolution: viewport.zoom) { layer, points in
                guard points.count >= 2 else { return }
                let style = Self.style(for: layer)
                var previous = ((Double(points[0].x) + offsetX) * scale, (Double(points[0].y) + offsetY) * scale)
                var previousCode = drawer.clipper.outcode(x: previous.0, y: previous.1)
                for index in 1..<points.count {
                    let point = points[index]
                    let current = ((Double(point.x) + offsetX) * scale, (Double(point.y) + offsetY) * scale)
                    let code = drawer.clipper.outcode(x: current.0, y: current.1)
                    // Most segments of a zoomed-in world lie wholly beyond one side: one AND each.
                    if previousCode & code == 0 { drawer.drawVisible(from: previous, to: current, style: style, on: &canvas) }
                    previous = current
                    previousCode = code
                }
            }
        }
    }
}
