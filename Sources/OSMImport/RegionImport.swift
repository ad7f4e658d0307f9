import BackgroundWork
import Foundation
import IndexWriting
import RoadtripCore
import RoadtripRegions

/// `region add`: turns an OpenStreetMap extract into a region on the shelf.
///
/// 1. The file is checked (a regular file that starts like PBF or OSM XML, maybe gzip or bzip2
///    compressed), hashed (`sha256sum`), and `osmium fileinfo` gives its area (sorted first when
///    its objects are out of order).
/// 2. Two lanes at once (`Lanes`): the roads made Routino's database (`planetsplitter`), which
///    is then read as the road matrix's network (`roads.graph`, `RoadNetworkFile`,
///    `RoutinoDatabase`); and the places: `osmium tags-filter` finds the objects that name a
///    place (`OSMFeatures.filterExpressions`), kept with the objects they need (`TagsFilter`, in
///    less memory than osmium's own), and `osmium export` writes them as GeoJSON lines, read here
///    into features. That lane also keeps the roads alone (`roads.osm.pbf`,
///    `OSMFeatures.roadExpressions`), counting them as it finds them, for joining the regions'
///    roads (`RoadJoin`, which the caller runs after the import).
/// 3. The features become a place index (the gazetteer format), each in the country and region of
///    the nearest built-in town, written with `region.json` into a staging folder, which the shelf
///    then puts in place in one step (`RegionShelf.install`).
/// Every step before the last works in the staging folder only, so failing or stopping changes nothing.
package struct RegionImport: Sendable {
    /// How far an import is, for a progress line.
    package enum Progress: Sendable, Equatable {
        /// Bytes of the extract read so far, of `total`, in pass `pass` (hashing is pass 1).
        case reading(file: String, bytes: Int64, total: Int64, pass: Int)
        /// The index of `places` places is being written.
        case writing(places: Int)

        package var text: String {
            switch self {
            case .reading(let file, let bytes, let total, let pass):
                let percent = total > 0 ? Int(min(100, bytes * 100 / total)) : 0
                let stage = pass == 1 ? "Checking" : "Reading"
                return "\(stage) \(file): \(RegionText.bytes(bytes)) of \(RegionText.bytes(total)) (\(percent)%)"
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
    /// Where the extract was downloaded from (`region download`), kept with the region for `region update`.
    package var origin: RegionOrigin?
    /// What the region says it was added from when that is not the file read: a download's
    /// address (its part in the cache is gone once it is imported).
    package var sourceName: String?
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
            // The regions an older roadtrip added, brought along: the routing engine only reads.
            RoadNetworkFile.bringUpToDate(on: shelf, isCancelled: isCancelled)
            return info
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private func build(in staging: URL, path: String, format: String, size: Int64) throws(RegionError) -> RegionInfo {
        let display = ((sourceName ?? path) as NSString).lastPathComponent
        let report = progress
        /// Tools whose reading of the extract is reported as pass `pass` (nil: not reported),
        /// logging into `folder`, stopped by `stopped`.
        @Sendable func tools(pass: Int?, in folder: URL = staging, stopped: @escaping @Sendable () -> Bool) -> ChildTools {
            var tools = ChildTools(logFile: folder.appendingPathComponent("tool.log"), isCancelled: stopped)
            if let pass { tools.reading = { _, bytes in report(.reading(file: display, bytes: bytes, total: size, pass: pass)) } }
            return tools
        }
        do {
            // Two lanes at once, one a core: planetsplitter, which takes longest (it reads the file
            // in any order, and works on one core), then the network read from its database; and
            // on the other, all the rest, in turn. The roads' lane does not fail the import until
            // the other has counted roads to route on.
            let roadsWork = staging.appendingPathComponent(Self.roadsWorkName)
            try FileManager.default.createDirectory(at: roadsWork, withIntermediateDirectories: false)
            let controls = Handoff<[TrafficControl]>(), speedLimits = Handoff<[String]>()
            let (database, found) = try Lanes.both(stopping: isCancelled) { stopped -> Result<RoadsMade, any Error> in
                do {
                    let (made, countries) = try buildRoadDatabase(
                        from: path, format: format, in: staging, work: roadsWork,
                        tools: tools(pass: 2, in: roadsWork, stopped: stopped))
                    speedLimits.give(countries)
                    guard made else { return .success(.none) }
                    // The traffic controls come from the other lane's matching pass, long done by now.
                    let extent = try RoadNetworkFile.write(
                        from: staging.appendingPathComponent(RegionInfo.roadsFolderName), staging: staging,
                        controls: controls.taken(stopped: stopped) ?? []
                    ) { graph in
                        try RoadHierarchyFile.write(for: graph, inRegion: staging, isCancelled: stopped)
                    }
                    return .success(.routable(extent: extent))
                } catch RegionError.cancelled {
                    throw RegionError.cancelled
                } catch {
                    return .failure(error)
                }
            } and: { stopped in
                defer { controls.give(nil) }
                return try placesAndFacts(
                    of: path, format: format, in: staging, tools: tools(pass: nil, stopped: stopped), stopped: stopped,
                    controls: { controls.give($0) })
            }
            let roads = found.roadCount > 0 ? try database.get() : .none
            let routable = roads != .none
            guard found.places > 0 || routable else { throw RegionError.empty(path: path) }
            var info = RegionInfo(
                name: name, sourceFile: sourceName ?? path, sourceBytes: size, sha256: found.sha256, added: clock(), bounds: found.bounds,
                places: found.places, roads: routable ? found.roadCount : 0, format: RegionInfo.currentFormat,
                roadDatabase: routable ? RegionInfo.roadsFolderName : nil, roadExtract: routable ? RegionInfo.roadExtractName : nil,
                cutBounds: found.cutBounds, origin: origin)
            info.bounds = roads.area(of: info)
            info.keepsLeft = found.keepsLeft
            info.speedLimitCountries = routable ? speedLimits.taken(stopped: { true }) : nil
            // Said once both lanes are done: the progress line is told from one thread only.
            progress(.writing(places: found.places))
            try write(info, in: staging)
            return info
        } catch let error as RegionError {
            throw Self.explained(error, in: staging, extract: path)
        } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// What the roads' lane made: no road database (no road a car may drive), or one, with the
    /// box its roads are in.
    private enum RoadsMade: Equatable {
        case none
        case routable(extent: RegionInfo.Bounds?)

        /// The region's area (issue 56: a US city's cut said 39.66–40.88° N, the whole extent of
        /// its data, stretched by the far members of its relations, where its roads lie in
        /// 40.21–40.31° N): where its roads are, and the kilometer around them a stop may be from
        /// them; for a region without roads, its data inside the box it was cut to (a box that
        /// lies outside its data, as a world's header does, is not taken).
        func area(of info: RegionInfo) -> RegionInfo.Bounds? {
            switch self {
            case .routable(let extent?): return extent
            case .routable(nil), .none: return info.servicesBounds ?? info.bounds
            }
        }
    }

    /// What the lane beside planetsplitter finds: the file's hash and facts, its roads counted,
    /// its places (their index written already).
    private struct Found: Sendable {
        let sha256: String
        /// Where its data is, and the box it says it was cut to (`FileInfo`).
        let bounds: RegionInfo.Bounds?, cutBounds: RegionInfo.Bounds?
        let roadCount: Int
        let places: Int
        /// Whether traffic keeps left in the country of most of its places (nil: none known).
        let keepsLeft: Bool?
    }

    /// The lane beside planetsplitter: the file hashed (`sha256sum`) and read by `osmium fileinfo`
    /// (is there room; is it sorted, else it is sorted into the staging folder and read from
    /// there; without the checksum of its data, which nothing reads and which cost as much as the
    /// rest of that pass), its places found and its roads kept alone (`roads.osm.pbf`) and
    /// counted, in the same passes (`TagsFilter`), and the places read from `osmium export`.
    /// The traffic controls of the extract (`TrafficControl`) are found in the same matching pass,
    /// and given to `controls` once it is over.
    private func placesAndFacts(
        of path: String, format: String, in staging: URL, tools: ChildTools, stopped: () -> Bool,
        controls: ([TrafficControl]) -> Void
    ) throws -> Found {
        func work(_ file: String) -> String { staging.appendingPathComponent(file).path }
        let hashed = try tools.run("sha256sum", ["--", path], input: path, capture: true)
        let extract = FileInfo(try tools.run("osmium", ["fileinfo", "-e", "--no-crc", "-j", "-F", format, path], input: path, capture: true))
        try Self.checkRoom(for: extract, in: staging)
        let (source, sourceFormat) = extract.isSorted ? (path, format) : (work("sorted.osm.pbf"), "pbf")
        if !extract.isSorted {
            try tools.run("osmium", ["sort", "-F", format, path, "-o", source], input: path)
        }
        // The places, and the roads alone, from the same passes over the file; the roads are
        // counted as their matching pass reads them.
        let places = TagsFilter.Selection(expressions: OSMFeatures.filterExpressions, output: work("places.opl"))
        let roadsAlone = TagsFilter.Selection(expressions: OSMFeatures.roadExpressions, output: work(RegionInfo.roadExtractName))
        let controlNodes = TagsFilter.Selection(expressions: TrafficControl.osmiumExpressions, output: nil)
        var roadCount = 0, found: [TrafficControl] = []
        try TagsFilter.write([places, roadsAlone, controlNodes], from: source, format: sourceFormat, work: staging, tools: tools) { selection, line in
            if selection == 1 && OSMFeatures.isCountedRoad(oplLine: line) { roadCount += 1 }
            if selection == 2, let control = OSMFeatures.trafficControl(oplLine: line) { found.append(control) }
        }
        controls(found)
        try tools.run("osmium", ["export", work("places.opl"), "-f", "geojsonseq", "--add-unique-id=type_id", "-o", work("places.geojsonseq")])
        let features = try readFeatures(URL(fileURLWithPath: work("places.geojsonseq")), stopped: stopped)
        let index: [UInt8], gazetteer = FeatureGazetteer.source(for: features, towns: towns)
        do { index = try GazetteerWriter.bytes(for: gazetteer).bytes } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: "\(error)")
        }
        // Written here, while planetsplitter still works on the other core, with this lane's work
        // files removed: not after both lanes, on the import's longest path (issue 54).
        try DurableFile.write(Data(index), to: staging.appendingPathComponent(RegionInfo.placesFileName))
        for leftover in ["sorted.osm.pbf", "places.opl", "places.geojsonseq"] {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(leftover))
        }
        return Found(
            sha256: String(hashed.prefix { $0.isHexDigit }), bounds: extract.regionBounds, cutBounds: extract.headerBounds, roadCount: roadCount,
            places: features.count, keepsLeft: TrafficSide.keepsLeft(countryCodes: gazetteer.places.map(\.countryCode)))
    }

    /// The folder of the staging folder where the roads' lane keeps its tools' messages, apart
    /// from the places' lane's.
    static let roadsWorkName = "roads-work"

    /// The region's `region.json`, in the staging folder beside its place index, and nothing else
    /// of the import's work.
    private func write(_ info: RegionInfo, in staging: URL) throws(RegionError) {
        var leftovers = ["tool.log", "output.txt", Self.roadsWorkName]
        if info.roadDatabase == nil { leftovers += [RegionInfo.roadsFolderName, RegionInfo.roadExtractName, RoadNetworkFile.name] }
        for leftover in leftovers {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(leftover))
        }
        let description: Data
        do { description = try info.encoded() } catch {
            throw RegionError.cannotWrite(path: staging.appendingPathComponent(RegionInfo.fileName).path, reason: "\(error)")
        }
        try DurableFile.write(description, to: staging.appendingPathComponent(RegionInfo.fileName))
    }

    /// Routino's database of the extract's roads, by `planetsplitter` with its driving rules, in
    /// `roads/` of the staging folder; false when none of the roads can be driven on (their nodes
    /// are missing or off the globe), which planetsplitter reports by failing. planetsplitter
    /// tells the format by the file's name, so it reads the extract through a link named for the
    /// format the file really has.
    ///
    /// The driving rules are Routino's with the implied speed limits of the countries the
    /// extract's header box lies in (`DrivingTagging`; its header only, read at once: the whole
    /// file is read by the other lane). Returns the database's making (false: no roads) and those
    /// countries.
    private func buildRoadDatabase(from path: String, format: String, in staging: URL, work: URL, tools: ChildTools) throws -> (Bool, [String]) {
        let folder = staging.appendingPathComponent(RegionInfo.roadsFolderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let header = FileInfo(try tools.run("osmium", ["fileinfo", "-j", "-F", format, path], input: path, capture: true))
        let countries = DrivingTagging.countries(in: header.headerBounds, towns: towns)
        let tagging = DrivingTagging.file(for: countries, in: work)
        let named = staging.appendingPathComponent("extract." + (format == "pbf" ? "osm.pbf" : format)).path
        guard symlink(path, named) == 0 else { throw RegionError.cannotWrite(path: named, reason: RegionShelf.errorText()) }
        defer { unlink(named) }
        do {
            try tools.run("planetsplitter", ["--loggable", "--dir=\(folder.path)", "--tagging=\(tagging)", named], input: path, capture: true)
            return (true, countries.sorted())
        } catch RegionError.toolFailed(_, _, _) where Self.foundNoRoads(inLog: tools.outputFile) {
            return (false, countries.sorted())
        }
    }

    /// Whether planetsplitter's report (`--loggable`, on its standard output) says it read roads
    /// but kept no node of them ("Checked Ways for unused Nodes: Ways=2 Highway Nodes=0": their
    /// nodes are missing). It then fails on its own empty file, naming a work file it has
    /// already removed. Ways=0 is not that: roads osmium counted were lost on the way (a disk
    /// that filled up loses them so).
    static func foundNoRoads(inLog file: URL) -> Bool {
        guard let log = try? String(contentsOf: file, encoding: .utf8),
            let line = log.components(separatedBy: CharacterSet(charactersIn: "\r\n")).last(where: { $0.hasPrefix("Checked Ways for unused Nodes:") })
        else { return false }
        func number(after label: String) -> Int? {
            line.range(of: label).flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }
        return (number(after: " Ways=") ?? 0) > 0 && number(after: " Highway Nodes=") == 0
    }

    /// About what an import needs on the regions' disk while it runs (planetsplitter's work files
    /// hold every node of the extract: measured on five extracts, 1.2 to 1.3 times their need):
    /// refused at once, with the figures, rather than failing half way with the tools' own words,
    /// or none. A need this misjudges is still named when the disk fills (`ChildTools`).
    static func checkRoom(for extract: FileInfo, in staging: URL) throws(RegionError) {
        let needed: Int64 = 256 * 1_024 + 32 * extract.count("nodes") + 48 * extract.count("ways") + 400 * extract.count("relations")
        guard let free = ChildTools.freeBytes(at: staging.path), free < needed else { return }
        throw .noRoom(path: staging.deletingLastPathComponent().path, needed: needed, free: free)
    }

    /// A tool that ran out of room says so in its own words, or not at all (it could not even
    /// write its message): say it in ours. Any other failure of a tool on the extract (or on
    /// what it made of it) is the extract's: it is named.
    private static func explained(_ error: RegionError, in staging: URL, extract path: String) -> RegionError {
        guard case .toolFailed(let tool, _, let message) = error else { return error }
        if message.contains("No space left") || ChildTools.freeBytes(at: staging.path) == 0 {
            return .cannotWrite(path: staging.deletingLastPathComponent().path, reason: RegionShelf.errorText(ENOSPC))
        }
        return .notAnExtract(path: path, reason: "\(tool) cannot read it (\(message))")
    }

    /// The features of osmium's GeoJSON lines, each thing once (`KeptFeatures`).
    private func readFeatures(_ url: URL, stopped: () -> Bool) throws -> [NamedFeature] {
        var kept = KeptFeatures()
        for line in try LineReader(url) {
            if stopped() { throw RegionError.cancelled }
            guard let (feature, rank) = OSMFeatures.feature(fromLine: line) else { continue }
            kept.add(feature, rank: rank)
        }
        return kept.features
    }
}
