import Foundation
import RoadtripCore
import RoadtripRegions

/// A leg from one region into another, routed on the regions' joined roads (`RoadJoin`): one
/// database of every region's roads, built when a region is added or removed. A leg within one
/// region keeps its region's own database (smaller, and as it was before regions joined).
extension RoadRouter {
    /// The joined roads and the regions whose roads they hold as those regions are now (a region
    /// added again since they were built is not in them until they are built again).
    package struct Joined: Sendable {
        let roads: Roads
        let regions: Set<String>

        /// The joined roads of the shelf, of the `regions` (with roads) in place; nil when none.
        package init?(_ joined: RegionShelf.JoinedRoads?, regions: [Roads]) {
            guard let joined else { return nil }
            let current = joined.members.filter { member in regions.contains { $0.region == member.name && $0.database == member.version } }
            guard current.count >= 2 else { return nil }
            let world = RegionInfo.Bounds(south: -90, west: -180, north: 90, east: 180)
            roads = Roads(region: "joined", folder: joined.database, bounds: world, database: joined.version)
            self.regions = Set(current.map(\.name))
        }
    }

    /// The region whose own database routes the leg: one that covers both ends, unless another
    /// region joined with it covers an end too. Where regions overlap, an end near the border may
    /// be reached only on the other's roads (an extract keeps its border roads whole, so its box
    /// reaches past the roads it has); the joined roads hold both.
    func ownRoads(from: Coordinate, to: Coordinate) -> Roads? {
        guard let own = regions.first(where: { $0.covers(from) && $0.covers(to) }) else { return nil }
        guard let joined, joined.regions.contains(own.region) else { return own }
        let overlapped = regions.contains { other in
            other.region != own.region && joined.regions.contains(other.region) && (other.covers(from) || other.covers(to))
        }
        return overlapped ? nil : own
    }

    /// The regions of the joined roads that cover `from` and `to`, when both are covered: for
    /// each end, one that does not cover the other when there is one (what names the leg).
    private func joinedEnds(from: Coordinate, to: Coordinate) -> (String, String)? {
        guard let joined else { return nil }
        let inJoined = regions.filter { joined.regions.contains($0.region) }
        func region(covering end: Coordinate, not other: Coordinate) -> String? {
            (inJoined.first { $0.covers(end) && !$0.covers(other) } ?? inJoined.first { $0.covers(end) })?.region
        }
        guard let start = region(covering: from, not: to), let end = region(covering: to, not: from) else { return nil }
        return (start, end)
    }

    /// The joined roads a leg between two regions is routed on (named by its two regions), or nil.
    func joinedRoads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        guard let joined, let (start, end) = joinedEnds(from: from, to: to) else { return nil }
        return CoveringRoads(name: "\(start) + \(end)", version: joined.roads.database)
    }

    /// A leg whose ends no one region covers (both are covered by some region): routed on the
    /// joined roads, else an estimate saying why.
    func routeAcross(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
        guard let joined, let covering = joinedRoads(from: from, to: to) else {
            return .estimate(reason: "\(fromName) and \(toName) are in different regions")
        }
        let outcome = queue.sync { routeOnQueue(joined.roads, from: from, to: to, fromName: fromName, toName: toName, options: options) }
        switch outcome {
        case .road(let leg):
            return .road(RoutedLeg(meters: leg.meters, seconds: leg.seconds, line: leg.line, region: covering.name))
        case .estimate(let reason) where reason == Reason.noRoad:
            return .estimate(reason: "\(fromName) and \(toName) are in regions whose roads do not meet")
        case .estimate:
            return outcome
        }
    }
}
