import Foundation
@testable import RoadtripCore
import Synchronization
import TextCanvas
import Testing

/// A basemap of given polylines that remembers every rect it was asked about.
final class FakeBasemap: BasemapProviding, Sendable {
    let lines: [(BasemapLayer, [MercatorPoint])]
    let queries = Mutex<[MercatorRect]>([])

    init(lines: [(BasemapLayer, [MercatorPoint])]) {
        self.lines = lines
    }

    /// A square island: a coastline from (minX, minY) to (maxX, maxY), world units.
    static func island(minX: Float, minY: Float, maxX: Float, maxY: Float) -> FakeBasemap {
        FakeBasemap(lines: [
            (
                .coastline,
                [
                    MercatorPoint(x: minX, y: minY), MercatorPoint(x: maxX, y: minY), MercatorPoint(x: maxX, y: maxY),
                    MercatorPoint(x: minX, y: maxY), MercatorPoint(x: minX, y: minY),
                ]
            )
        ])
    }

    func forEachLine(in rect: MercatorRect, resolution: Double, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void) {
        queries.withLock { $0.append(rect) }
        for (layer, points) in lines {
            points.withUnsafeBufferPointer { body(layer, $0) }
        }
    }

    var askedRects: [MercatorRect] { queries.withLock { $0 } }
}

@Suite struct MapRendererTests {
    let anchorage = Coordinate(latitude: 61.2181, longitude: -149.9003)
    let tokyo = Coordinate(latitude: 35.6762, longitude: 139.6503)
    let renderer = MapRenderer()

    func dotsSet(_ canvas: DotCanvas, _ style: Style) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<canvas.dotHeight {
            for x in 0..<canvas.dotWidth where canvas.isDotSet(x: x, y: y) && canvas.style(row: y / 4, column: x / 2) == style {
                result.append((x, y))
            }
        }
        return result
    }

    @Test func aSquareIslandIsOutlinedWhereExpected() {
        // 40×10 cells = 80×40 dots, 0.001 world units per dot, centred on (0.5, 0.5): the island
        // from 0.4905 to 0.5095 (dot centres) spans dots 30…49 across and 10…29 down.
        let viewport = MapViewport(center: WorldPoint(x: 0.5, y: 0.5), zoom: 0.001, width: 40, height: 10)
        let basemap = FakeBasemap.island(minX: 0.4905, minY: 0.4905, maxX: 0.5095, maxY: 0.5095)
        let frame = renderer.render(stops: [], selected: nil, viewport: viewport, basemap: basemap, unit: .km)
        let canvas = frame.canvas
        for (x, y) in [(30, 10), (40, 10), (49, 10), (30, 20), (49, 20), (30, 29), (40, 29), (49, 29)] {
            #expect(canvas.isDotSet(x: x, y: y), "(\(x), \(y))")
        }
        for (x, y) in [(40, 20), (10, 5), (29, 10), (50, 10), (30, 9), (30, 30)] {
            #expect(!canvas.isDotSet(x: x, y: y), "(\(x), \(y))")
        }
        #expect(canvas.style(row: 5, column: 15) == .mapCoast)
        #expect(basemap.askedRects.count == 1)
    }

    @Test func viewsAcrossTheAntimeridianQueryInsideTheWorldAndWrap() {
        // Centred on x = 0 (180°): half the view is west of 0, asked for as 0.96…1 and moved back.
        let viewport = MapViewport(center: WorldPoint(x: 0, y: 0.5), zoom: 0.001, width: 40, height: 10)
        let basemap = FakeBasemap.island(minX: 0.97, minY: 0.49, maxX: 0.99, maxY: 0.51)
        let frame = renderer.render(stops: [], selected: nil, viewport: viewport, basemap: basemap, unit: .km)
        let rects = basemap.askedRects
        #expect(rects.count == 2)
        #expect(rects.allSatisfy { $0.minX >= 0 && $0.maxX <= 1 && $0.minY >= 0 && $0.maxY <= 1 && $0.minX < $0.maxX })
        // World x 0.97 − 1 = −0.03 lies 10 dots from the left edge (−0.04).
        #expect(frame.canvas.isDotSet(x: 10, y: 15))
        #expect(frame.canvas.isDotSet(x: 30, y: 15))
    }

    @Test func zoomedOutBeyondOneWorldEveryRectIsInside() {
        let viewport = MapViewport.fitting([], width: 200, height: 30)
        let basemap = FakeBasemap.island(minX: 0.4, minY: 0.4, maxX: 0.6, maxY: 0.6)
        _ = renderer.render(stops: [], selected: nil, viewport: viewport, basemap: basemap, unit: .mi)
        let rects = basemap.askedRects
        #expect(rects.count >= 3)
        #expect(rects.allSatisfy { $0.minX >= 0 && $0.maxX <= 1 && $0.minY >= 0 && $0.maxY <= 1 && $0.minX < $0.maxX })
    }

    @Test func anchorageToTokyoIsOneShortArc() throws {
        let stops = [MapStop(coordinate: anchorage, number: 1, name: "Anchorage"), MapStop(coordinate: tokyo, number: 2, name: "Tokyo")]
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 80, height: 24)
        let frame = renderer.render(stops: stops, selected: 0, viewport: viewport, basemap: nil, unit: .km)
        let route = dotsSet(frame.canvas, .mapRoute)
        #expect(!route.isEmpty)
        let pinA = try #require(frame.pins[0]), pinB = try #require(frame.pins[1])
        // Anchorage is east of Tokyo on this map: the route runs between them, not off both edges.
        #expect(pinA.column > pinB.column)
        let columns = Set(route.map { $0.x / 2 })
        #expect(columns.min()! >= pinB.column - 1 && columns.max()! <= pinA.right)
        #expect(frame.canvas.style(row: pinA.row, column: pinA.column) == .mapPinSelected)
        #expect(frame.canvas.style(row: pinB.row, column: pinB.column) == .mapPin)
        #expect(frame.labels.map(\.text).sorted() == ["Anchorage", "Tokyo"])
    }

    @Test func aLegOnRoadsIsDrawnAlongItsRoadAndAnEstimateFainter() throws {
        // Three stops along 45° N; the first leg's road bends a degree north, the second leg has
        // no road (an estimate).
        let coordinates = [0.0, 2, 4].map { Coordinate(latitude: 45, longitude: $0) }
        let stops = coordinates.enumerated().map { MapStop(coordinate: $1, number: $0 + 1, name: "S\($0 + 1)") }
        let bend = Coordinate(latitude: 46, longitude: 1)
        let road = [coordinates[0], bend, coordinates[1]]
        let viewport = MapViewport.fitting(coordinates + [bend], width: 80, height: 24)
        let layers = MapLayers()
        func dotSet(at coordinate: Coordinate, in frame: MapFrame) -> Style? {
            let dot = viewport.dot(of: MercatorProjection.project(coordinate))
            let x = Int(dot.x), y = Int(dot.y)
            for dy in -1...1 {
                for dx in -1...1 where frame.canvas.isDotSet(x: x + dx, y: y + dy) {
                    return frame.canvas.style(row: (y + dy) / 4, column: (x + dx) / 2)
                }
            }
            return nil
        }
        let halfwayUp = Coordinate(latitude: 45.5, longitude: 0.5), straight = Coordinate(latitude: 45, longitude: 1),
            beyond = Coordinate(latitude: 45, longitude: 3)
        // Before any road is known: arcs, drawn as the route.
        let arcs = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, layers: layers)
        #expect(dotSet(at: halfwayUp, in: arcs) == nil)
        #expect(dotSet(at: beyond, in: arcs) == .mapRoute)
        // With the first leg's road (the kept layers are not reused for it).
        let roads = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, layers: layers, roads: [road, []])
        #expect(dotSet(at: halfwayUp, in: roads) == .mapRoute)
        #expect(dotSet(at: straight, in: roads) == nil)
        #expect(dotSet(at: beyond, in: roads) == .mapRouteEstimate)
        #expect(roads.pins.count == 3)
    }

    @Test func aTripNearTheNorthCapeAndSvalbardDraws() {
        let stops = [
            MapStop(coordinate: Coordinate(latitude: 71.1685, longitude: 25.7838), number: 1, name: "Nordkapp"),
            MapStop(coordinate: Coordinate(latitude: 78.2232, longitude: 15.6267), number: 2, name: "Longyearbyen"),
            MapStop(coordinate: Coordinate(latitude: 89.9, longitude: 0), number: 3, name: "Pole"),
        ]
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 60, height: 20)
        let frame = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km)
        #expect(frame.pins.count == 3)
        #expect(!dotsSet(frame.canvas, .mapRoute).isEmpty)
    }

    @Test func emptyAndOneStopTripsRender() throws {
        let empty = renderer.render(stops: [], selected: nil, viewport: .fitting([], width: 30, height: 8), basemap: nil, unit: .km)
        #expect(empty.pins.isEmpty && empty.canvas.width == 30)
        let stop = MapStop(coordinate: Coordinate(latitude: 59.91, longitude: 10.75), number: 1, name: "Oslo")
        let one = renderer.render(stops: [stop], selected: 0, viewport: .fitting([stop.coordinate], width: 30, height: 8), basemap: nil, unit: .km)
        let pin = try #require(one.pins[0])
        #expect((3...4).contains(pin.row) && (14...15).contains(pin.column))
        #expect(one.canvas.lines(glyphs: .ascii)[pin.row].contains("1 Oslo"))
        #expect(one.canvas.style(row: pin.row, column: pin.column) == .mapPinSelected)
        #expect(one.scaleBar != nil)
    }

    @Test func theScaleBarIsInTheUnitsGivenAndLabelsAvoidIt() throws {
        let stop = MapStop(coordinate: Coordinate(latitude: 40.7, longitude: -74), number: 1, name: "New York")
        let viewport = MapViewport.fitting([stop.coordinate], width: 60, height: 12)
        let frame = renderer.render(stops: [stop], selected: nil, viewport: viewport, basemap: nil, unit: .mi)
        let bar = try #require(frame.scaleBar)
        let rect = try #require(frame.scaleBarRect)
        #expect(bar.unit == .mi)
        #expect(frame.canvas.lines(glyphs: .ascii)[rect.row].hasSuffix(" mi"))
        #expect(frame.labels.allSatisfy { !LabelPlacer.intersects($0.rect, rect) })
    }

    @Test func aLargeBasemapRendersAtEveryZoom() {
        // About 200k points in 2,000 random wiggly lines over the world.
        var random = SeededRandom(seed: 3)
        var lines: [(BasemapLayer, [MercatorPoint])] = []
        for index in 0..<2000 {
            var x = Float.random(in: 0...1, using: &random), y = Float.random(in: 0.1...0.9, using: &random)
            var points: [MercatorPoint] = []
            for _ in 0..<100 {
                x = min(1, max(0, x + Float.random(in: -0.002...0.002, using: &random)))
                y = min(1, max(0, y + Float.random(in: -0.002...0.002, using: &random)))
                points.append(MercatorPoint(x: x, y: y))
            }
            lines.append((BasemapLayer(rawValue: UInt8(index % 4))!, points))
        }
        let basemap = FakeBasemap(lines: lines)
        var view = MapViewport.fitting([], width: 200, height: 60)
        for _ in 0..<6 {
            let frame = renderer.render(stops: [], selected: nil, viewport: view, basemap: basemap, unit: .km)
            #expect(frame.canvas.width == 200 && frame.canvas.height == 60)
            view = view.zoomed(by: 8)
        }
    }
}

@Suite struct MapLabelSpacingTests {
    /// The scale bar is drawn in the locale's characters: settled before the first frame, so that
    /// another suite adopting UTF-8 meanwhile cannot change them between two frames compared.
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func aLabelIsSetOffFromItsPinByABlankCell() throws {
        // A route runs along the pin's row: the cell between pin and label must still be blank.
        let stops = [
            MapStop(coordinate: Coordinate(latitude: 0, longitude: 0), number: 1, name: "West"),
            MapStop(coordinate: Coordinate(latitude: 0, longitude: 1), number: 2, name: "East"),
        ]
        let viewport = MapViewport(center: WorldPoint(x: 0.5014, y: 0.5), zoom: 0.00005, width: 60, height: 9)
        let frame = MapRenderer().render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km)
        let label = try #require(frame.labels.first { $0.id == 0 })
        let line = Array(frame.canvas.lines(glyphs: .ascii)[label.rect.row])
        #expect(line[label.rect.column - 1] == " ")
        #expect(String(line[label.rect.column..<label.rect.right]) == "West")
    }

    @Test func keptLayersDrawEverySelectionAsAFreshRenderWithoutTheBasemapAgain() throws {
        let renderer = MapRenderer()
        let stops = (0..<40).map { index in
            MapStop(
                coordinate: Coordinate(latitude: 45 + Double(index % 7) * 0.4, longitude: 2 + Double(index) * 0.15), number: index + 1,
                name: " Town \(index + 1)")
        }
        let basemap = FakeBasemap.island(minX: 0.5, minY: 0.3, maxX: 0.52, maxY: 0.33)
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 50, height: 16)
        let layers = MapLayers()
        _ = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: basemap, unit: .km, layers: layers)
        let queries = basemap.queries.withLock { $0.count }
        for selected in [nil, 0, 17, 39] {
            let frame = renderer.render(stops: stops, selected: selected, viewport: viewport, basemap: basemap, unit: .km, layers: layers)
            #expect(basemap.queries.withLock { $0.count } == queries)
            let fresh = renderer.render(stops: stops, selected: selected, viewport: viewport, basemap: basemap, unit: .km)
            basemap.queries.withLock { $0.removeLast($0.count - queries) }
            #expect(frame.canvas.lines(glyphs: .ascii) == fresh.canvas.lines(glyphs: .ascii))
            #expect(frame.labels == fresh.labels)
            if let selected {
                let pin = try #require(frame.pins[selected])
                #expect(frame.canvas.style(row: pin.row, column: pin.column) == .mapPinSelected)
                #expect(frame.labels.first?.id == selected)
            }
        }
        // Other stops: drawn again, as a fresh render draws them.
        let moved = Array(stops.reversed())
        let frame = renderer.render(stops: moved, selected: 3, viewport: viewport, basemap: basemap, unit: .km, layers: layers)
        let fresh = renderer.render(stops: moved, selected: 3, viewport: viewport, basemap: basemap, unit: .km)
        #expect(frame.canvas.lines(glyphs: .ascii) == fresh.canvas.lines(glyphs: .ascii))
    }

    @Test func aLoopsLastPinGoesRightAfterItsFirst() throws {
        let start = Coordinate(latitude: 45.52, longitude: -122.68)
        let stops = [start, Coordinate(latitude: 46.19, longitude: -123.83), Coordinate(latitude: 45.0, longitude: -123.9), start]
            .enumerated().map { MapStop(coordinate: $1, number: $0 + 1, name: "") }
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 12)
        let frame = MapRenderer().render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km)
        let first = try #require(frame.pins[0]), last = try #require(frame.pins[3])
        #expect(last.row == first.row && last.column == first.right && frame.pins.closesLoop)
        let row = frame.canvas.lines(glyphs: .ascii)[first.row]
        #expect(row.contains("1/4"), "\(row)")
        // Selected, the last pin keeps its slash.
        let selected = MapRenderer().render(stops: stops, selected: 3, viewport: viewport, basemap: nil, unit: .km)
        #expect(selected.canvas.lines(glyphs: .ascii)[first.row].contains("1/4"))
    }

    @Test func crowdedPinsDrawnFromTheLastShowWhatDrawingThemInOrderShows() {
        // 300 stops in a 30×8 map: most pins hide others, some only in part.
        var random = SeededRandom(seed: 7)
        let stops = (0..<300).map { index in
            MapStop(
                coordinate: Coordinate(latitude: Double.random(in: 40...41, using: &random), longitude: Double.random(in: 2...4, using: &random)),
                number: index + 1, name: "S\(index)")
        }
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 30, height: 8)
        let renderer = MapRenderer()
        let pins = renderer.pinRects(stops, viewport: viewport)
        var drawn = DotCanvas(width: 30, height: 8)
        renderer.drawPins(pins, of: stops, on: &drawn)
        // In trip order, a later pin over an earlier one; then a clear cell either side of every
        // pin that shows, where no pin's number is.
        var inOrder = DotCanvas(width: 30, height: 8)
        var owner: [Int: Int] = [:]
        for (place, (index, rect)) in zip(pins.indices, pins.rects).enumerated() {
            inOrder.text(String(stops[index].number), row: rect.row, column: rect.column, style: .mapPin)
            for column in rect.column..<min(rect.right, 30) { owner[rect.row * 30 + column] = place }
        }
        for place in Set(owner.values) {
            let rect = pins.rects[place]
            for column in [rect.column - 1, min(rect.right, 30)] where (0..<30).contains(column) && owner[rect.row * 30 + column] == nil {
                inOrder.text(" ", row: rect.row, column: column, style: .normal)
            }
        }
        #expect(drawn.lines(glyphs: .ascii) == inOrder.lines(glyphs: .ascii))
        for row in 0..<8 {
            for column in 0..<30 { #expect(drawn.style(row: row, column: column) == inOrder.style(row: row, column: column)) }
        }
    }

    /// A pin hidden under later ones has no label (its name would sit beside another stop's
    /// number); selected, it is drawn on top and its label comes first.
    @Test func aHiddenPinHasNoLabelUnlessSelected() throws {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let stops = [
            MapStop(coordinate: paris, number: 1, name: "Paris"),
            MapStop(coordinate: Coordinate(latitude: 45.76, longitude: 4.84), number: 2, name: "Lyon"),
            MapStop(coordinate: paris, number: 3, name: "Paris again"),
            MapStop(coordinate: Coordinate(latitude: 43.3, longitude: 5.37), number: 4, name: "Marseille"),
        ]
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 12)
        let renderer = MapRenderer()
        let plain = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km)
        #expect(plain.pins[0] == plain.pins[2])
        #expect(plain.labels.map(\.text).sorted() == ["Lyon", "Marseille", "Paris again"])
        let selected = renderer.render(stops: stops, selected: 0, viewport: viewport, basemap: nil, unit: .km, layers: MapLayers())
        #expect(selected.labels.first?.text == "Paris")
        let pin = try #require(selected.pins[0])
        #expect(selected.canvas.lines(glyphs: .ascii)[pin.row].contains("1"))
    }

    /// As the planner draws them: told what changed (`stopsChange`), the kept layers take the
    /// old legs' dots away and count the new ones', and the frame is the fresh one, dot for dot
    /// and style for style, on a basemap.
    @Test(arguments: [false, true])
    func keptLayersToldWhatChangedDrawAsAFreshRenderDoes(onTheBasemap: Bool) {
        let renderer = MapRenderer()
        var random = SeededRandom(seed: 5)
        var stops = (0..<200).map { index in
            MapStop(
                coordinate: Coordinate(latitude: Double.random(in: 44...47, using: &random), longitude: Double.random(in: 1...5, using: &random)),
                number: index + 1, name: "Town \(index)")
        }
        let basemap = onTheBasemap ? FakeBasemap.island(minX: 0.5, minY: 0.3, maxX: 0.52, maxY: 0.36) : nil
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 60, height: 20)
        let layers = MapLayers()
        _ = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: basemap, unit: .km, layers: layers)
        for step in 0..<60 {
            let count = stops.count
            let index = Int.random(in: 0..<(count - 1), using: &random)
            let change: RunChange
            switch step % 4 {
            case 0, 3:
                stops.swapAt(index, index + 1)
                change = RunChange(head: index, tail: count - index - 2, oldCount: count, newCount: count)
            case 1:
                let place = MapStop(coordinate: Coordinate(latitude: Double.random(in: 44...47, using: &random), longitude: 3), number: 0, name: "New \(step)")
                stops.insert(place, at: index)
                change = RunChange(head: index, tail: count - index, oldCount: count, newCount: count + 1)
            default:
                stops.remove(at: index)
                change = RunChange(head: index, tail: count - index - 1, oldCount: count, newCount: count - 1)
            }
            for position in stops.indices { stops[position].number = position + 1 }
            // For a few frames the first leg has a road (the legs are then drawn whole): the
            // counted route must not be taken for the one the next change starts from.
            let roads = (20..<24).contains(step) ? [[stops[0].coordinate, stops[1].coordinate]] + Array(repeating: [], count: stops.count - 2) : []
            let kept = renderer.render(
                stops: stops, selected: index, viewport: viewport, basemap: basemap, unit: .km, layers: layers,
                roads: roads, stopsChange: change)
            let fresh = renderer.render(stops: stops, selected: index, viewport: viewport, basemap: basemap, unit: .km, roads: roads)
            #expect(kept.canvas.lines(glyphs: .braille) == fresh.canvas.lines(glyphs: .braille), "step \(step)")
            let styles = { (frame: MapFrame) in (0..<20).flatMap { row in (0..<60).map { frame.canvas.style(row: row, column: $0) } } }
            #expect(styles(kept) == styles(fresh), "step \(step)")
            #expect(kept.labels == fresh.labels)
        }
    }

    @Test func keptLayersFollowMovesAddsAndDeletesAsAFreshRenderDoes() {
        let renderer = MapRenderer()
        var stops = (0..<120).map { index in
            MapStop(
                coordinate: Coordinate(latitude: 45 + Double(index % 9) * 0.3, longitude: 2 + Double(index) * 0.05), number: index + 1, name: "Town \(index)")
        }
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 60, height: 20)
        let layers = MapLayers()
        var random = SeededRandom(seed: 11)
        for step in 0..<40 {
            let index = Int.random(in: 1..<(stops.count - 1), using: &random)
            switch step % 3 {
            case 0: stops.swapAt(index, index + 1)
            case 1: stops.insert(MapStop(coordinate: Coordinate(latitude: 46, longitude: 3 + Double(step) * 0.01), number: 0, name: "New \(step)"), at: index)
            default: stops.remove(at: index)
            }
            for position in stops.indices { stops[position].number = position + 1 }
            let kept = renderer.render(stops: stops, selected: index, viewport: viewport, basemap: nil, unit: .km, layers: layers)
            let fresh = renderer.render(stops: stops, selected: index, viewport: viewport, basemap: nil, unit: .km)
            #expect(kept.canvas.lines(glyphs: .ascii) == fresh.canvas.lines(glyphs: .ascii))
            #expect(kept.labels == fresh.labels)
            #expect(kept.pins == fresh.pins)
        }
    }

    /// A pin's characters are written one by one without making its text: the same characters.
    @Test func aPinsCharactersSpellItsText() {
        for closesLoop in [false, true] {
            var pins = MapPins()
            pins.append(index: 0, rect: Rect(row: 0, column: 0, width: 1, height: 1))
            pins.append(index: 7, rect: Rect(row: 0, column: 3, width: 1, height: 1), closesLoop: closesLoop)
            for index in [0, 7] {
                for number in [0, 1, 9, 10, 42, 99, 100, 999, 1_000, 4_999, 5_000, 123_456_789, Int.max, -1, -57, Int.min] {
                    var characters: [UInt8] = []
                    pins.forEachCharacter(ofStop: index, number: number) { offset, character in
                        #expect(offset == characters.count)
                        characters.append(character)
                    }
                    #expect(String(decoding: characters, as: UTF8.self) == pins.text(ofStop: index, number: number))
                }
            }
        }
    }
}
