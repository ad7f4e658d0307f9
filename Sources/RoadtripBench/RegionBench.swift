import ChildProcesses
import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripRouting

/// Search with regions added: the built-in towns and natural features and two regions (the
/// committed Andorra and Krems extracts, imported here into a temporary folder with osmium), as
/// the stop editor searches them, from nowhere and from a trip in Andorra. The budget is the
/// built-in search's: p99 ≤ 1 ms.
func regionSearchBench(towns: Gazetteer) throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/osm")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-regions-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let shelf = RegionShelf(directory: folder)
    for file in ["andorra.osm.pbf", "krems.osm.gz"] {
        _ = try RegionImport(file: fixtures.appendingPathComponent(file).path, shelf: shelf, towns: towns).run()
    }
    let features = try Gazetteer.load(from: try Resources.locate().features)
    let regions = shelf.placeIndexes().indexes
    let library = PlaceLibrary(indexes: [towns, features] + regions)
    let places = ([towns, features] + regions).map(\.count)
    print(
        "place library: towns \(places[0]), natural features \(places[1]), regions \(zip(regions.map(\.source), places.dropFirst(2)).map { "\($0) \($1)" }.joined(separator: ", ")) places"
    )
    try roadLegBench(shelf: shelf)
    alongBench(library: library, shelf: shelf)
    benchSearch(library, label: "searches with two regions")
    benchSearch(library, near: ("Andorra la Vella", SearchContext([Coordinate(latitude: 42.5078, longitude: 1.5211)])!), label: "searches with two regions")
}

/// Search as the stop editor searches, with the regions of the environment's shelf added (a
/// country's places, issue 54): `typed`, each typed prefix by prefix.
func shelfSearchBench(towns: Gazetteer, typed: [String]) throws {
    let features = try Gazetteer.load(from: try Resources.locate().features)
    let regions = RegionShelf.standard().placeIndexes().indexes
    let library = PlaceLibrary(indexes: [towns, features] + regions)
    print("place library: \(([towns, features] + regions).reduce(0) { $0 + $1.count }) places, \(regions.count) regions")
    benchSearch(library, label: "searches with the regions", typed: typed)
}

/// A leg on Andorra's roads (Andorra la Vella → Pas de la Casa), routed in process by
/// the engine of the settings (`Routing`, no cache: every route computed) and by spawning `routino-router` on the same
/// database, in the same run. The database loads with the first in-process route, timed apart.
func roadLegBench(shelf: RegionShelf) throws {
    let from = Coordinate(latitude: 42.5078, longitude: 1.5211), to = Coordinate(latitude: 42.5428, longitude: 1.7336)
    let router = Routing.engine(shelf: shelf, environment: ProcessInfo.processInfo.environment, cached: false)
    let first = milliseconds { _ = router.route(from: from, to: to, fromName: "A", toName: "B", options: RouteOptions()) }
    var inProcess: [Double] = []
    for _ in 0..<200 { inProcess.append(milliseconds { _ = router.route(from: from, to: to, fromName: "A", toName: "B", options: RouteOptions()) }) }
    let folder = shelf.directory.appendingPathComponent("andorra").appendingPathComponent(RegionInfo.roadsFolderName).path
    var spawned: [Double] = []
    for _ in 0..<20 {
        try spawned.append(
            milliseconds {
                try spawnAndWait(
                    "/usr/bin/routino-router",
                    [
                        "--dir=\(folder)", "--profiles=/usr/share/routino/profiles.xml", "--profile=motorcar", "--quickest",
                        "--lat1=\(from.latitude)", "--lon1=\(from.longitude)", "--lat2=\(to.latitude)", "--lon2=\(to.longitude)",
                        "--output-text-all", "--output-stdout", "--quiet",
                    ])
            })
    }
    print("road leg Andorra la Vella → Pas de la Casa (32.8 km): first in process (loads the database) \(format(first))")
    print("  in process, 200 routes: \(summary(inProcess, percentiles: [50, 99]))")
    print("  spawning routino-router, 20 routes: \(summary(spawned, percentiles: [50, 99]))")
}

/// Runs `path` with `arguments`, its output to /dev/null, and waits for it (`ChildProcess`, a
/// thread blocked in waitid). Not Foundation's `Process`: its `waitUntilExit()` polls a run loop,
/// which alone made a child that runs 1.5 ms look like 51 ms (issue 36).
func spawnAndWait(_ path: String, _ arguments: [String]) throws {
    _ = try ChildProcess(path, arguments).wait()
}
