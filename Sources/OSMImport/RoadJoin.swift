import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripRegions

/// Joins the regions' roads: one Routino database built from the roads of every added region
/// (the road extract each import keeps, `RegionInfo.roadExtract`), so that a leg from one region
/// into another is routed on roads where their road networks meet (an extract and its
/// neighbour, or two that overlap; the ways and nodes they share are one in the database).
///
/// Why this shape: each region keeps its own database, so a leg within one region is routed as
/// before (a small database, loaded fast); only a leg between regions is routed on the joined
/// one. Routino has no way to route across two databases, and its `planetsplitter` reads several
/// files into one (`--parse-only`, `--append`, then `--process-only`), each region's roads
/// alone being a fraction of its extract. The join is built aside and put in place in one step
/// (`RegionShelf.installJoined`), like a region: a build that fails or is stopped leaves the
/// joined roads there were. Builds take a lock of their own in turn, each from the regions in
/// place when it starts, so the last one to run sees the last change. A region added before
/// imports kept their roads (no road extract) is left out until it is added again.
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
        /// The roads of these regions are joined (built now, or already current).
        case joined([String])
        /// Fewer than two regions have roads to join: there are no joined roads.
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

    /// A region whose roads can be joined: its name, the version built from and its road extract.
    struct Input {
        let member: RegionShelf.Member
        let file: URL
        let bytes: Int64
    }

    /// The regions whose roads can be joined, by name.
    static func inputs(of shelf: RegionShelf) -> [Input] {
        shelf.installed().compactMap { region in
            guard let info = try? region.info.get(), let extract = info.roadExtract, let version = shelf.regionLinkTarget(region.name) else { return nil }
            let file = shelf.directory.appendingPathComponent(version).appendingPathComponent(extract)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber else { return nil }
            return Input(member: RegionShelf.Member(name: region.name, version: version), file: file, bytes: size.int64Value)
        }
    }

    /// Whether the shelf's joined roads are not those of its regions now: a join has work to do.
    package static func isNeeded(on shelf: RegionShelf) -> Bool {
        let members = inputs(of: shelf).map(\.member)
        return members.count < 2 ? shelf.joinedLinkTarget() != nil : shelf.joinedRoads()?.members != members
    }

    /// Builds the joined roads of the regions in place now (or removes them when fewer than two
    /// regions have roads); nothing is done when they are current.
    package func run() throws(RegionError) -> Outcome {
        try shelf.withLock(named: ShelfName.joinLockName) { () throws(RegionError) -> Outcome in
            let inputs = Self.inputs(of: shelf)
            guard inputs.count >= 2 else {
                try shelf.removeJoined()
                return .nothingToJoin
            }
            let members = inputs.map(\.member)
            if shelf.joinedRoads()?.members == members { return .joined(members.map(\.name)) }
            shelf.sweep()
            let staging = try shelf.makeStaging()
            do throws(RegionError) {
                gate?.pass("road-join", giveUp: isCancelled)
                if isCancelled() { throw RegionError.cancelled }
                try build(inputs, in: staging)
                try shelf.installJoined(staging, members: members)
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw error
            }
            return .joined(members.map(\.name))
        }
    }

    /// planetsplitter reads each region's roads in turn (`--parse-only`, then `--append`), then
    /// builds the database (`--process-only`), in `roads/` of the staging folder.
    private func build(_ inputs: [Input], in staging: URL) throws(RegionError) {
        let folder = staging.appendingPathComponent(RegionInfo.roadsFolderName)
        let common = ["--loggable", "--dir=\(folder.path)", "--tagging=\(RegionInfo.drivingTagging)"]
        let report = progress
        var tools = ChildTools(logFile: staging.appendingPathComponent("tool.log"), isCancelled: isCancelled)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, input) in inputs.enumerated() {
                tools.reading = { _, bytes in
                    report(.reading(region: input.member.name, bytes: bytes, total: input.bytes, number: index + 1, count: inputs.count))
                }
                try tools.run("planetsplitter", common + ["--parse-only"] + (index > 0 ? ["--append"] : []) + [input.file.path],
                              input: input.file.path, capture: true)
            }
            report(.building(regions: inputs.count))
            try tools.run("planetsplitter", common + ["--process-only"], capture: true)
        } catch let error as RegionError {
            throw error
        } catch {
            throw RegionError.cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
        for leftover in ["tool.log", "output.txt"] { try? FileManager.default.removeItem(at: staging.appendingPathComponent(leftover)) }
    }
}

extension RoadJoin {
    /// What a join did, in a sentence for after "Added region …" or "Removed region …"; nil when
    /// there was nothing to say (no joined roads, before or after).
    package static func sentence(_ result: Result<Outcome, RegionError>) -> String? {
        switch result {
        case .success(.joined(let regions)):
            return "Joined the roads of \(regions.count) regions: legs between them are routed where their roads meet."
        case .success(.nothingToJoin):
            return nil
        case .failure(.cancelled):
            return "Joining the regions' roads was stopped: legs between regions are estimated until the next region add or remove."
        case .failure(let error):
            return "The regions' roads could not be joined (\(error.description)): legs between regions are estimated until the next region add or remove."
        }
    }
}
