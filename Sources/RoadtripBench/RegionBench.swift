import Foundation
import RoadtripCore
import RoadtripRegions

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
    print("place library: towns \(places[0]), natural features \(places[1]), regions \(zip(regions.map(\.source), places.dropFirst(2)).map { "\($0) \($1)" }.joined(separator: ", ")) places")
    benchSearch(library, label: "searches with two regions")
    benchSearch(library, near: ("Andorra la Vella", SearchContext([Coordinate(latitude: 42.5078, longitude: 1.5211)])!), label: "searches with two regions")
}
