import Foundation
import RoadtripCore

// `roadtrip-bench --basemap`: the cost of loading the basemap and of `forEachLine` over a
// 200 × 60 cell frame (400 × 240 dots) at every zoom from the whole world to a 100 km region.
// The body reads every point handed over (as a renderer would), but draws nothing.

/// A view `width` world units wide and 240/400 of that high, centred on a coordinate.
func basemapView(latitude: Double, longitude: Double, width: Double) -> MercatorRect {
    let centre = MercatorProjection.project(latitude: latitude, longitude: longitude)
    let height = width * 240 / 400
    let minX = min(max(centre.x - width / 2, 0), max(0, 1 - width))
    let minY = min(max(centre.y - height / 2, 0), max(0, 1 - height))
    return MercatorRect(minX: minX, minY: minY, maxX: min(1, minX + width), maxY: min(1, minY + height))
}

/// Milliseconds of one `forEachLine` for `rect` at 400 dots across, and the points it handed over.
func timeFrame(_ basemap: Basemap, _ rect: MercatorRect) -> (Double, Int) {
    var points = 0
    var sum: Float = 0
    let time = milliseconds {
        basemap.forEachLine(in: rect, resolution: (rect.maxX - rect.minX) / 400) { _, line in
            points += line.count
            for point in line { sum += point.x + point.y }
        }
    }
    if sum.isNaN { print("") } // keeps the reads from being optimized away
    return (time, points)
}

func benchBasemap(_ url: URL) throws {
    print("roadtrip-bench --basemap, \(ISO8601DateFormatter().string(from: Date()))")
    print("machine: \(machine())")
    var basemap: Basemap?
    let first = try milliseconds { basemap = try Basemap.load(from: url) }
    let loads = try (0..<100).map { _ in try milliseconds { _ = try Basemap.load(from: url) } }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print("basemap: \(url.path), \(size) bytes; first load \(format(first)); 100 loads: \(summary(loads, percentiles: [50, 99]))")
    guard let basemap else { return }
    let centres: [(String, Double, Double)] = [
        ("USA", 39, -98), ("Europe", 50, 10), ("Switzerland", 46.8, 8.2), ("Japan", 36, 138),
        ("Monterey", 36.6, -121.9), ("Indonesia", -2, 118), ("Russia", 58, 60), ("Fiji", -17.8, 179.5),
    ]
    // Widths from the whole world down to about 100 km at 40° N, 10% apart.
    var widths: [Double] = []
    var width = 1.0
    while width > 0.0035 { widths.append(width); width /= 1.1 }
    widths.append(0.0035)
    var rows: [(Double, Int, String)] = []
    var slowestCall = 0.0
    for (name, latitude, longitude) in centres {
        for width in widths {
            let rect = basemapView(latitude: latitude, longitude: longitude, width: width)
            _ = timeFrame(basemap, rect) // bring its pages in
            // The median of 11 calls: one slow call is the scheduler (2 processors, shared), not
            // the view; the slowest call of all is printed too.
            let times = (0..<11).map { _ in timeFrame(basemap, rect) }.sorted { $0.0 < $1.0 }
            slowestCall = max(slowestCall, times.last!.0)
            rows.append((times[5].0, times[5].1, String(format: "%@ width %.4f", name, width)))
        }
    }
    for (label, range) in [("whole world (width 1)", 0.99...1.0), ("continent (width 0.1–0.3)", 0.1...0.3), ("region ~100 km (width 0.0035)", 0.0...0.0036)] {
        let chosen = rows.filter { Double($0.2.split(separator: " ").last!)!.isIn(range) }
        let worst = chosen.max { $0.0 < $1.0 }!
        print("\(label): slowest median of \(chosen.count) views × 11 calls: \(format(worst.0)), \(worst.1) points (\(worst.2))")
    }
    let worst = rows.sorted { $0.0 > $1.0 }.prefix(3).map { "\($0.2): \(format($0.0)), \($0.1) points" }
    print("all \(rows.count) views, slowest medians: \(worst.joined(separator: "; ")); slowest single call \(format(slowestCall))")
}

extension Double {
    fileprivate func isIn(_ range: ClosedRange<Double>) -> Bool { range.contains(self) }
}
