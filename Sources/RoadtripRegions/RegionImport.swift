import BackgroundWork
import Foundation
import RoadtripCore

/// `region add`: turns an OpenStreetMap extract into a region on the shelf.
///
/// 1. The file is checked (a regular file that starts like PBF or OSM XML, maybe gzip or bzip2
///    compressed) and hashed (`sha256sum`).
/// 2. `osmium tags-filter` keeps the objects that name a place (`OSMFeatures.filterExpressions`),
///    with the nodes their ways need; `osmium export` writes them as GeoJSON lines, read here into
///    features; `osmium tags-count` counts the roads; `osmium fileinfo` gives the area.
/// 3. The features become a place index (the gazetteer format), each in the country and region of
///    the nearest built-in town, written with `region.json` into a staging folder, which the shelf
///    then puts in place in one step (`RegionShelf.install`).
/// Every step before the last works in the staging folder only, so failing or stopping changes nothing.
package struct RegionImport: Sendable {
    /// How far an import is, for a progress line.
    package enum Progress: Sendable, Equatable {
        /// Bytes of the extract read so far, of `total`, in pass `pass` (hashing is pass 1).
        case reading(file: String, bytes: Int64, total: Int64, pass: Int)
        /// Features read from osmium's output so far.
        case indexing(places: Int)
        /// The index of `places` places is being written.
        case writing(places: Int)

        package var text: String {
            switch self {
            case .reading(let file, let bytes, let total, let pass):
                let percent = total > 0 ? Int(min(100, bytes * 100 / total)) : 0
                let stage = pass == 1 ? "Checking" : "Reading"
                return "\(stage) \(file): \(RegionText.bytes(bytes)) of \(RegionText.bytes(total)) (\(percent)%)"
            case .indexing(let places):
                return "Indexing: \(DistanceUnit.grouped(places)) places"
            case .writing(let places):
                return "Writing \(DistanceUnit.grouped(places)) places"
            }
        }
    }

    package let file: String
    package let name: String
    package let shelf: RegionShelf
    /// The built-in towns: each feature takes the country and region of the nearest.
    package let towns: (any PlaceIndex)?
    package var isCancelled: @Sendable () -> Bool = { false }
    package var progress: @Sendable (Progress) -> Void = { _ in }
    package var clock: @Sendable () -> Date = { Date() }
    /// An end-to-end test's gate: the import stops at "region-staging", its staging folder made
    /// and no tool started, until the test releases it (or the import is cancelled).
    package var gate: TestGate? = TestGate.process

    /// `name` nil: the name the file gives (`RegionShelf.name(forFile:)`).
    package init(file: String, name: String? = nil, shelf: RegionShelf, towns: (any PlaceIndex)?) throws(RegionError) {
        let name = name ?? RegionShelf.name(forFile: file)
        guard RegionShelf.isValidName(name) else { throw .badName(name) }
        self.file = file
        self.name = name
        self.shelf = shelf
        self.towns = towns
    }

    /// Adds the region (or updates the one of that name); returns what it holds.
    package func run() throws(RegionError) -> RegionInfo {
        let path = (file as NSString).isAbsolutePath ? file : FileManager.default.currentDirectoryPath + "/" + file
        let (format, size) = try ExtractFile.check(path)
        _ = try ChildTools.locate("osmium")
        shelf.sweep()
        let staging = try shelf.makeStaging()
        do throws(RegionError) {
            gate?.pass("region-staging", giveUp: isCancelled)
            if isCancelled() { throw RegionError.cancelled }
            let info = try build(in: staging, path: path, format: format, size: size)
            try shelf.install(staging, as: name)
            return info
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private func build(in staging: URL, path: String, format: String, size: Int64) throws(RegionError) -> RegionInfo {
        let display = (path as NSString).lastPathComponent
        var pass = 0
        let report = progress
        func tools() -> ChildTools {
            pass += 1
            let current = pass
            var tools = ChildTools(logFile: staging.appendingPathComponent("tool.log"), isCancelled: isCancelled)
            tools.reading = { _, bytes in report(.reading(file: display, bytes: bytes, total: size, pass: current)) }
            return tools
        }
        func work(_ file: String) -> String { staging.appendingPathComponent(file).path }
        do {
            let hashed = try tools().run("sha256sum", ["--", path], input: path, capture: true)
            let sha256 = String(hashed.prefix { $0.isHexDigit })
            let header = try tools().run("osmium", ["fileinfo", "-j", "-F", format, path], capture: true)
            do {
                try tools().run("osmium", ["tags-filter", "-F", format, path, "-o", work("places.osm.pbf")] + OSMFeatures.filterExpressions, input: path)
            } catch let error as RegionError {
                // osmium failing on the extract is the extract's fault, unless the disk is full.
                guard case .toolFailed(_, _, let message) = error, case .toolFailed = Self.explained(error, in: staging) else { throw error }
                throw RegionError.notAnExtract(path: path, reason: "osmium cannot read it (\(message))")
            }
            let plain = ChildTools(logFile: staging.appendingPathComponent("tool.log"), isCancelled: isCancelled)
            try plain.run("osmium", ["export", work("places.osm.pbf"), "-f", "geojsonseq", "--add-unique-id=type_id", "-o", work("places.geojsonseq")])
            let selected = try plain.run("osmium", ["fileinfo", "-e", "-j", work("places.osm.pbf")], capture: true)
            let roads = try tools().run("osmium", ["tags-count", "-F", format, path, "-t", "w", OSMFeatures.roadTags], input: path, capture: true)
            try buildRoadDatabase(from: path, format: format, in: staging, tools: tools())
            let features = try readFeatures(URL(fileURLWithPath: work("places.geojsonseq")))
            let roadCount = OSMFeatures.roadCount(inTagsCount: roads)
            guard !features.isEmpty || roadCount > 0 else { throw RegionError.empty(path: path) }
            report(.writing(places: features.count))
            let source = FeatureGazetteer.source(for: features, towns: towns)
            let bytes: [UInt8]
            do { bytes = try GazetteerWriter.bytes(for: source).bytes } catch {
                throw RegionError.cannotWrite(path: staging.path, reason: "\(error)")
            }
            let info = RegionInfo(name: name, sourceFile: path, sourceBytes: size, sha256: sha256, added: clock(),
                                  bounds: FileInfo(header).headerBounds ?? FileInfo(selected).dataBounds,
                                  places: features.count, roads: roadCount, format: RegionInfo.currentFormat,
                                  roadDatabase: RegionInfo.roadsFolderName)
            for leftover in ["places.osm.pbf", "places.geojsonseq", "tool.log", "output.txt"] {
                try? FileManager.default.removeItem(atPath: work(leftover))
            }
            try DurableFile.write(Data(bytes), to: staging.appendingPathComponent(RegionInfo.placesFileName))
            try DurableFile.write(try info.encoded(), to: staging.appendingPathComponent(RegionInfo.fileName))
            return info
        } catch let error as RegionError {
            throw Self.explained(error, in: staging)
        } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Routino's database of the extract's roads, by `planetsplitter` with its driving rules, in
    /// `roads/` of the staging folder. planetsplitter tells the format by the file's name, so it
    /// reads the extract through a link named for the format the file really has.
    private func buildRoadDatabase(from path: String, format: String, in staging: URL, tools: ChildTools) throws {
        let folder = staging.appendingPathComponent(RegionInfo.roadsFolderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let named = staging.appendingPathComponent("extract." + (format == "pbf" ? "osm.pbf" : format)).path
        guard symlink(path, named) == 0 else { throw RegionError.cannotWrite(path: named, reason: RegionShelf.errorText()) }
        defer { unlink(named) }
        try tools.run("planetsplitter", ["--dir=\(folder.path)", "--tagging=\(RegionInfo.drivingTagging)", named], input: path)
    }

    /// A tool that ran out of room says so in its own words, or not at all (it could not even
    /// write its message): say it in ours.
    private static func explained(_ error: RegionError, in staging: URL) -> RegionError {
        guard case .toolFailed(_, _, let message) = error else { return error }
        var space = statvfs()
        let full = statvfs(staging.path, &space) == 0 && space.f_bavail == 0
        if message.contains("No space left") || full {
            return .cannotWrite(path: staging.deletingLastPathComponent().path, reason: RegionShelf.errorText(ENOSPC))
        }
        return error
    }

    /// The features of osmium's GeoJSON lines: one per named object, the same feature drawn as a
    /// node and an area (or a closed way, which osmium writes as a line and an area) kept once.
    private func readFeatures(_ url: URL) throws -> [NamedFeature] {
        var kept: [String: [(feature: NamedFeature, rank: Int)]] = [:]
        var order: [String] = []
        var count = 0
        for line in try LineReader(url) {
            if isCancelled() { throw RegionError.cancelled }
            guard let (feature, isPoint) = OSMFeatures.feature(fromLine: line) else { continue }
            count += 1
            if count % 1_000 == 0 { progress(.indexing(places: count)) }
            let rank = isPoint ? 0 : line.contains("\"Polygon\"") || line.contains("\"MultiPolygon\"") ? 1 : 2
            let key = SearchText.key(of: feature.name) + "\u{1F}\(feature.kind.rawValue)"
            if kept[key] == nil { order.append(key) }
            var group = kept[key, default: []]
            if let same = group.firstIndex(where: { SearchContext.kilometres(from: $0.feature.coordinate, to: feature.coordinate) < 5 }) {
                if rank < group[same].rank { group[same] = (feature, rank) }
            } else {
                group.append((feature, rank))
            }
            kept[key] = group
        }
        return order.flatMap { kept[$0]!.map(\.feature) }
    }
}
