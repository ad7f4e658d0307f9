import Foundation
import RoadtripCore
import RoadtripRegions

extension RoadRouter {
    /// The graph of the roads of `regions` together (their networks joined where they share
    /// points), read once and kept for the router's life; nil when any of them keeps no network;
    /// the phrase for beside an estimate when one's network file is damaged.
    func graph(of regions: [Roads]) -> Result<RoadGraph?, Reason> {
        graphs.value(for: regions.map(\.database).sorted().joined(separator: "\n")) {
            var networks: [RoadNetwork] = []
            for region in regions {
                switch RoadNetworkFile.network(inRegion: region.regionFolder) {
                case .success(let network?): networks.append(network)
                case .success(nil): return .success(nil)
                case .failure(let damage):
                    return .failure(Reason(phrase: "the road graph of \(region.region) is damaged (\(damage.clause)); add the region again"))
                }
            }
            return .success(RoadGraph(networks, controls: trafficControls(of: regions.flatMap(\.controlFolders))))
        }
    }

    /// The traffic controls kept in the region `folders`, together; read once for the router's life.
    func trafficControls(of folders: [URL]) -> TrafficControls {
        let read = controls.value(for: folders.map(\.path).sorted().joined(separator: "\n")) {
            // Regions that overlap keep the same controls: each once.
            var seen = Set<[Double]>()
            let each = folders.flatMap { TrafficControls.inRegion($0).controls }.filter {
                seen.insert([$0.coordinate.latitude, $0.coordinate.longitude, Double($0.kind.rawValue)]).inserted
            }
            return .success(TrafficControls(each))
        }
        return (try? read.get()) ?? nil ?? TrafficControls([])
    }

    /// The hierarchy of the roads of one region for the vehicle and the way of `options`: the
    /// one kept in its folder (`RoadHierarchyFile`), else made from its graph and kept there for
    /// the next run; read or made once for the router's life; nil when the region keeps no
    /// network. A region's hierarchy is searched in milliseconds on a country's roads, where a
    /// search from each stop over its whole graph takes seconds (issue 54).
    func hierarchy(of region: Roads, options: RouteOptions) -> Result<RoadHierarchy?, Reason> {
        let profile = DrivingProfile.of(options.vehicle)
        let name = RoadHierarchyFile.name(for: options.vehicle, quickest: options.quickest)
        return hierarchies.value(for: region.database + "\n" + name) {
            if let kept = RoadHierarchyFile.kept(inRegion: region.regionFolder, profile: profile, quickest: options.quickest) { return .success(kept) }
            return graph(of: [region]).map { graph in
                graph.map { graph in
                    let made = RoadHierarchy.build(from: graph, profile: profile, quickest: options.quickest)
                    RoadHierarchyFile.keep(made, inRegion: region.regionFolder)
                    return made
                }
            }
        }
    }

    /// What a router has read or made of the regions' roads, by the versions of the regions in
    /// them: made once, on the first thread that asks, while others asking for it wait.
    final class Kept<Value>: @unchecked Sendable {
        private let lock = NSLock()
        // Under `lock`.
        private var made: [String: Result<Value?, Reason>] = [:]

        func value(for key: String, make: () -> Result<Value?, Reason>) -> Result<Value?, Reason> {
            lock.lock()
            defer { lock.unlock() }
            if let value = made[key] { return value }
            let value = make()
            made[key] = value
            return value
        }
    }
}

extension RoadRouter.Roads {
    /// The region's folder, where its road network is kept (`RoadNetworkFile`): the one holding
    /// its road database.
    var regionFolder: URL { folder.deletingLastPathComponent() }
}
