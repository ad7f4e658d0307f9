import Foundation
import TextCanvas

/// Draws a trip on a dot canvas: basemap lines, the route as great-circle arcs, numbered pins,
/// the labels that fit and a scale bar. Knows the geography; the canvas knows only dots and text.
package struct MapRenderer: Sendable {
    package init() {}

    /// The map of `stops` (in trip order) in `viewport`, `selected` (a stop index) highlighted.
    /// `layers` keeps what does not depend on the selection for the next frame. `roads`: each
    /// leg's road line, empty for a leg not on roads (drawn as its arc, fainter, when others are).
    /// `stopsChange`: what changed in the stops since `layers` last drew them (nil: not known),
    /// so that they keep the rest without comparing it. `places`: other places to mark (what lies
    /// along the road), `selectedPlace` of them highlighted; a pin hides a mark, never the reverse,
    /// and stops' labels go where no mark is.
    package func render(
        stops: [MapStop], selected: Int?, viewport: MapViewport, basemap: (any BasemapProviding)?, unit: DistanceUnit,
        layers: MapLayers? = nil, roads: [[Coordinate]] = [], stopsChange: RunChange? = nil,
        places: [Coordinate] = [], selectedPlace: Int? = nil
    ) -> MapFrame {
        let base =
            layers?.base(stops: stops, viewport: viewport, hasBasemap: basemap != nil, roads: roads, stopsChange: stopsChange)
            ?? makeBase(stops: stops, viewport: viewport, basemap: basemap, layers: layers, roads: roads, stopsChange: stopsChange)
        var canvas = base.canvas
        let pins = base.pins
        // The places' cells where no pin is (the only text of the base): labels and the scale bar keep clear of them.
        let marks = places.map { place in
            placeCell(place, viewport: viewport).flatMap {
                canvas.hasText(row: $0.row, column: $0.column) ? nil : Rect(row: $0.row, column: $0.column, width: 1, height: 1)
            }
        }
        let markRects = marks.compactMap { $0 }
        let scale = scaleBar(viewport: viewport, unit: unit, avoiding: markRects.isEmpty ? pins.rects : pins.rects + markRects)
        // The selected stop's label first, then the others in trip order. Selected, a pin
        // hidden under later ones is drawn on top (below), and its label is wanted with it.
        var requests = base.labels
        var first = selected.flatMap { selected in requests.firstIndex { $0.id == selected } }
        if first == nil, let selected, let rect = pins[selected] {
            let label = MapLayers.measuredLabel(stops[selected].name)
            if label.width > 0 {
                requests.insert(LabelRequest(id: selected, text: label.text, pin: rect, width: label.width), at: 0)
                first = 0
            }
        }
        let scaleArea = scale.map { Rect(row: $0.rect.row, column: $0.rect.column - 1, width: $0.rect.width + 2, height: 1) }
        let labels = LabelPlacer.place(requests, first: first, taken: base.pinCells, obstacles: (scaleArea.map { [$0] } ?? []) + markRects)

        // With a clear column either side, as a label has: "⢀├──────┤ 50 km⡀" ran into the route.
        if let scale { canvas.text(" " + scale.bar.text + " ", row: scale.rect.row, column: scale.rect.column - 1, style: .mapScale) }
        for label in labels {
            // With the clear column either side the placer reserved, so "3 Paris" never reads
            // as "3+Paris" where a line runs past (the column is never a pin: see LabelPlacer).
            canvas.text(" " + label.text + " ", row: label.rect.row, column: label.rect.column - 1, style: .mapLabel)
        }
        // The selected pin again, on top where pins crowd. (Labels never cover a pin, so the
        // pins drawn before them are as they would be after.)
        if let selected, let rect = pins[selected] {
            canvas.text(pins.text(ofStop: selected, number: stops[selected].number), row: rect.row, column: rect.column, style: .mapPinSelected)
        }
        for (index, mark) in marks.enumerated() {
            if let mark { canvas.text(Self.placeMark, row: mark.row, column: mark.column, style: index == selectedPlace ? .mapPinSelected : .mapPlace) }
        }
        return MapFrame(canvas: canvas, pins: pins, labels: labels, scaleBar: scale?.bar, scaleBarRect: scale?.rect)
    }

    /// What does not depend on the selection: basemap, route and pins drawn, and the labels
    /// wanted, in trip order.
    private func makeBase(
        stops: [MapStop], viewport: MapViewport, basemap: (any BasemapProviding)?, layers: MapLayers?,
        roads: [[Coordinate]], stopsChange: RunChange?
    ) -> MapLayers.Base {
        let drawBackground = {
            var canvas = DotCanvas(width: viewport.width, height: viewport.height)
            if let basemap { drawBasemap(basemap, viewport: viewport, on: &canvas) }
            return canvas
        }
        var canvas = layers?.background(viewport: viewport, hasBasemap: basemap != nil, draw: drawBackground) ?? drawBackground()
        drawRoute(stops.map(\.coordinate), viewport: viewport, on: &canvas, arcs: layers, roads: roads, legsChange: stopsChange?.legs)
        let cells = layers?.cells(of: stops, viewport: viewport, change: stopsChange) { placeCell($0, viewport: viewport) }
        let pins = pinRects(stops, viewport: viewport, cells: cells)
        let drawn = drawPins(pins, of: stops, on: &canvas)
        let bounds = Rect(row: 0, column: 0, width: viewport.width, height: viewport.height)
        let base = MapLayers.Base(
            canvas: canvas, pins: pins,
            labels: labelRequests(stops, pins: pins, shown: drawn.shown, labels: layers, change: stopsChange),
            pinCells: LabelPlacer.TakenCells(bounds: bounds, covering: drawn.covered))
        layers?.keep(base, stops: stops, viewport: viewport, hasBasemap: basemap != nil, roads: roads)
        return base
    }

    // MARK: Route

    /// Each leg as a great-circle arc, sampled every few dots, drawn in every copy of the world
    /// it shows in (a view wider than the world shows a leg more than once).
    /// A leg with a road line in `roads` is drawn along it instead; the arcs of the others are
    /// then drawn fainter (estimates).
    func drawRoute(
        _ coordinates: [Coordinate], viewport: MapViewport, on canvas: inout DotCanvas, arcs: MapLayers? = nil,
        roads: [[Coordinate]] = [], legsChange: RunChange? = nil
    ) {
        let maxStep = 4 * viewport.zoom
        let onRoads = roads.count == max(0, coordinates.count - 1) && roads.contains { !$0.isEmpty }
        guard onRoads else {
            // All arcs, in one style: counted once and kept (`MapLayers.routeDots`), so a change
            // walks only the legs it touched.
            guard let arcs else {
                for leg in LegEndpoints.along(coordinates) {
                    let arc = MapLayers.LegArc(leg, maxStep: maxStep)
                    drawLine(arc.points, minX: arc.minX, maxX: arc.maxX, viewport: viewport, style: .mapRoute, on: &canvas)
                }
                return
            }
            let dots = arcs.routeDots(along: coordinates, maxStep: maxStep, change: legsChange, viewport: viewport) { arc, dots in
                drawLine(arc.points, minX: arc.minX, maxX: arc.maxX, viewport: viewport, style: .mapRoute, on: &dots)
            }
            dots.draw(on: &canvas, style: .mapRoute)
            return
        }
        let legs =
            arcs?.legArcs(along: coordinates, maxStep: maxStep, change: legsChange)
            ?? LegEndpoints.along(coordinates).map { MapLayers.LegArc($0, maxStep: maxStep) }
        // Drawn whole, in two styles: the counted dots no longer follow the legs.
        arcs?.forgetRouteDots()
        let lines = arcs?.roadLines(roads) ?? roads.map(MapLayers.LegArc.init(road:))
        for (index, arc) in legs.enumerated() {
            let (road, line) = (roads[index], lines[index])
            let points = road.isEmpty ? arc.points : line.points
            let (minX, maxX) = road.isEmpty || points.isEmpty ? (arc.minX, arc.maxX) : (line.minX, line.maxX)
            drawLine(points, minX: minX, maxX: maxX, viewport: viewport, style: road.isEmpty ? .mapRouteEstimate : .mapRoute, on: &canvas)
        }
    }

    /// One leg's line (`points`, reaching from `minX` to `maxX`), in every copy of the world the
    /// view shows it in.
    private func drawLine(
        _ points: [WorldPoint], minX: Double, maxX: Double, viewport: MapViewport, style: Style,
        on canvas: inout some DotLines
    ) {
        guard !points.isEmpty else { return }
        let rect = viewport.visibleRect
        let first = Int((rect.minX - maxX).rounded(.up)), last = Int((rect.maxX - minX).rounded(.down))
        guard first <= last else { return }
        for shift in first...last {
            drawPolyline(points, shiftX: Double(shift), viewport: viewport, style: style, on: &canvas)
        }
    }

    func drawPolyline(_ points: [WorldPoint], shiftX: Double, viewport: MapViewport, style: Style, on canvas: inout some DotLines) {
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

    /// Each stop's pin, in trip order: its number's cells, starting in the cell that holds the
    /// stop (the copy nearest the centre), moved left where it would leave the map. Stops out of
    /// view have none.
    /// `cells`: the stops' cells, found before (`MapLayers.cells`).
    func pinRects(_ stops: [MapStop], viewport: MapViewport, cells: [MapCell?]? = nil) -> MapPins {
        var pins = MapPins()
        pins.reserveCapacity(stops.count)
        var first: Rect?
        // Read by place, not stop by stop: a copy of each stop would retain and release its name.
        for index in stops.indices where stops[index].coordinate.isValid {
            guard let cell = cells.map({ $0[index] }) ?? placeCell(stops[index].coordinate, viewport: viewport) else { continue }
            var (row, column) = cell
            var width = Self.digitCount(stops[index].number)
            // A loop ends where it began: its last pin goes right after the first, "1/9", not over it.
            var closesLoop = false
            if index == stops.count - 1, index > 1, let first, first.row == row, abs(first.column - column) <= first.width {
                (column, width, closesLoop) = (first.right, width + 1, true)
                if column + width > viewport.width { (row, column) = (first.row + (first.row + 1 < viewport.height ? 1 : -1), first.column) }
            }
            let rect = Rect(row: row, column: max(0, min(column, viewport.width - width)), width: width, height: 1)
            if index == 0 { first = rect }
            pins.append(index: index, rect: rect, closesLoop: closesLoop)
        }
        return pins
    }

    static func digitCount(_ number: Int) -> Int {
        var count = number < 0 ? 2 : 1
        var rest = abs(number)
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// The pins' numbers, a later stop's over an earlier one's where they meet. Drawn from the
    /// last: a cell a later pin took is left alone, so where thousands of pins crowd the few
    /// hundred cells of a map, each cell is written once and a hidden pin costs one look.
    /// Returns whether each pin (by its place in `pins`) shows, whole or in part, and which
    /// cells (row by row) the pins cover. A pin that shows gets a clear cell either side where no
    /// pin is, as a label does: where stops crowd, "⡱2⣦⢴3⠤4" read as one smudge; "⡱2  3 4" does not.
    @discardableResult
    func drawPins(_ pins: MapPins, of stops: [MapStop], on canvas: inout DotCanvas) -> (shown: [Bool], covered: [Bool]) {
        let width = canvas.width
        var taken = [Bool](repeating: false, count: width * canvas.height)
        var shown = [Bool](repeating: false, count: pins.count)
        taken.withUnsafeMutableBufferPointer { taken in
            for place in pins.indices.indices.reversed() {
                let rect = pins.rects[place]
                let start = rect.row * width + rect.column, length = min(rect.width, width - rect.column)
                guard (start..<(start + length)).contains(where: { !taken[$0] }) else { continue }
                shown[place] = true
                let index = pins.indices[place]
                pins.forEachCharacter(ofStop: index, number: stops[index].number) { offset, character in
                    guard offset < length, !taken[start + offset] else { return }
                    canvas.character(character, row: rect.row, column: rect.column + offset, style: .mapPin)
                    taken[start + offset] = true
                }
                // The clear cells are not taken: an earlier pin drawn after may still put its number there.
                for column in [rect.column - 1, rect.column + length] where column >= 0 && column < width && !taken[rect.row * width + column] {
                    canvas.character(Self.clearCell, row: rect.row, column: column, style: .normal)
                }
            }
        }
        return (shown, taken)
    }

    /// What a pin's clear cells hold: a space, which hides the dots under it.
    static let clearCell = UInt8(ascii: " ")

    /// A label for every pin that shows (`shown`, by place in `pins`), in trip order, with its
    /// width measured. A pin hidden under later ones has none: its name would sit beside another
    /// stop's number, and on a map of 5,000 stops most pins are hidden.
    func labelRequests(_ stops: [MapStop], pins: MapPins, shown: [Bool], labels: MapLayers? = nil, change: RunChange? = nil) -> [LabelRequest] {
        let measured = labels?.labels(of: stops, change: change)
        var requests: [LabelRequest] = []
        for place in shown.indices where shown[place] {
            let index = pins.indices[place]
            let label = measured?[index] ?? MapLayers.measuredLabel(stops[index].name)
            if label.width > 0 { requests.append(LabelRequest(id: index, text: label.text, pin: pins.rects[place], width: label.width)) }
        }
        return requests
    }

    /// What marks a place that is not a stop ("*" outside UTF-8).
    static let placeMark = "◆"

    /// The cell `coordinate` falls in (the copy nearest the centre), nil when out of view.
    package func placeCell(_ coordinate: Coordinate, viewport: MapViewport) -> MapCell? {
        coordinate.isValid ? cell(of: MercatorProjection.project(coordinate), viewport: viewport) : nil
    }

    /// The cell of the world's point `place` (its copy nearest the centre), nil when out of view.
    private func cell(of place: WorldPoint, viewport: MapViewport) -> MapCell? {
        let dot = viewport.dot(of: viewport.nearestCopy(of: place))
        let column = Int((dot.x / 2).rounded(.down)), row = Int((dot.y / 4).rounded(.down))
        return column >= 0 && row >= 0 && column < viewport.width && row < viewport.height ? (row, column) : nil
    }

    // MARK: Scale

    /// A scale bar for the centre's latitude in the bottom-left corner, or the bottom-right one
    /// when a pin is in the way; none when both are taken or the map is too small.
    func scaleBar(viewport: MapViewport, unit: DistanceUnit, avoiding pins: [Rect]) -> (bar: ScaleBar, rect: Rect)? {
        guard viewport.width >= 12, viewport.height >= 3 else { return nil }
        let metersPerCell = 2 * viewport.zoom * MercatorProjection.metersPerWorldUnit(atY: viewport.center.y)
        let maxCells = min(20, viewport.width / 4)
        guard let bar = ScaleBar.fitting(metersPerCell: metersPerCell, maxCells: maxCells, unit: unit) else { return nil }
        let width = TextWidth.width(bar.text)
        guard width + 2 <= viewport.width else { return nil }
        let row = viewport.height - 1
        let corners = [Rect(row: row, column: 1, width: width, height: 1), Rect(row: row, column: viewport.width - 1 - width, width: width, height: 1)]
        // A pin beside the bar counts as in its way: the bar is drawn with a clear column either side.
        guard
            let rect = corners.first(where: { corner in
                let area = Rect(row: corner.row, column: corner.column - 1, width: corner.width + 2, height: 1)
                return !pins.contains { LabelPlacer.intersects($0, area) }
            })
        else { return nil }
        return (bar, rect)
    }
}
