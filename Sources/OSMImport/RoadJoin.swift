import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripRegions

/// Joins the regions' roads: one Routino database for each group of regions whose roads can meet
/// (`RegionGroups`: their areas touch or overlap, directly or through others), built from the
/// roads of its regions (the road extract each import keeps, `RegionInfo.roadExtract`), so that a
/// leg from one region into another is routed on roads where their road networks meet (an extract
/// and its neighbour, or two that overlap; the ways and nodes they share are one in the database).
///
/// Why this shape: each region keeps its own database, so a leg within one region is routed as
/// before (a small database, loaded fast); only a leg between regions is routed on a joined one.
/// Routino has no way to route across two databases, and its `planetsplitter` reads several
/// files into one (`--parse-only`, `--append`, then `--process-only`), each region's roads
/// alone being a fraction of its extract. Only regions whose roads can meet are joined, and a
/// group's join is kept while its regions are the ones it was built from: adding, removing or
/// updating a region costs the join of its own group, if any (a small region beside a country
/// far away: nothing), never a join of regions it does not touch. A region alone in its group is
/// joined with nothing; a leg from it into another region says their roads do not meet.
///
/// The joins are built aside and put in place in one step (`RegionShelf.installJoins`), like a
/// region: a build that fails or is stopped leaves the joins there were. Builds take a lock of
/// their own in turn, each from the regions in place when it starts, so the last one to run sees
/// the last change. A region added before imports kept their roads (no road extract) is left out
/// until it is added again.
package struct RoadJoin: Sendable {
    /// How far a join is, for a progress line.
    package enum Progress: Sendable, Equatable {
        /// Bytes read so far of the roads of `region`, the `number`th of `count`.
        case reading(region: String, bytes: Int64, total: Int64, number: Int, count: Int)
        /// The database is being built from the roads read.
        case building(regions: Int)

        package var text: String {
            switch self {
            case .reading(let region, let bytes, let total, let number, let count):
                let percent = total > 0 ? Int(min(100, bytes * 100 / total)) : 0
                return "Joining the roads of \(count) regions: reading \(region) (\(number) of \(count), \(percent)%)"
            case .building(let regions):
                return "Joining the roads of \(regions) regions: building"
            }
        }
    }

    /// What a join did.
    package enum Outcome: Sendable, Equatable {
        /// The roads of each of these groups of regions are joined (built now, or kept as they
        /// were), each group's regions by name.
        case joined([[String]])
        /// No two regions with roads have roads that can meet: there are no joined roads.
        case nothingToJoin
    }

    package let shelf: RegionShelf
    package var isCancelled: @Sendable () -> Bool = { false }
    package var progress: @Sendable (Progress) -> Void = { _ in }
    /// An end-to-end test's gate: the join stops at "road-join", before reading any region's
    /// roads, until the test releases it (or the join is cancelled).
    package var gate: TestGate? = TestGate.process

    package init(shelf: RegionShelf) {
        self.shelf = shelf
    }

    /// A region whose roads can be joined: its name, the version built from, its road extract and
    /// the area its roads lie in.
    struct Input {
        let member: RegionShelf.Member
        let file: URL
        let bytes: Int64
        let bounds: RegionInfo.Bounds
        /// The countries whose implied speed limits its roads were read with (`DrivingTagging`).
        var speedLimitCountries: [String] = []
    }

    /// The regions whose roads can be joined, by name: those with a road extract and a box.
    static func inputs(of shelf: RegionShelf) -> [Input] {
        shelf.installed().compactMap { region in
            guard let info = try? region.info.get(), let extract = info.roadExtract, let bounds = info.bounds,
                let version = shelf.regionLinkTarget(region.name)
            else { return nil }
            let file = shelf.directory.appendingPathComponent(version).appendingPathComponent(extract)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber else { return nil }
            var input = Input(member: RegionShelf.Member(name: region.name, version: version), file: file, bytes: size.int64Value, bounds: bounds)
            input.speedLimitCountries = info.speedLimitCountries ?? []
            return input
        }
    }

    /// What a join has to do on the shelf as it is: the groups of two regions or more whose
    /// roads can meet, the joins in place that are still a group's (built from the same regions,
    /// each at the same version) and the groups that have none, and whether any join in place is
    /// of no group now.
    struct Plan {
        let groups: [[Input]]
        let kept: [RegionShelf.Join]
        let unbuilt: [[Input]]
        let hasStale: Bool

        init(on shelf: RegionShelf) {
            groups = RegionGroups.of(RoadJoin.inputs(of: shelf), box: \.bounds).filter { $0.count >= 2 }
            let joins = shelf.joinedRoads()?.joins ?? []
            var kept: [RegionShelf.Join] = [], unbuilt: [[Input]] = []
            for group in groups {
                let members = Set(group.map(\.member))
                if let join = joins.first(where: { Set($0.members) == members }) { kept.append(join) } else { unbuilt.append(group) }
            }
            (self.kept, self.unbuilt) = (kept, unbuilt)
            hasStale = joins.count > kept.count || (shelf.joinedLinkTarget() != nil && groups.isEmpty)
        }

        var isNeeded: Bool { !unbuilt.isEmpty || hasStale }
        var outcome: Outcome { groups.isEmpty ? .nothingToJoin : .joined(groups.map { $0.map(\.member.name) }) }
    }

    /// Whether the shelf's joins are not those of its groups of regions now: a join has work to do.
    package static func isNeeded(on shelf: RegionShelf) -> Bool {
        Plan(on: shelf).isNeeded
    }

    /// Builds the joins of the groups of regions in place now whose join is missing or out of
    /// date, keeps the others as they are, and removes the joins of groups there no longer are;
    /// nothing is done when every join is current.
    package func run() throws(RegionError) -> Outcome {
        try shelf.withLock(named: ShelfName.joinLockName) { () throws(RegionError) -> Outcome in
            let plan = Plan(on: shelf)
            guard plan.isNeeded else { return plan.outcome }
            guard !plan.groups.isEmpty else {
                try shelf.removeJoined()
                return .nothingToJoin
            }
            shelf.sweep()
            var built: [RegionShelf.BuiltJoin] = []
            do throws(RegionError) {
                if !plan.unbuilt.isEmpty {
                    gate?.pass("road-join", giveUp: isCancelled)
                    if isCancelled() { throw RegionError.cancelled }
                }
                for group in plan.unbuilt {
                    let staging = try shelf.makeStaging()
                    built.append(RegionShelf.BuiltJoin(staging: staging, members: group.map(\.member)))
                    try build(group, in: staging)
                }
                try shelf.installJoins(kept: plan.kept, built: built)
            } catch {
                built.forEach { try? FileManager.default.removeItem(at: $0.staging) }
                throw error
            }
            return plan.outcome
        }
    }

    /// planetsplitter reads each region's roads in turn (`--parse-only`, then `--append`), then
    /// builds the database (`--process-only`), in `roads/` of the staging folder.
    private func build(_ inputs: [Input], in staging: URL) throws(RegionError) {
        let folder = staging.appendingPathComponent(RegionInfo.roadsFolderName)
        // The roads read as each region's were: with the implied limits of all their countries.
        let tagging = DrivingTagging.file(for: Set(inputs.flatMap(\.speedLimitCountries)), in: staging)
        let common = ["--loggable", "--dir=\(folder.path)", "--tagging=\(tagging)"]
        let report = progress
        var tools = ChildTools(logFile: staging.appendingPathComponent("tool.log"), isCancelled: isCancelled)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, input) in inputs.enumerated() {
                tools.reading = { _, bytes in
                    report(.reading(region: input.member.name, bytes: bytes, total: input.bytes, number: index + 1, count: inputs.count))
                }
                try tools.run(
                    "planetsplitter", common + ["--parse-only"] + (index > 0 ? ["--append"] : []) + [input.file.path],
                    input: input.file.path, capture: true)
            }
            report(.building(regions: inputs.count))
            try tools.run("planetsplitter", common + ["--process-only"], capture: true)
        } catch let error as RegionError {
            throw error
        } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
        for leftover in ["tool.log", "output.txt", "tagging-drive.xml"] { try? FileManager.default.removeItem(at: staging.appendingPathComponent(leftover)) }
    }
}

extension RoadJoin {
    /// What a join did, in a sentence for after "Added region …" or "Removed region …"; nil when
    /// there was nothing to say (no joined roads, before or after).
    package static func sentence(_ result: Result<Outcome, RegionError>) -> String? {
        switch result {
        case .success(.joined(let groups)) where groups.count == 1:
            return "Joined the roads of \(groups[0].count) regions: legs between them are routed where their roads meet."
        case .success(.joined(let groups)):
            let regions = groups.reduce(0) { $0 + $1.count }
            return "Joined the roads of \(regions) regions in \(groups.count) groups whose roads meet "
                + "(\(groups.map { $0.joined(separator: " + ") }.joined(separator: "; "))): legs within a group are routed where their roads meet."
        case .success(.nothingToJoin):
            return nil
        case .failure(.cancelled):
            return "Joining the regions' roads was stopped: legs between regions are estimated until the next region add or remove."
        case .failure(let error):
            return "The regions' roads could not be joined (\(error.description)): legs between regions are estimated until the next region add or remove."
        }
    }
}
