import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions

extension RoadRouter {
    /// The graph of the roads of `regions` together (their networks joined where they share
    /// points), read once and kept for the router's life; nil when any of them keeps no network;
    /// the phrase for beside an estimate when one's network file is damaged.
    func graph(of regions: [Roads]) -> Result<RoadGraph?, Reason> {
        graphs.graph(for: regions.map(\.database).sorted().joined(separator: "\n")) {
            var networks: [RoadNetwork] = []
            for region in regions {
                switch RoadNetworkFile.network(inRegion: region.regionFolder) {
                case .success(let network?): networks.append(network)
                case .success(nil): return .success(nil)
                case .failure(let damage):
                    return .failure(Reason(phrase: "the road graph of \(region.region) is damaged (\(damage.clause)); add the region again"))
                }
            }
            return .success(RoadGraph(networks))
        }
    }

    /// The graphs a router has built, by the versions of the regions in them: built once, on the
    /// first thread that asks, while others asking for them wait.
    final class Graphs: @unchecked Sendable {
        private let lock = NSLock()
        // Under `lock`.
        private var built: [String: Result<RoadGraph?, Reason>] = [:]

        func graph(for key: String, build: () -> Result<RoadGraph?, Reason>) -> Result<RoadGraph?, Reason> {
            lock.lock()
            defer { lock.unlock() }
            if let graph = built[key] { return graph }
            let graph = build()
            built[key] = graph
            return graph
        }
    }
}

extension RoadRouter.Roads {
    /// The region's folder, where its road network is kept (`RoadNetworkFile`): the one holding
    /// its road database.
    var regionFolder: URL { folder.deletingLastPathComponent() }
}
