/// Cuts line segments to a box (Liang–Barsky), so the canvas only ever walks the visible part of
/// a line: a coastline segment crossing the whole view at high zoom costs what it shows.
package struct LineClipper: Sendable {
    package let minX: Double
    package let minY: Double
    package let maxX: Double
    package let maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Cohen–Sutherland outcode: which sides of the box a point lies beyond. Two points sharing a
    /// bit lie beyond the same side, so the segment between them is out of view without clipping.
    @inline(__always)
    package func outcode(x: Double, y: Double) -> UInt8 {
        var code: UInt8 = 0
        if x < minX { code |= 1 } else if x > maxX { code |= 2 }
        if y < minY { code |= 4 } else if y > maxY { code |= 8 }
        return code
    }

    /// The part of the segment inside the box, or nil when none of it is.
    @inline(__always)
    package func clip(x0: Double, y0: Double, x1: Double, y1: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let dx = x1 - x0, dy = y1 - y0
        var enter = 0.0, leave = 1.0
        // Each edge as p·t ≤ q: p the direction towards outside, q the room left to that edge.
        // Unrolled rather than looped over an array: this runs once per visible basemap segment.
        guard Self.narrow(p: -dx, q: x0 - minX, &enter, &leave),
            Self.narrow(p: dx, q: maxX - x0, &enter, &leave),
            Self.narrow(p: -dy, q: y0 - minY, &enter, &leave),
            Self.narrow(p: dy, q: maxY - y0, &enter, &leave)
        else { return nil }
        return (x0 + enter * dx, y0 + enter * dy, x0 + leave * dx, y0 + leave * dy)
    }

    /// Narrows the visible parameter range [enter, leave] by one edge; false when nothing is left.
    @inline(__always)
    private static func narrow(p: Double, q: Double, _ enter: inout Double, _ leave: inout Double) -> Bool {
        if p == 0 { return q >= 0 }
        let t = q / p
        if p < 0 {
            if t > leave { return false }
            enter = max(enter, t)
        } else {
            if t < enter { return false }
            leave = min(leave, t)
        }
        return true
    }
}
