import Foundation
@testable import OSMImport
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// What the regions' use cases are tried on: a regions folder in a temporary one, the committed
/// extracts, and a catalogue of them served as `file://` (curl reads it as it reads a server).
struct RegionFixtures {
    static let osm = TestsFolder.url.appendingPathComponent("Fixtures/osm")

    let directory: TemporaryDirectory
    let shelf: RegionShelf
    let source: ExtractSource

    /// `md5`: the checksum published beside Andorra's file (its own by default).
    init(md5: String? = nil) throws {
        directory = try TemporaryDirectory()
        shelf = RegionShelf(directory: directory.file("regions"))
        let server = directory.file("server")
        try FileManager.default.createDirectory(at: server.appendingPathComponent("europe"), withIntermediateDirectories: true)
        let andorra = server.appendingPathComponent("europe/andorra-latest.osm.pbf")
        try FileManager.default.copyItem(at: Self.osm.appendingPathComponent("andorra.osm.pbf"), to: andorra)
        let published = try md5 ?? ExtractDownload.md5(of: andorra)
        try Data("\(published)  andorra-latest.osm.pbf\n".utf8).write(to: server.appendingPathComponent("europe/andorra-latest.osm.pbf.md5"))
        try Data(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}}},
              {"type": "Feature", "properties": {"id": "monaco", "parent": "europe", "name": "Monaco", "urls": {"pbf": "europe/monaco-latest.osm.pbf"}}},
              {"type": "Feature", "properties": {"id": "us/new-york", "parent": "us", "name": "New York", "urls": {"pbf": "north-america/us/new-york-latest.osm.pbf"}}},
              {"type": "Feature", "properties": {"id": "us/nyc", "parent": "us", "name": "New York City", "urls": {"pbf": "north-america/us/nyc-latest.osm.pbf"}}}
            ]}
            """.utf8
        ).write(to: server.appendingPathComponent("index-v1.json"))
        source = ExtractSource(environment: [
            "ROADTRIP_EXTRACTS_URL": server.appendingPathComponent("index-v1.json").absoluteString,
            "XDG_CACHE_HOME": directory.file("cache").path, "HOME": directory.url.path,
        ])
    }

    /// The place library of the built-in towns alone, as the front ends load it.
    @MainActor
    static func places() throws -> PlaceIndexProvider {
        let towns = try RealGazetteer.get()
        return PlaceIndexProvider { PlaceLibrary(indexes: [towns]) }
    }

    /// A region as the shelf lists it, downloaded from `origin` or added from a file.
    static func installed(_ name: String, origin: RegionOrigin? = nil) -> RegionShelf.Installed {
        var info = RegionInfo(
            name: name, sourceFile: "/maps/\(name).osm.pbf", sourceBytes: 1_000, sha256: String(repeating: "a", count: 64),
            added: Date(timeIntervalSince1970: 1_790_000_000), bounds: nil, places: 5, roads: 0,
            format: RegionInfo.currentFormat, roadDatabase: nil)
        info.origin = origin
        return RegionShelf.Installed(name: name, folder: URL(fileURLWithPath: "/r/\(name)"), info: .success(info))
    }
}
