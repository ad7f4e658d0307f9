import Foundation
import RoadtripCore

// roadtrip-bench — the speed figures of BENCHMARKS.md (`make bench`, release build).
//
// 1. Loading the gazetteer: the first load and search of the process (which also pay for setting
//    up the Unicode tables the normalisation uses), then many loads (open, map, check the header
//    and cell table), each followed by a search, which pays for bringing the pages it touches
//    into the new mapping.
// 2. Searching, as the place field is used: every query of `BenchQueries.typed` typed one
//    character at a time, each prefix one search ("m", "mo", "mon", …), several rounds.
//
//     roadtrip-bench                 the figures
//     roadtrip-bench --search QUERY  one search: its results and its time
// 3. The map: loading the basemap, then whole 200×60 map frames at every zoom (MapBench.swift).
//
//     roadtrip-bench --basemap       basemap load and line look-up per frame (BasemapBench.swift)
//     roadtrip-bench --decode FILE   reading a data file into trips (DecodeBench.swift)
//     roadtrip-bench --follow FILE   several writers on one file: a planner's check, a command's
//                                    read–merge–write, a planner merging another's save (FollowBench.swift)
// 4. The route optimizer on 14 and 200 stops (OptimizerBench.swift).
// 5. Searching with regions: the same typed queries on the built-in towns and natural features
//    with two regions added (Andorra and Krems, imported first: RegionBench.swift), a leg on
//    their roads, and the places along a 480 km trip through Andorra (AlongBench.swift).
//
//     roadtrip-bench --regions       only that
//     roadtrip-bench --search-shelf QUERY...   the QUERYs typed prefix by prefix with the regions
//                                    of XDG_DATA_HOME added (a country's places: Scripts/bench-scale.py)
//
//     roadtrip-bench --optimize      only those
// 6. A 100,000-character paste into a text field, the text read after each key (TextFieldBench.swift).
//
//     roadtrip-bench --text-field    only that
// 7. The road matrix alone, by the engine of the environment (MatrixBench.swift; for
//    Scripts/bench-matrix.py).
//
//     roadtrip-bench --matrix FILE RUNS   the matrix of FILE's stops: the first, then the median of RUNS

let loads = 200
let rounds = 5
let limit = 10

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` and returns how long it took, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() - start) / 1_000_000
}

/// Percentile by nearest rank.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
}

func format(_ value: Double) -> String { String(format: "%.3f ms", value) }

func summary(_ samples: [Double], percentiles: [Double]) -> String {
    let sorted = samples.sorted()
    let parts = percentiles.map { "p\(Int($0)) \(format(percentile(sorted, $0)))" }
    return (parts + ["max \(format(sorted.last ?? 0))"]).joined(separator: ", ")
}

func machine() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    var system = utsname()
    uname(&system)
    let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) processors (nproc), Linux \(release)"
}

/// Every prefix of every query, as typed.
func typedPrefixes(_ queries: [String]) -> [String] {
    queries.flatMap { query in (1...query.count).map { String(query.prefix($0)) } }
}

func benchFirstLoad(_ url: URL) throws -> Gazetteer {
    var gazetteer: Gazetteer?
    let load = try milliseconds { gazetteer = try Gazetteer.load(from: url) }
    let search = milliseconds { _ = gazetteer?.search("Monterey", limit: limit) }
    print("first load of the process: \(format(load)); first search of the process (\"Monterey\"): \(format(search))")
    return gazetteer!
}

func benchLoad(_ url: URL) throws {
    var loadTimes: [Double] = [], firstSearchTimes: [Double] = []
    for _ in 0..<loads {
        var gazetteer: Gazetteer?
        loadTimes.append(try milliseconds { gazetteer = try Gazetteer.load(from: url) })
        firstSearchTimes.append(milliseconds { _ = gazetteer?.search("Monterey", limit: limit) })
    }
    print("load (open, map, check header and cell table), \(loads) loads: \(summary(loadTimes, percentiles: [50, 99]))")
    print("first search after a load (\"Monterey\", page faults included): \(summary(firstSearchTimes, percentiles: [50, 99]))")
}

/// The searches, from nowhere in particular (`roadtrip search`) or from a trip (`near`, the
/// stop editor's: every range up to `GazetteerSearch.contextScanLimit` entries is scanned then).
func benchSearch(
    _ gazetteer: any PlaceIndex, near: (name: String, context: SearchContext)? = nil, label: String = "searches",
    typed: [String] = BenchQueries.typed
) {
    let queries = typedPrefixes(typed)
    for query in queries { _ = gazetteer.search(query, limit: limit, near: near?.context) } // warm the pages and caches
    var times: [Double] = []
    var slowest: [(Double, String)] = []
    for _ in 0..<rounds {
        for query in queries {
            let time = milliseconds { _ = gazetteer.search(query, limit: limit, near: near?.context) }
            times.append(time)
            slowest.append((time, query))
        }
    }
    let from = near.map { " from a trip at \($0.name)" } ?? ""
    print("\(label)\(from): \(typed.count) queries typed prefix by prefix = \(queries.count) searches × \(rounds) rounds = \(times.count), limit \(limit):")
    print("  \(summary(times, percentiles: [50, 90, 99]))")
    let worst = slowest.sorted { $0.0 > $1.0 }.prefix(5).map { "\"\($0.1)\" \(format($0.0))" }
    print("  slowest: \(worst.joined(separator: ", "))")
}

func searchOnce(_ gazetteer: Gazetteer, _ query: String) {
    var results: [Place] = []
    let time = milliseconds { results = gazetteer.search(query, limit: limit) }
    for place in results {
        print(
            "\(place.name), \(place.admin1) [\(place.admin1Code)], \(place.country) [\(place.countryCode)] — \(place.population) — \(place.coordinate.latitude), \(place.coordinate.longitude)"
        )
    }
    print("\(results.count) results in \(format(time))")
}

// Needs no resource files.
if CommandLine.arguments.dropFirst() == ["--optimize"] {
    optimizerBench()
    exit(0)
}
if CommandLine.arguments.dropFirst() == ["--text-field"] {
    textFieldBench()
    exit(0)
}

do {
    let url = try Resources.locate().gazetteer
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "--search" {
        searchOnce(try Gazetteer.load(from: url), arguments[2])
        exit(0)
    }
    if arguments.count == 4, arguments[1] == "--matrix", let runs = Int(arguments[3]), runs > 0 {
        try matrixBench(file: arguments[2], runs: runs)
        exit(0)
    }
    if arguments.count == 3, arguments[1] == "--decode" {
        try benchDecode(arguments[2])
        exit(0)
    }
    if arguments.count == 3, arguments[1] == "--follow" {
        try benchFollow(arguments[2])
        exit(0)
    }
    if arguments.count >= 3, arguments[1] == "--search-shelf" {
        try shelfSearchBench(towns: try Gazetteer.load(from: url), typed: Array(arguments.dropFirst(2)))
        exit(0)
    }
    if arguments.count == 2, arguments[1] == "--regions" {
        try regionSearchBench(towns: try Gazetteer.load(from: url))
        exit(0)
    }
    if arguments.count == 2, arguments[1] == "--basemap" {
        try benchBasemap(try Resources.locate().basemap)
        exit(0)
    }
    print("roadtrip-bench, \(ISO8601DateFormatter().string(from: Date()))")
    print("machine: \(machine())")
    let gazetteer = try benchFirstLoad(url)
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print("gazetteer: \(url.path), \(size) bytes, \(gazetteer.count) places")
    try benchLoad(url)
    benchSearch(gazetteer)
    benchSearch(gazetteer, near: ("Portland, OR", SearchContext([Coordinate(latitude: 45.52, longitude: -122.68)])!))
    try regionSearchBench(towns: gazetteer)
    benchMapFrames(try benchBasemapLoad(try Resources.locate().basemap))
    optimizerBench()
    textFieldBench()
} catch {
    FileHandle.standardError.write(Data("roadtrip-bench: \(error)\n".utf8))
    exit(1)
}
