import Foundation
@testable import RoadtripCore
import TextCanvas
import Testing

/// Places that are not stops (what lies along the road, issue 37) marked on the map: a mark of
/// their own, never over a pin, the selected one highlighted.
@Suite struct MapRendererPlacesTests {
    let renderer = MapRenderer()
    let stops = [
        MapStop(coordinate: Coordinate(latitude: 42.5078, longitude: 1.5211), number: 1, name: "Andorra la Vella"),
        MapStop(coordinate: Coordinate(latitude: 42.5562, longitude: 1.5332), number: 2, name: "Ordino"),
    ]
    let museum = Coordinate(latitude: 42.5555, longitude: 1.5335)
    let camp = Coordinate(latitude: 42.52, longitude: 1.51)
    /// The mark as drawn here ("*" outside UTF-8).
    let mark = TextWidth.isUTF8 ? "◆" : "*"

    @Test func eachPlaceHasAMarkOfItsOwnAndTheSelectedOneStandsOut() throws {
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 16)
        let frame = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, places: [camp, museum], selectedPlace: 0)
        let campCell = try #require(renderer.placeCell(camp, viewport: viewport))
        #expect(frame.canvas.hasText(row: campCell.row, column: campCell.column))
        #expect(frame.canvas.style(row: campCell.row, column: campCell.column) == .mapPinSelected)
        #expect(frame.canvas.lines()[campCell.row].contains(mark))
        let unselected = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, places: [camp, museum])
        #expect(unselected.canvas.style(row: campCell.row, column: campCell.column) == .mapPlace)
    }

    @Test func aPinHidesAPlaceNotTheReverse() throws {
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 16)
        // A place at Ordino itself: in the cell of its pin.
        let atOrdino = stops[1].coordinate
        let pin = try #require(renderer.pinRects(stops, viewport: viewport)[1])
        let cell = try #require(renderer.placeCell(atOrdino, viewport: viewport))
        try #require(pin.contains(row: cell.row, column: cell.column))
        for selected in [nil, 0] {
            let frame = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, places: [atOrdino], selectedPlace: selected)
            #expect(frame.canvas.style(row: cell.row, column: cell.column) == .mapPin && !frame.canvas.lines()[cell.row].contains(mark))
        }
    }

    @Test func aPlaceOutOfViewIsNotMarked() {
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 16)
        #expect(renderer.placeCell(Coordinate(latitude: 48.2, longitude: 16.4), viewport: viewport) == nil)
        let frame = renderer.render(
            stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km,
            places: [Coordinate(latitude: 48.2, longitude: 16.4)], selectedPlace: 0)
        #expect(!frame.canvas.lines().joined().contains(mark))
    }

    @Test func aStopsLabelGoesWhereNoMarkIs() throws {
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: 40, height: 16)
        let plain = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km)
        let label = try #require(plain.labels.first { $0.id == 0 })
        // A place in the middle of where the first stop's label went.
        let (row, column) = (label.rect.row, label.rect.column + label.rect.width / 2)
        let rect = viewport.visibleRect
        let place = MercatorProjection.coordinate(
            of: WorldPoint(
                x: rect.minX + Double(column * 2 + 1) * viewport.zoom,
                y: rect.minY + Double(row * 4 + 2) * viewport.zoom))
        try #require(renderer.placeCell(place, viewport: viewport).map { $0.row == row && $0.column == column } == true)
        let marked = renderer.render(stops: stops, selected: nil, viewport: viewport, basemap: nil, unit: .km, places: [place])
        #expect(marked.canvas.style(row: row, column: column) == .mapPlace)
        #expect(!marked.labels.contains { $0.rect.contains(row: row, column: column) })
    }
}
