import Foundation
import RoadtripCore
import RoadtripRegions

/// A leg from one region into another, routed on the joined roads of their group (`RoadJoin`):
/// one database for each group of regions whose areas touch (`RegionGroups`), built when a region
/// is added or removed. A leg within one region keeps its region's own database (smaller, and as
/// it was before regions joined); a leg between regions of two groups is an estimate that says
/// their roads do not meet, by the same rule the joins are made by, without asking Routino.
extension RoadRouter {
    /// The joined roads of each group of regions, with the regions whose roads they hold as those
    /// regions are now (a region added again since a join was built is not in it until it is
    /// built again).
    package struct Joined: Sendable {
        /// One group's joined roads, and the regions in them.
        struct Join: Sendable {
            let roads: Roads
            let regions: Set<String>
        }

        let joins: [Join]

        /// The joins of the shelf, each of the `regions` (with roads) in place; nil when none
        /// holds two of them.
        package init?(_ joined: RegionShelf.JoinedRoads?, regions: [Roads]) {
            let world = RegionInfo.Bounds(south: -90, west: -180, north: 90, east: 180)
            joins = (joined?.joins ?? []).compactMap { join in
                let current = join.members.filter { member in regions.contains { $0.region == member.name && $0.database == member.version } }
                guard current.count >= 2 else { return nil }
                let name = current.map(\.name).joined(separator: " + ")
                var roads = Roads(region: name, folder: join.database, bounds: world, database: join.version)
                let members = regions.filter { region in current.contains { $0.name == region.region } }
                roads.controlFolders = members.flatMap(\.controlFolders)
                // Regions of two sides joined (Ireland and Northern Ireland's are alike; France and Britain's are not
                // joined by road): the side most of them keep.
                roads.keepsLeft = members.filter(\.keepsLeft).count * 2 > members.count
                return Join(roads: roads, regions: Set(current.map(\.name)))
            }
            if joins.isEmpty { return nil }
        }

        /// The join that holds region `name`, if any.
        func join(holding name: String) -> Join? {
            joins.first { $0.regions.contains(name) }
        }
    }

    /// The region whose own database routes the leg: one that covers both ends, unless another
    /// region joined with it covers an end too. Where regions overlap, an end near the border may
    /// be reached only on the other's roads (an extract keeps its border roads whole, so its box
    /// reaches past the roads it has); the joined roads hold both.
    func ownRoads(from: Coordinate, to: Coordinate) -> Roads? {
        guard let own = regions.first(where: { $0.covers(from) && $0.covers(to) }) else { return nil }
        guard let join = joined?.join(holding: own.region) else { return own }
        let overlapped = regions.contains { other in
            other.region != own.region && join.regions.contains(other.region) && (other.covers(from) || other.covers(to))
        }
        return overlapped ? nil : own
    }

    /// The join whose regions cover `from` and `to`, with a region of it covering each end: for
    /// each end, one that does not cover the other when there is one (what names the leg).
    private func joinedEnds(from: Coordinate, to: Coordinate) -> (join: Joined.Join, start: String, end: String)? {
        for join in joined?.joins ?? [] {
            let inJoin = regions.filter { join.regions.contains($0.region) }
            func region(covering end: Coordinate, not other: Coordinate) -> String? {
                (inJoin.first { $0.covers(end) && !$0.covers(other) } ?? inJoin.first { $0.covers(end) })?.region
            }
            if let start = region(covering: from, not: to), let end = region(covering: to, not: from) { return (join, start, end) }
        }
        return nil
    }

    /// The joined roads a leg between two regions is routed on (named by its two regions), or nil.
    func joinedRoads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        guard let (join, start, end) = joinedEnds(from: from, to: to) else { return nil }
        return CoveringRoads(name: "\(start) + \(end)", version: join.roads.database)
    }

    /// A leg whose ends no one region covers (both are covered by some region): routed on the
    /// joined roads of their group, else an estimate saying why: their regions' roads do not meet
    /// (two groups), or their group's roads are not joined (yet).
    func routeAcross(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
        if let apart = regionsApart(from, to) { return .estimate(reason: Self.roadsDoNotMeet(fromName, toName, regions: apart)) }
        guard let (join, start, end) = joinedEnds(from: from, to: to) else {
            return .estimate(reason: "\(fromName) and \(toName) are in different regions")
        }
        let outcome = Self.routino.withLock { routeInTurn(join.roads, from: from, to: to, fromName: fromName, toName: toName, options: options) }
        switch outcome {
        case .road(let leg):
            return .road(RoutedLeg(meters: leg.meters, seconds: leg.seconds, line: leg.line, region: "\(start) + \(end)"))
        case .estimate(let reason) where reason == RoutedLeg.noRoad(roads: join.roads.region):
            return .estimate(reason: Self.roadsDoNotMeet(fromName, toName, regions: (start, end)))
        case .estimate:
            return outcome
        }
    }

    /// The regions covering `one` and `other` when they are in groups whose roads cannot meet
    /// (`RegionGroups`); nil when they are in one group, or either is covered by no region.
    func regionsApart(_ one: Coordinate, _ other: Coordinate) -> (String, String)? {
        guard let first = regions.first(where: { $0.covers(one) }), let second = regions.first(where: { $0.covers(other) }),
            let firstGroup = groups[first.region], let secondGroup = groups[second.region], firstGroup != secondGroup
        else { return nil }
        return (first.region, second.region)
    }

    /// Why a leg between `fromName` and `toName`, in `regions`, is not on roads: their roads do not meet.
    static func roadsDoNotMeet(_ fromName: String, _ toName: String, regions: (String, String)) -> String {
        "\(fromName) and \(toName) are in regions whose roads do not meet (\(regions.0) and \(regions.1))"
    }

    /// Each region's group (`RegionGroups`), by name: the regions of a group share its number.
    static func groups(of regions: [Roads]) -> [String: Int] {
        var numbers: [String: Int] = [:]
        for (number, group) in RegionGroups.of(regions, box: \.bounds).enumerated() {
            for roads in group { numbers[roads.region] = number }
        }
        return numbers
    }
}
