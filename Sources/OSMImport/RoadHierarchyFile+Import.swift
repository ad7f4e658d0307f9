import DurableWrites
import Foundation
import RoadtripCore
import RoadtripRegions

/// The import's side of a region's road hierarchies (`RoadHierarchyFile`, in RoadtripRegions):
/// the one every region is added with.
extension RoadHierarchyFile {
    /// The hierarchy `region add` makes: the car's, on the quickest way.
    static let made = (vehicle: Vehicle.car, quickest: true)

    /// Makes the hierarchy a region is added with, from the graph of its network (`graph`, made
    /// without its search's arcs), in the region being built in `staging`.
    static func write(for graph: RoadGraph, inRegion staging: URL, isCancelled: () -> Bool) throws {
        if isCancelled() { throw RegionError.cancelled }
        let hierarchy = RoadHierarchy.build(from: graph, profile: DrivingProfile.of(made.vehicle), quickest: made.quickest)
        try hierarchy.withFileBytes { try DurableFile.write($0, to: staging.appendingPathComponent(name(for: made.vehicle, quickest: made.quickest))) }
    }
}
