import DurableWrites
import Foundation
import RoadtripCore
import RoadtripRegions

/// The import's side of a region's road network (`RoadNetworkFile`, in RoadtripRegions, reads
/// it): written from the region's Routino database when the region is added, and brought up to
/// date in the regions an older roadtrip added.
extension RoadNetworkFile {
    /// Writes the network of the Routino database in `database` into the region being built in
    /// `staging`, while `build` makes what it needs of the network's graph (made to build the
    /// hierarchy from, not searchable) on this thread: the file is encoded and written on the
    /// other core meanwhile (issue 54: 1.3 s of a country's import, once on its longest path).
    /// The network itself is let go once written (on a country, it is a fifth of the import's
    /// memory at its peak). Returns where its roads are: the box around their points, with the
    /// kilometer around them a stop may be from its road (`RoutedLeg.farthestFromRoad`).
    /// The `controls` on its roads are kept beside it (`TrafficControls.fileName`), and in the graph.
    static func write(
        from database: URL, staging: URL, controls: [TrafficControl],
        while build: @Sendable (RoadGraph) throws -> Void
    ) throws -> RegionInfo.Bounds? {
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

    /// Brings the road graph of every region on `shelf` up to date (issue 57): a region an older
    /// roadtrip added keeps its roads in Routino's database, with no `roads.graph` (added before
    /// issue 36) or one of another version (before issue 54), which the routing engine does not
    /// read (it then routes the region's matrix leg by leg). The graph is read from the region's
    /// database and written into its folder, a new file renamed in place (a run that read the old
    /// one is not disturbed), under the shelf's lock. Run by every import (`RegionImport.run`), so
    /// that `region add`, `region download` and `region update` bring the older regions along. A
    /// region whose database cannot be read is left as it is (its legs are still Routino's; adding
    /// it again makes it whole), and so is a damaged file of this version (the matrix says so).
    /// Returns the names of the regions brought up to date.
    @discardableResult
    package static func bringUpToDate(on shelf: RegionShelf, isCancelled: () -> Bool = { false }) -> [String] {
        let brought = try? shelf.withLock { () throws(RegionError) -> [String] in
            shelf.installed().compactMap { region -> String? in
                guard !isCancelled(), case .success(let info) = region.info, let roads = info.roadDatabase,
                    state(inRegion: region.folder) != .current
                else { return nil }
                let database = region.folder.appendingPathComponent(roads)
                guard FileManager.default.fileExists(atPath: database.appendingPathComponent("segments.mem").path),
                    let network = try? RoutinoDatabase.network(in: database),
                    (try? AtomicWriter.replace(network.encoded(), at: region.folder.appendingPathComponent(name).path, links: .refuse)) != nil
                else { return nil }
                return region.name
            }
        }
        return brought ?? []
    }
}
