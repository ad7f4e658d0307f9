import Foundation
import Terminal

/// Draws a trip on a dot canvas: basemap lines, the route as great-circle arcs, numbered pins,
/// the labels that fit and a scale bar. Knows the geography; the canvas knows only dots and text.
public struct MapRenderer: Sendable {
    public init() {}

    /// The map of `stops` (in trip order) in `viewport`, `selected` (a stop index) highlighted.
    /// `layers` keeps what does not depend on the selection for the next frame.
    public func render(stops: [MapStop], selected: Int?, viewport: MapViewport, basemap: (any BasemapProviding)?, unit: DistanceUnit,
                       layers: MapLayers? = nil) -> MapFrame {
        let base = layers?.base(stops: stops, viewport: viewport, hasBasemap: basemap != nil) ?? {
            var canvas = DotCanvas(width: viewport.width, height: viewport.height)
            if let basemap { drawBasemap(basemap, viewport: viewport, on: &canvas) }
            drawRoute(stops.map(\.coordinate), viewport: viewport, on: &canvas, arcs: layers)
            let base = MapLayers.Base(canvas: canvas, pins: pinRects(stops, viewport: viewport))
            layers?.keep(base, stops: stops, viewport: viewport, hasBasemap: basemap != nil)
            return base
        }()
        var canvas = base.canvas
        let pins = base.pins
        let bounds = Rect(row: 0, column: 0, width: viewport.width, height: viewport.height)
        let scale = scaleBar(viewport: viewport, unit: unit, avoiding: Array(pins.values))
        let labels = LabelPlacer.place(labelRequests(stops, selected: selected, pins: pins), pins: Array(pins.values), obstacles: scale.map { [$0.rect] } ?? [], bounds: bounds)

        if let scale { canvas.text(scale.bar.text, row: scale.rect.row, column: scale.rect.column, style: .mapScale) }
        for label in labels {
            // With the clear column either side the placer reserved, so "3 Paris" never reads
            // as "3+Paris" where a line runs past (the column is never a pin: see LabelPlacer).
            canvas.text(" " + label.text + " ", row: label.rect.row, column: label.rect.column - 1, style: .mapLabel)
        }
        // The selected pin last, so it is on top where pins crowd.
        for (index, rect) in pins.sorted(by: { ($0.key == selected ? 1 : 0, $0.key) < ($1.key == selected ? 1 : 0, $1.key) }) {
            canvas.text(String(stops[index].number), row: rect.row, column: rect.column, style: index == selected ? .mapPinSelected : .mapPin)
        }
        return MapFrame(canvas: canvas, pins: pins, labels: labels, scaleBar: scale?.bar, scaleBarRect: scale?.rect)
    }

    // MARK: Route

    /// Each leg as a great-circle arc, sampled every few dots, drawn in every copy of the world
    /// it shows in (a view wider than the world shows a leg more than once).
    func drawRoute(_ coordinates: [Coordinate], viewport: MapViewport, on canvas: inout DotCanvas, arcs: MapLayers? = nil) {
        let rect = viewport.visibleRect
        for (a, b) in zip(coordinates, coordinates.dropFirst()) where a.isValid && b.isValid {
            let arc = arcs?.arc(from: a, to: b, maxStep: 4 * viewport.zoom) ?? GreatCircleArc.points(from: a, to: b, maxStep: 4 * viewport.zoom)
            guard let minX = arc.map(\.x).min(), let maxX = arc.map(\.x).max() else { continue }
            let first = Int((rect.minX - maxX).rounded(.up)), last = Int((rect.maxX - minX).rounded(.down))
            guard first <= last else { continue }
            for shift in first...last {
                drawPolyline(arc, shiftX: Double(shift), viewport: viewport, style: .mapRoute, on: &canvas)
            }
        }
    }

    func drawPolyline(_ points: [WorldPoint], shiftX: Double, viewport: MapViewport, style: Style, on canvas: inout DotCanvas) {
        let rect = viewport.visibleRect
        let scale = 1 / viewport.zoom
        let drawer = SegmentDrawer(canvas: canvas)
        var previous: (x: Double, y: Double)?
        for point in points {
            let current = ((point.x + shiftX - rect.minX) * scale, (point.y - rect.minY) * scale)
            if let previous { drawer.draw(from: previous, to: current, style: style, on: &canvas) }
            previous = current
        }
    }

    // MARK: Pins and labels

    /// Each stop's pin: its number's cells, starting in the cell that holds the stop (the copy
    /// nearest the centre), moved left where it would leave the map. Stops out of view have none.
    func pinRects(_ stops: [MapStop], viewport: MapViewport) -> [Int: Rect] {
        var pins: [Int: Rect] = [:]
        for (index, stop) in stops.enumerated() where stop.coordinate.isValid {
            let dot = viewport.dot(of: viewport.nearestCopy(of: MercatorProjection.project(stop.coordinate)))
            let column = Int((dot.x / 2).rounded(.down)), row = Int((dot.y / 4).rounded(.down))
            guard column >= 0, row >= 0, column < viewport.width, row < viewport.height else { continue }
            let width = String(stop.number).count
            pins[index] = Rect(row: row, column: max(0, min(column, viewport.width - width)), width: width, height: 1)
        }
        return pins
    }

    /// The selected stop's label first, then the others in trip order.
    func labelRequests(_ stops: [MapStop], selected: Int?, pins: [Int: Rect]) -> [LabelRequest] {
        let order = pins.keys.sorted { ($0 == selected ? 0 : 1, $0) < ($1 == selected ? 0 : 1, $1) }
        return order.compactMap { index in
            let name = stops[index].name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let pin = pins[index], !name.isEmpty else { return nil }
            return LabelRequest(id: index, text: name, pin: pin)
        }
    }

    // MARK: Scale

    /// A scale bar for the centre's latitude in the bottom-left corner, or the bottom-right one
    /// when a pin is in the way; none when both are taken or the map is too small.
    func scaleBar(viewport: MapViewport, unit: DistanceUnit, avoiding pins: [Rect]) -> (bar: ScaleBar, rect: Rect)? {
        guard viewport.width >= 12, viewport.height >= 3 else { return nil }
        let metresPerCell = 2 * viewport.zoom * MercatorProjection.metresPerWorldUnit(atY: viewport.center.y)
        let maxCells = min(20, viewport.width / 4)
        guard let bar = ScaleBar.fitting(metresPerCell: metresPerCell, maxCells: maxCells, unit: unit) else { return nil }
        let width = TextWidth.width(bar.text)
        guard width + 2 <= viewport.width else { return nil }
        let row = viewport.height - 1
        let corners = [Rect(row: row, column: 1, width: width, height: 1), Rect(row: row, column: viewport.width - 1 - width, width: width, height: 1)]
        guard let rect = corners.first(where: { corner in !pins.contains { LabelPlacer.intersects($0, corner) } }) else { return nil }
        return (bar, rect)
    }
}

/// What a map keeps from one frame to the next (one per map on screen): the basemap, route and
/// pins, reused while the stops and the view are the same, so moving the selection draws only
/// labels and pins; and each leg's arc, so a change to a stop computes only its own legs again.
public final class MapLayers {
    struct Base {
        let canvas: DotCanvas
        let pins: [Int: Rect]
    }

    private struct BaseKey: Equatable {
        let stops: [MapStop]
        let viewport: MapViewport
        let hasBasemap: Bool
    }

    private struct ArcKey: Hashable {
        let from: Coordinate
        let to: Coordinate
        let maxStep: Double
    }

    private var baseKey: BaseKey?
    private var kept: Base?
    private var arcs: [ArcKey: [WorldPoint]] = [:]
    static let arcCapacity = 50_000

    public init() {}

    func base(stops: [MapStop], viewport: MapViewport, hasBasemap: Bool) -> Base? {
        baseKey == BaseKey(stops: stops, viewport: viewport, hasBasemap: hasBasemap) ? kept : nil
    }

    func keep(_ base: Base, stops: [MapStop], viewport: MapViewport, hasBasemap: Bool) {
        baseKey = BaseKey(stops: stops, viewport: viewport, hasBasemap: hasBasemap)
        kept = base
    }

    func arc(from: Coordinate, to: Coordinate, maxStep: Double) -> [WorldPoint] {
        let key = ArcKey(from: from, to: to, maxStep: maxStep)
        if let known = arcs[key] { return known }
        if arcs.count >= Self.arcCapacity { arcs.removeAll(keepingCapacity: true) }
        let points = GreatCircleArc.points(from: from, to: to, maxStep: maxStep)
        arcs[key] = points
        return points
    }
}
