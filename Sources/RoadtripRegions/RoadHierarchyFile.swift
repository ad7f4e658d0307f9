import DurableWrites
import Foundation
import RoadtripCore

/// A region's road hierarchies (`RoadHierarchy`), what the road matrix searches on a country's
/// roads in milliseconds: one a vehicle and way, kept in the region's folder beside its network
/// (`roads.graph`), mapped read-only when used. The car's quickest, a trip's default, is made when
/// the region is added (OSMImport); another the first time a matrix asks for it, made from the
/// region's graph by the routing engine and kept here for the next run: a cache of what the
/// graph already holds, never an import.
package enum RoadHierarchyFile {
    /// The file of `vehicle`'s hierarchy for the quickest or the shortest way.
    package static func name(for vehicle: Vehicle, quickest: Bool) -> String {
        "roads-\(vehicle.rawValue)-\(quickest ? "quickest" : "shortest").hierarchy"
    }

    /// The hierarchy kept in the region `folder` for `profile` and the way, when there is one
    /// made for them (by this version of the profiles) since the region's network was written;
    /// nil otherwise, a damaged file included (it is made again from the network, which is then
    /// read and checked). The network is not read to tell: a country's takes a few tenths of a
    /// second, the hierarchy's whole point is not to.
    package static func kept(inRegion folder: URL, profile: DrivingProfile, quickest: Bool) -> RoadHierarchy? {
        let file = folder.appendingPathComponent(name(for: profile.vehicle, quickest: quickest))
        guard let made = modified(file), let network = modified(folder.appendingPathComponent(RoadNetworkFile.name)), made >= network,
            case .success(let kept) = RoadHierarchy.open(file),
            kept.vehicle == profile.vehicle, kept.quickest == quickest, kept.profileFingerprint == profile.fingerprint
        else { return nil }
        return kept
    }

    /// When the file at `url` was last written (seconds, nanoseconds); nil when there is none.
    private static func modified(_ url: URL) -> (Int, Int)? {
        var status = stat()
        return stat(url.path, &status) == 0 ? (status.st_mtim.tv_sec, status.st_mtim.tv_nsec) : nil
    }

    /// Keeps `hierarchy` in the region `folder` for the next run, in place of a damaged or stale
    /// one (a new file renamed over it: a run that mapped the old one keeps reading it, never a
    /// link's target); nothing when it cannot be written there (a shelf the user may only read):
    /// it is then made again in each run.
    package static func keep(_ hierarchy: RoadHierarchy, inRegion folder: URL) {
        let file = folder.appendingPathComponent(name(for: hierarchy.vehicle, quickest: hierarchy.quickest))
        hierarchy.withFileBytes { try? AtomicWriter.replace($0, at: file.path, links: .refuse) }
    }
}
