extension BasemapProviding {
    /// The kinds of border (`countryBorder`, `stateBorder`) that the straight line from `a` to
    /// `b` crosses, on the finest lines the basemap has (Natural Earth 1:10m, within about
    /// 600 m). Two points with none between them lie in the same state and country, which the
    /// basemap knows without knowing the states' names. A line across the antimeridian is not
    /// looked at (none is reported).
    package func bordersCrossed(from a: Coordinate, to b: Coordinate) -> Set<BasemapLayer> {
        let (p, q) = (MercatorProjection.project(a), MercatorProjection.project(b))
        guard abs(p.x - q.x) <= 0.5 else { return [] }
        let rect = MercatorRect(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
        var crossed: Set<BasemapLayer> = []
        // Resolution 0: the finest level, whatever its tolerance.
        forEachLine(in: rect, resolution: 0) { layer, points in
            guard layer == .countryBorder || layer == .stateBorder, !crossed.contains(layer), points.count > 1 else { return }
            for index in 1..<points.count where Self.segments((p, q), cross: (points[index - 1], points[index])) {
                crossed.insert(layer)
                return
            }
        }
        return crossed
    }

    /// Whether the two segments meet: each one's ends on opposite sides of the other's line, or
    /// one end on it.
    private static func segments(_ first: (WorldPoint, WorldPoint), cross second: (MercatorPoint, MercatorPoint)) -> Bool {
        let c = WorldPoint(x: Double(second.0.x), y: Double(second.0.y)), d = WorldPoint(x: Double(second.1.x), y: Double(second.1.y))
        let (a, b) = first
        guard max(c.x, d.x) >= min(a.x, b.x), min(c.x, d.x) <= max(a.x, b.x),
            max(c.y, d.y) >= min(a.y, b.y), min(c.y, d.y) <= max(a.y, b.y)
        else { return false }
        func side(_ o: WorldPoint, _ p: WorldPoint, _ q: WorldPoint) -> Double {
            let turn = (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x)
            return turn > 0 ? 1 : turn < 0 ? -1 : 0
        }
        return side(a, b, c) * side(a, b, d) <= 0 && side(c, d, a) * side(c, d, b) <= 0
    }
}
