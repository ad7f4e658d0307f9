import OSMImport
import RoadtripRegions

/// The regions' roads joined again once a region came or went (`RoadJoin`), so that legs from one
/// into another are routed: after every add, download and remove, in both front ends. Runs on any thread.
package struct JoinRegionRoads: Sendable {
    /// What joining came to, in the sentence both front ends show.
    package struct Outcome: Equatable, Sendable {
        package let sentence: String
        /// It failed or was stopped: legs between regions stay estimated.
        package let failed: Bool
    }

    private let shelf: RegionShelf

    package init(shelf: RegionShelf) {
        self.shelf = shelf
    }

    /// Whether the joined roads are not those of the regions now.
    package var isNeeded: Bool { RoadJoin.isNeeded(on: shelf) }

    /// Joins them; nil when there was nothing to join (or nothing to say).
    package func run(_ work: RegionWork = RegionWork()) -> Outcome? {
        var join = RoadJoin(shelf: shelf)
        join.isCancelled = work.isCancelled
        join.progress = { work.progress($0.text) }
        let result = Result { () throws(RegionError) in try join.run() }
        let failed = if case .failure = result { true } else { false }
        return RoadJoin.sentence(result).map { Outcome(sentence: $0, failed: failed) }
    }
}
