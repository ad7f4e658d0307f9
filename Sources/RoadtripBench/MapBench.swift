import Foundation
import RoadtripCore

// Map frames, as the trip detail screen draws them: 200×60 cells with the whole basemap, from the whole
// world down to the closest zoom, over places with much and little detail and across the
// antimeridian. A frame is the render (basemap lines, route arcs, pins, labels, scale bar) plus
// turning the canvas into text lines.

let mapWidth = 200, mapHeight = 60, mapRounds = 5

func benchBasemapLoad(_ url: URL) throws -> Basemap {
    var basemap: Basemap?
    let first = try milliseconds { basemap = try Basemap.load(from: url) }
    var times: [Double] = []
    for _ in 0..<100 { times.append(try milliseconds { _ = try Basemap.load(from: url) }) }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print("basemap: \(url.path), \(size) bytes")
    print("basemap load (open, map, check header and index): first \(format(first)); 100 loads: \(summary(times, percentiles: [50, 99]))")
    return basemap!
}

func benchMapFrames(_ basemap: Basemap) {
    let places: [(String, [Coordinate])] = [
        ("Pacific coast", [Coordinate(latitude: 36.6002, longitude: -121.8947), Coordinate(latitude: 35.3658, longitude: -120.8499)]),
        ("Alps", [Coordinate(latitude: 47.3769, longitude: 8.5417), Coordinate(latitude: 46.2044, longitude: 6.1432)]),
        ("Anchorage to Tokyo", [Coordinate(latitude: 61.2181, longitude: -149.9003), Coordinate(latitude: 35.6762, longitude: 139.6503)]),
        ("Norway fjords", [Coordinate(latitude: 60.3913, longitude: 5.3221), Coordinate(latitude: 69.6492, longitude: 18.9553)]),
        ("Indonesia", [Coordinate(latitude: -6.2088, longitude: 106.8456), Coordinate(latitude: -8.4095, longitude: 115.1889)]),
    ]
    var times: [Double] = []
    var worst: [(Double, String)] = []
    let renderer = MapRenderer()
    for (name, coordinates) in places {
        let stops = coordinates.enumerated().map { MapStop(coordinate: $1, number: $0 + 1, name: "Stop \($0 + 1)") }
        var viewport = MapViewport.fitting(coordinates, width: mapWidth, height: mapHeight)
        // Out to the whole world, then in to the closest zoom, halving the scale each step.
        while viewport.zoom < viewport.widestZoom { viewport = viewport.zoomed(by: 0.5) }
        while true {
            _ = renderer.render(stops: stops, selected: 0, viewport: viewport, basemap: basemap, unit: .km).canvas.lines()
            for _ in 0..<mapRounds {
                let time = milliseconds {
                    _ = renderer.render(stops: stops, selected: 0, viewport: viewport, basemap: basemap, unit: .km).canvas.lines()
                }
                times.append(time)
                worst.append((time, "\(name), \(Int((viewport.zoom * MercatorProjection.equatorMeters * 2).rounded())) m per cell"))
            }
            if viewport.zoom <= MapViewport.closestZoom * 1.0001 { break }
            viewport = viewport.zoomed(by: 2)
        }
    }
    print(
        "map frames: \(mapWidth)×\(mapHeight) cells, \(places.count) places × every zoom from the whole world to the closest (halving) × \(mapRounds) rounds = \(times.count) frames:"
    )
    print("  \(summary(times, percentiles: [50, 90, 99]))")
    let slowest = worst.sorted { $0.0 > $1.0 }.prefix(3).map { "\($0.1) \(format($0.0))" }
    print("  slowest: \(slowest.joined(separator: "; "))")
}
