import TextCanvas

/// Where lines of dots go: the canvas, or the route's dot counts (`RouteDots`), which must get
/// exactly the dots the canvas would.
protocol DotLines {
    var dotWidth: Int { get }
    var dotHeight: Int { get }
    mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, style: Style)
}

extension DotCanvas: DotLines {}

/// Draws segments given in fractional dot coordinates onto a canvas: rejects those wholly beyond
/// one side of it by outcode, clips the rest (Liang–Barsky) and rounds the ends to dots. The
/// inner loop of the basemap: no allocation, no work for what is off screen.
struct SegmentDrawer {
    let clipper: LineClipper

    init(canvas: some DotLines) {
        // Just inside the last dot, so rounding down never lands beyond the canvas.
        clipper = LineClipper(minX: 0, minY: 0, maxX: Double(canvas.dotWidth) - 1e-6, maxY: Double(canvas.dotHeight) - 1e-6)
    }

    @inline(__always)
    func draw(from a: (x: Double, y: Double), to b: (x: Double, y: Double), style: Style, on canvas: inout some DotLines) {
        guard clipper.outcode(x: a.x, y: a.y) & clipper.outcode(x: b.x, y: b.y) == 0 else { return }
        drawVisible(from: a, to: b, style: style, on: &canvas)
    }

    /// `draw` for a segment whose ends' outcodes share no side (the caller checked).
    @inline(__always)
    func drawVisible(from a: (x: Double, y: Double), to b: (x: Double, y: Double), style: Style, on canvas: inout some DotLines) {
        guard let clipped = clipper.clip(x0: a.x, y0: a.y, x1: b.x, y1: b.y) else { return }
        canvas.line(x0: Int(clipped.x0), y0: Int(clipped.y0), x1: Int(clipped.x1), y1: Int(clipped.y1), style: style)
    }
}
