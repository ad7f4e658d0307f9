import Foundation
import RoadtripCore
import RoadtripRegions

/// A region's roads as a `RoadNetwork`, what the road matrix searches (`RoadGraph`): read from the
/// region's Routino database (`RoutinoDatabase`) when the region is added, and kept beside it as
/// `roads.graph`.
package enum RoadNetworkFile {
    /// The file in a region's folder.
    package static let name = "roads.graph"

    /// The network kept in the region `folder`; read again from its Routino database when the
    /// file is of another version (a region added by an older roadtrip, whose file was read from
    /// osmium's text); nil when it has no file (the matrix is then routed leg by leg). A kept
    /// file or a database that does not make sense is refused with the clause that says why
    /// (naming it).
    package static func network(inRegion folder: URL) -> Result<RoadNetwork?, FileDamage> {
        let file = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: file) else { return .success(nil) }
        switch RoadNetwork.decoded(data) {
        case .success(let network): return .success(network)
        case .failure(.damaged(let problem)): return .failure(FileDamage(clause: "\(file.path) \(problem)"))
        case .failure(.otherVersion): break
        }
        let database = folder.appendingPathComponent(RegionInfo.roadsFolderName)
        guard FileManager.default.fileExists(atPath: database.appendingPathComponent("segments.mem").path) else { return .success(nil) }
        do { return .success(try RoutinoDatabase.network(in: database)) } catch {
            return .failure(FileDamage(clause: "\(database.path)/\(error.clause)"))
        }
    }

    /// How many points the network kept in the region `folder` has, from the first bytes of its
    /// file; nil when it keeps none of this version.
    package static func pointCount(inRegion folder: URL) -> Int? {
        guard let file = FileHandle(forReadingAtPath: folder.appendingPathComponent(name).path) else { return nil }
        defer { try? file.close() }
        return (try? file.read(upToCount: 64)).flatMap(RoadNetwork.pointCount(inHeader:))
    }

    /// A region's road file that is damaged: what is wrong, as a clause naming the file.
    package struct FileDamage: Error, Equatable, Sendable {
        package let clause: String
    }

    /// Writes the network of the Routino database in `database` into the region being built in
    /// `staging`, and returns its graph, made to build the hierarchy from (not searchable); the
    /// network itself is let go (on a country, it is a fifth of the import's memory at its peak).
    @discardableResult
    static func write(from database: URL, staging: URL) throws -> RoadGraph {
        let network: RoadNetwork
        do { network = try RoutinoDatabase.network(in: database) } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: "its road database \(error.clause)")
        }
        try DurableFile.write(network.encoded(), to: staging.appendingPathComponent(name))
        return RoadGraph(network, searchable: false)
    }
}
