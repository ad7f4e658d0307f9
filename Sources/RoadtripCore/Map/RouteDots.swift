import TextCanvas

/// The route's dots, counted: how many legs pass through each dot of the map. Moving one stop of
/// 5,000 takes its old legs' dots away and adds its new legs' (`MapLayers.routeDots`), instead of
/// drawing 5,000 legs again; a dot is on the route while any leg passes through it. The legs are
/// walked by the same code and to the same dots as when drawn on the canvas.
struct RouteDots: DotLines {
    let dotWidth: Int
    let dotHeight: Int
    private var counts: [Int32]
    /// What a line adds to each of its dots: 1 to draw a leg, -1 to take it away.
    var delta: Int32 = 1

    init(dotWidth: Int, dotHeight: Int) {
        self.dotWidth = dotWidth
        self.dotHeight = dotHeight
        counts = [Int32](repeating: 0, count: dotWidth * dotHeight)
    }

    mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, style: Style) {
        DotCanvas.forEachDot(x0: x0, y0: y0, x1: x1, y1: y1) { x, y in
            guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
            counts[y &* dotWidth &+ x] &+= delta
        }
    }

    /// Sets the dots some leg passes through on `canvas`, in `style`.
    func draw(on canvas: inout DotCanvas, style: Style) {
        canvas.setDots(countedIn: counts, style: style)
    }
}
