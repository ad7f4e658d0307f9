// The contract between the basemap (Natural Earth lines, `Basemap`) and the map renderer.

/// A point in Web Mercator world units: x from 0 (180° W) to 1 (180° E), y from 0 (85.0511° N)
/// to 1 (85.0511° S). Single precision is enough on a map (about 2 m at the equator) and halves
/// the basemap file.
package struct MercatorPoint: Equatable, Sendable {
    package var x: Float
    package var y: Float

    package init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned box in world units; `minX` < `maxX`, `minY` < `maxY`.
package struct MercatorRect: Equatable, Sendable {
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

/// The kinds of line the basemap holds, drawn in this order (later ones over earlier ones).
package enum BasemapLayer: UInt8, CaseIterable, Sendable {
    /// Land outlines (coastlines).
    case coastline = 0
    /// Lake shores.
    case lake = 1
    /// Borders between countries, on land.
    case countryBorder = 2
    /// Borders between states and provinces.
    case stateBorder = 3
}

/// Lines of the basemap for a part of the world at a resolution.
package protocol BasemapProviding: AnyObject, Sendable {
    /// Calls `body` with every polyline that may cross `rect` (a box within x 0...1, y 0...1),
    /// simplified for `resolution`: the size of one dot in world units, so that detail smaller
    /// than a dot is left out. The buffer is valid only during the call.
    func forEachLine(in rect: MercatorRect, resolution: Double, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void)
}
