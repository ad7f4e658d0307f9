import Foundation
import RoadtripCore

/// What `region.json` in a region's folder says of it: where it came from and what it holds.
package struct RegionInfo: Codable, Equatable, Sendable {
    /// The area the extract covers, in degrees.
    package struct Bounds: Codable, Equatable, Sendable {
        package var south: Double
        package var west: Double
        package var north: Double
        package var east: Double

        package init(south: Double, west: Double, north: Double, east: Double) {
            (self.south, self.west, self.north, self.east) = (south, west, north, east)
        }

        /// The box around `points`, `margin` meters wider on every side (and no wider than the
        /// Earth); nil for no points.
        package init?(around points: [Coordinate], margin: Double) {
            guard let first = points.first else { return nil }
            var box = (south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
            for point in points.dropFirst() {
                box = (min(box.south, point.latitude), min(box.west, point.longitude), max(box.north, point.latitude), max(box.east, point.longitude))
            }
            let latitude = margin / 111_320, widest = max(abs(box.south), abs(box.north))
            let longitude = widest < 89 ? latitude / cos(widest * .pi / 180) : 180
            self.init(
                south: max(-90, box.south - latitude), west: max(-180, box.west - longitude),
                north: min(90, box.north + latitude), east: min(180, box.east + longitude))
        }

        /// How far `point` is from the box, in meters along the Earth: 0 inside it.
        package func distance(to point: Coordinate) -> Double {
            let nearest = Coordinate(latitude: min(max(point.latitude, south), north), longitude: min(max(point.longitude, west), east))
            return Geodesy.distance(from: point, to: nearest)
        }

        /// What is wrong with the box as a clause ("has its south edge above its north edge"), or
        /// nil for a box on the Earth, each edge on its side: every use makes ranges of its edges
        /// (`south...north`), which trap when they are the wrong way round.
        var problem: String? {
            guard [south, west, north, east].allSatisfy(\.isFinite) else { return "has an edge that is not a number" }
            guard (-90...90).contains(south), (-90...90).contains(north), (-180...180).contains(west), (-180...180).contains(east) else {
                return "has an edge off the Earth"
            }
            if south > north { return "has its south edge above its north edge" }
            if west > east { return "has its west edge east of its east edge" }
            return nil
        }
    }

    package var name: String
    /// The extract's absolute path when it was added.
    package var sourceFile: String
    package var sourceBytes: Int64
    package var sha256: String
    package var added: Date
    package var bounds: Bounds?
    package var places: Int
    package var roads: Int
    /// The layout of the region's folder; a later roadtrip that changes it reads this first.
    package var format: Int
    /// The folder of the region's road database (Routino's, made by `planetsplitter`), inside the
    /// region's folder; nil for a region added before roads were routed.
    package var roadDatabase: String?
    /// The file of the extract's roads alone (`roadExtractName`), inside the region's folder, kept
    /// for joining the regions' roads (`RoadJoin`); nil for a region added before they joined.
    package var roadExtract: String? = nil
    /// The box the extract was cut to, as its header says (some extracts say none). The data's box
    /// reaches on along the ways and relations that cross the cut (Andorra's to 41.7° N, 100 km
    /// south), where the extract holds no fuel station or hotel; nil for a region added before.
    package var cutBounds: Bounds? = nil
    /// Where it was downloaded from (`region download`), nil for a file added by hand.
    package var origin: RegionOrigin? = nil
    /// Whether traffic keeps left on its roads (the country of most of its places, `TrafficSide`),
    /// which turns cross the oncoming traffic; nil where no country is known (a region added
    /// before issue 56, or without places near a built-in town): traffic is then taken to keep right.
    package var keepsLeft: Bool? = nil
    /// The countries (ISO 3166-1 alpha-2) whose implied speed limits (`maxspeed=AT:urban`) its
    /// roads were read with (`DrivingTagging`); nil for a region added before issue 56.
    package var speedLimitCountries: [String]? = nil

    /// The memberwise initializer, for the import that writes it.
    package init(
        name: String, sourceFile: String, sourceBytes: Int64, sha256: String, added: Date, bounds: Bounds? = nil, places: Int, roads: Int,
        format: Int, roadDatabase: String? = nil, roadExtract: String? = nil, cutBounds: Bounds? = nil, origin: RegionOrigin? = nil
    ) {
        (self.name, self.sourceFile, self.sourceBytes, self.sha256, self.added, self.bounds) = (name, sourceFile, sourceBytes, sha256, added, bounds)
        (self.places, self.roads, self.format, self.roadDatabase) = (places, roads, format, roadDatabase)
        (self.roadExtract, self.cutBounds, self.origin) = (roadExtract, cutBounds, origin)
    }

    /// Where the region's services on the way (fuel, chargers, beds) are known: inside both boxes.
    package var servicesBounds: Bounds? {
        guard let bounds else { return nil }
        guard let cut = cutBounds else { return bounds }
        let box = Bounds(
            south: max(bounds.south, cut.south), west: max(bounds.west, cut.west), north: min(bounds.north, cut.north),
            east: min(bounds.east, cut.east))
        return box.south <= box.north && box.west <= box.east ? box : nil
    }

    /// 1: the first regions. 2 (issue 37): the place index holds the services on the way (fuel,
    /// charging, food, beds, parking, toilets, water, supermarkets) with their details, in the
    /// index format that has them (`GazetteerFormat` 5). A region of format 1 keeps its roads but
    /// not its places (`RegionShelf.Installed.placesProblem`) until it is added again.
    package static let currentFormat = 2
    /// The file in a region's folder that holds this.
    package static let fileName = "region.json"
    /// The place index of a region (the gazetteer format, `GazetteerFormat`).
    package static let placesFileName = "places.bin"
    /// The road database's folder in a region's folder.
    package static let roadsFolderName = "roads"
    /// The extract's roads alone, what the joined roads of the regions are built from.
    package static let roadExtractName = "roads.osm.pbf"
    /// Routino's tagging rules for driving, as Debian's `routino` installs them.
    package static let drivingTagging = "/usr/share/routino/tagging-drive.xml"

    package static func decode(_ data: Data) throws -> RegionInfo {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RegionInfo.self, from: data)
    }

    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

extension RegionInfo {
    /// The largest `region.json` read (one holds a few hundred bytes).
    static let maximumBytes = 1 << 20

    /// What region `name`'s folder (its link, naming `version`) says of it, with its place index
    /// checked unless not `checkingPlaces`, or the sentence that says why the region cannot be used.
    static func read(region name: String, folder: URL, version: String, checkingPlaces: Bool = true) -> Result<RegionInfo, RegionError> {
        var status = stat()
        guard stat(folder.path, &status) == 0 else {
            let versionFolder = folder.deletingLastPathComponent().appendingPathComponent(version).path
            return .failure(.damaged(region: name, problem: "its folder \(versionFolder) is missing"))
        }
        let file = folder.appendingPathComponent(fileName)
        let info: RegionInfo
        do throws(RegionError) {
            info = try decodeChecked(readSmallFile(file, region: name), file: file.path, region: name)
        } catch {
            return .failure(error)
        }
        for (field, box) in [("bounds", info.bounds), ("cutBounds", info.cutBounds)] {
            if let problem = box?.problem { return .failure(.damaged(region: name, problem: "\(file.path) \(problem) (“\(field)”)")) }
        }
        if info.places < 0 || info.roads < 0 || info.sourceBytes < 0 {
            return .failure(.damaged(region: name, problem: "\(file.path) has a count below zero"))
        }
        let places = folder.appendingPathComponent(placesFileName)
        if checkingPlaces, case .failure(let error) = Result(catching: { () throws(GazetteerError) in try Gazetteer.load(from: places) }) {
            return .failure(.damaged(region: name, problem: placeIndexProblem(error)))
        }
        return .success(info)
    }

    /// The bytes of a file of at most `maximumBytes`, or why not, in a clause naming it.
    static func readSmallFile(_ file: URL, region: String) throws(RegionError) -> Data {
        func failure(_ problem: String) -> RegionError { .damaged(region: region, problem: "\(file.path) \(problem)") }
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure("cannot be read (\(RegionShelf.errorText()))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw failure("is not a file") }
        guard status.st_size <= maximumBytes else { throw failure("is larger than a region's description can be") }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failure("cannot be read (\(RegionShelf.errorText()))") }
            if got == 0 { break }
            count += got
        }
        return Data(bytes.prefix(count))
    }

    private static func decodeChecked(_ data: Data, file: String, region: String) throws(RegionError) -> RegionInfo {
        do { return try decode(data) } catch let error as DecodingError {
            throw .damaged(region: region, problem: "\(file) \(decodingProblem(error))")
        } catch {
            throw .damaged(region: region, problem: "\(file) is not a region's description")
        }
    }

    /// Why `region.json` did not decode, as the end of a clause that begins with its path.
    static func decodingProblem(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            "“" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "”"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "has no \(field(context.codingPath + [key]))"
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            return context.codingPath.isEmpty ? "is not a region's description" : "has a wrong \(field(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "is not valid JSON" : "has a wrong \(field(context.codingPath))"
        @unknown default:
            return "is not a region's description"
        }
    }

    /// Why a region's place index cannot be searched, as a clause naming it.
    static func placeIndexProblem(_ error: GazetteerError) -> String {
        switch error {
        case .missing(let path): return "\(path) is missing"
        case .unreadable(let path, let reason): return "\(path) cannot be read (\(reason))"
        case .notThisKind(let path): return "\(path) is not a place index"
        case .wrongVersion(let path, let found, let expected): return "\(path) has format version \(found), not \(expected)"
        case .truncated(let path, let expected, let actual): return "\(path) is truncated (\(actual) of \(expected) bytes)"
        case .damaged(let path, let detail): return "\(path) is damaged (\(detail))"
        }
    }
}
