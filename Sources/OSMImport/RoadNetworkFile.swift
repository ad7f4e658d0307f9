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
    /// `staging`, while `build` makes what it needs of the network's graph (made to build the
    /// hierarchy from, not searchable) on this thread: the file is encoded and written on the
    /// other core meanwhile (issue 54: 1.3 s of a country's import, once on its longest path).
    /// The network itself is let go once written (on a country, it is a fifth of the import's
    /// memory at its peak). Returns where its roads are: the box around their points, with the
    /// kilometer around them a stop may be from its road (`RoutedLeg.farthestFromRoad`).
    /// The `controls` on its roads are kept beside it (`TrafficControls.fileName`), and in the graph.
    static func write(from database: URL, staging: URL, controls: [TrafficControl],
                      while build: @Sendable (RoadGraph) throws -> Void) throws -> RegionInfo.Bounds? {
        let kept = try KeptNetwork(from: database, staging: staging)
        let extent = RegionInfo.Bounds(around: kept.network!.points, margin: RoutedLeg.farthestFromRoad)
        let graph = RoadGraph(kept.network!, controls: TrafficControls(controls), searchable: false)
        try DurableFile.write(graph.trafficControls.encoded(), to: staging.appendingPathComponent(TrafficControls.fileName))
        let file = staging.appendingPathComponent(name)
        _ = try Lanes.both(stopping: { false }) { _ in
            try build(graph)
        } and: { _ in
            defer { kept.network = nil }
            try DurableFile.write(kept.network!.encoded(), to: file)
        }
        return extent
    }

    /// The network read from the database, held until its file is written.
    private final class KeptNetwork: @unchecked Sendable {
        var network: RoadNetwork?

        init(from database: URL, staging: URL) throws {
            do { network = try RoutinoDatabase.network(in: database) } catch {
                throw RegionError.cannotWrite(path: staging.path, reason: "its road database \(error.clause)")
            }
        }
    }
}
