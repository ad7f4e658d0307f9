import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions

extension RoadRouter {
    /// The graph of the roads of `regions` together (their networks joined where they share
    /// points), read once and kept for the router's life; nil when any of them keeps no network.
    func graph(of regions: [Roads]) -> RoadGraph? {
        graphs.graph(for: regions.map(\.database).sorted().joined(separator: "\n")) {
            let networks = regions.compactMap { RoadNetworkFile.network(inRegion: $0.regionFolder) }
            return networks.count == regions.count ? RoadGraph(networks) : nil
        }
    }

    /// The graphs a router has built, by the versions of the regions in them: built once, on the
    /// first thread that asks, while others asking for them wait.
    final class Graphs: @unchecked Sendable {
        private let lock = NSLock()
        // Under `lock`.
        private var built: [String: RoadGraph?] = [:]

        func graph(for key: String, build: () -> RoadGraph?) -> RoadGraph? {
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
