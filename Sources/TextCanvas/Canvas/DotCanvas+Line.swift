extension DotCanvas {
    /// A straight line of dots from (x0, y0) to (x1, y1), both ends included (Bresenham: integer
    /// steps only, so a long coastline costs no floating point per dot). Dots outside the canvas
    /// are skipped; clip long lines first so they are not walked dot by dot off screen.
    public mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, style: Style) {
        let code = UInt8(truncatingIfNeeded: style.rawValue)
        let rank = style.canvasRank
        Self.forEachDot(x0: x0, y0: y0, x1: x1, y1: y1) { x, y in plot(x: x, y: y, code: code, rank: rank) }
    }

    /// The dots of the line from (x0, y0) to (x1, y1), both ends included, in order: the ones
    /// `line` sets, for whatever else keeps dots (the map counts the route's, leg by leg).
    @inlinable
    public static func forEachDot(x0: Int, y0: Int, x1: Int, y1: Int, _ visit: (Int, Int) -> Void) {
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var x = x0, y = y0
        var error = dx + dy
        while true {
            visit(x, y)
            if x == x1 && y == y1 { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += sx
            }
            if doubled <= dx {
                error += dx
                y += sy
            }
        }
    }
}
