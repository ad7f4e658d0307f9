import Foundation
import RoadtripCore
import RoadtripRegions

/// A region's roads as a `RoadNetwork`, what the road matrix searches (`RoadGraph`): read from
/// the region's roads (`roads.osm.pbf`) with osmium when the region is added, and kept beside
/// them as `roads.graph`.
package enum RoadNetworkFile {
    /// The file in a region's folder.
    package static let name = "roads.graph"

    /// The network kept in the region `folder`; else read again from its roads (a region added
    /// before the file was kept, or of another version of it); nil when it has neither. A kept
    /// file that does not make sense is refused with the clause that says why (naming it).
    package static func network(inRegion folder: URL) -> Result<RoadNetwork?, FileDamage> {
        let file = folder.appendingPathComponent(name)
        if let data = try? Data(contentsOf: file) {
            switch RoadNetwork.decoded(data) {
            case .success(let network): return .success(network)
            case .failure(.damaged(let problem)): return .failure(FileDamage(clause: "\(file.path) \(problem)"))
            case .failure(.otherVersion): break
            }
        }
        let roads = folder.appendingPathComponent(RegionInfo.roadExtractName)
        // A file too large to hold `maximumPoints` (PBF takes about 8 bytes a road point) is not read at every run.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: roads.path))?[.size] as? Int, size <= maximumPoints * 8 else { return .success(nil) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-roads-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)) != nil else { return .success(nil) }
        defer { try? FileManager.default.removeItem(at: scratch) }
        return .success((try? read(roads, tools: ChildTools(logFile: scratch.appendingPathComponent("tool.log"), isCancelled: { false }), scratch: scratch)) ?? nil)
    }

    /// A region's road file that is damaged: what is wrong, as a clause naming the file.
    package struct FileDamage: Error, Equatable, Sendable {
        package let clause: String
    }

    /// The most road points a network is kept for: about 150 MB while it is read (the points,
    /// their ids and the index from id to point). Andorra has 38,556; a country's roads run to tens
    /// of millions, whose matrix is then routed leg by leg (or by a Valhalla server).
    package static let maximumPoints = 4_000_000

    /// The drivable roads of the OpenStreetMap file `roads` (osmium writes them as OPL text into
    /// `scratch`, read line by line and removed); nil past `maximumPoints`.
    static func read(_ roads: URL, tools: ChildTools, scratch: URL, maximumPoints: Int = maximumPoints) throws -> RoadNetwork? {
        let text = scratch.appendingPathComponent("roads.opl")
        defer { try? FileManager.default.removeItem(at: text) }
        try tools.run("osmium", ["cat", roads.path, "-f", "opl,add_metadata=false", "-o", text.path, "--overwrite"], input: roads.path)
        var network = RoadNetwork()
        var index: [Int64: Int32] = [:]
        for line in try LineReader(text) {
            switch line.first {
            case "n":
                guard let (id, point) = OPL.node(line) else { continue }
                guard index.count < maximumPoints else { return nil }
                index[id] = network.addPoint(id: id, at: point)
            case "w":
                guard let (id, tags, nodes) = OPL.way(line), let rules = RoadWay.Rules(tags: tags) else { continue }
                network.add(rules, id: id, along: nodes, index: index)
            default:
                continue
            }
        }
        return network
    }

    /// Writes the network of `roads` into the region being built in `staging`; nothing past
    /// `maximumPoints`.
    static func write(from roads: URL, tools: ChildTools, staging: URL, maximumPoints: Int = maximumPoints) throws {
        guard let network = try read(roads, tools: tools, scratch: staging, maximumPoints: maximumPoints) else { return }
        try DurableFile.write(network.encoded(), to: staging.appendingPathComponent(name))
    }
}

/// osmium's OPL text, one object a line: `n17 T x1.5 y42.5`, `w3 Thighway=primary,oneway=yes
/// Nn17,n18` (without metadata). Tags escape what is not plain as `%hex%`.
enum OPL {
    static func node(_ line: Substring) -> (Int64, Coordinate)? {
        var id: Int64?, x: Double?, y: Double?
        for field in line.split(separator: " ") {
            switch field.first {
            case "n": id = Int64(field.dropFirst())
            case "x": x = Double(field.dropFirst())
            case "y": y = Double(field.dropFirst())
            default: continue
            }
        }
        guard let id, let x, let y else { return nil }
        return (id, Coordinate(latitude: y, longitude: x))
    }

    static func way(_ line: Substring) -> (Int64, [String: String], [Int64])? {
        var id: Int64?, tags: [String: String] = [:], nodes: [Int64] = []
        for field in line.split(separator: " ") {
            switch field.first {
            case "w": id = Int64(field.dropFirst())
            case "T":
                for pair in field.dropFirst().split(separator: ",") {
                    guard let equals = pair.firstIndex(of: "=") else { continue }
                    tags[unescaped(pair[..<equals])] = unescaped(pair[pair.index(after: equals)...])
                }
            case "N": nodes = field.dropFirst().split(separator: ",").compactMap { Int64($0.dropFirst()) }
            default: continue
            }
        }
        guard let id else { return nil }
        return (id, tags, nodes)
    }

    /// `text` with each `%hex%` made the character it stands for.
    static func unescaped(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var result = "", rest = text
        while let open = rest.firstIndex(of: "%") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "%"), let code = UInt32(after[..<close], radix: 16), let scalar = Unicode.Scalar(code) else {
                return result + "%" + after
            }
            result.unicodeScalars.append(scalar)
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }
}
