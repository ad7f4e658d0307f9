import Foundation
import RoadtripCore
import RoadtripStore

/// `roadtrip-bench --decode FILE`: how long reading a data file's bytes into trips takes, with the
/// one-pass reader `TripFileStore.decode` uses, against Foundation's `JSONDecoder` on its own;
/// then how long making the bytes a save writes takes (`TripFile.encoded`, `TripFileWriter`).
func benchDecode(_ path: String) throws {
    let url = URL(fileURLWithPath: path)
    let data = try Data(contentsOf: url)
    let store = TripFileStore(url: url)
    var file: TripFile?
    let first = try milliseconds { file = try store.decode(data) }
    let stops = file?.trips.reduce(0) { $0 + $1.stops.count } ?? 0
    print("\(path): \(data.count) bytes, \(file?.trips.count ?? 0) trips, \(stops) stops")
    print("TripFileStore.decode, first of the process: \(format(first))")
    let runs = 10
    var times: [Double] = []
    for _ in 0..<runs {
        times.append(try milliseconds { _ = try store.decode(data) })
    }
    print("TripFileStore.decode, \(runs) runs: \(summary(times, percentiles: [50]))")
    let foundation = try milliseconds { _ = try JSONDecoder().decode(TripFile.self, from: data) }
    print("JSONDecoder alone, once: \(format(foundation))")
    guard let file else { return }
    var saves: [Double] = []
    for _ in 0..<runs {
        saves.append(try milliseconds { _ = try file.encoded() })
    }
    print("TripFile.encoded (the bytes of a save), \(runs) runs: \(summary(saves, percentiles: [50]))")
}
