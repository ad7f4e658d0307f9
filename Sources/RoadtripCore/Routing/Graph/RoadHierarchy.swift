import Foundation

/// The roads of a `RoadGraph` prepared for one vehicle and one choice of way (the quickest or the
/// shortest), so that the road matrix between stops takes milliseconds on a country's roads where
/// a search from each stop over the whole graph takes tens of seconds (issue 54): a contraction
/// hierarchy (Geisberger, Sanders, Schultes and Delling 2008), searched from every stop at once
/// with buckets (Knopp et al. 2007) and from one stop to another both ways at once.
///
/// It holds all a search needs without the graph, and gives the graph's figures (`+Matrix`):
/// - the points of the roads the vehicle may drive, and their edges (each one stretch of a way
///   between two points, with its length, its seconds each way, its cruising speed and the way it
///   may be driven), the edges a stop may meet found by a grid of cells as the graph's;
/// - the edges in chains: a run of edges through points where no other road meets (a road's shape
///   points) is one chain, between two junctions or ends, the nodes of the hierarchy;
/// - the nodes in the order they were contracted (their rank), and from each the arcs to nodes of
///   a higher rank: up (driven from it) and down (driven to it), an arc being a chain or a
///   shortcut made of two arcs through a node of lower rank (its middle, to unpack it).
///
/// Its bytes are its file (`+File`): built in memory (`+Build`), or mapped read-only from a file
/// checked before use. Never changed, so any number of threads search it (`@unchecked`: what it
/// holds are pointers to bytes no one writes, and its spare searches are kept under a lock).
package final class RoadHierarchy: @unchecked Sendable {
    /// The vehicle it was built for, and whether for the quickest way (else the shortest).
    package let vehicle: Vehicle
    package let quickest: Bool
    /// The `DrivingProfile.fingerprint` of the vehicle's profile and the `RoadNetwork.fingerprint`
    /// of the roads it was built from: a hierarchy for other ones is stale.
    package let profileFingerprint: UInt64
    package let networkFingerprint: UInt64
    /// The vehicle's rates, for the seconds a leg takes to start and end at rest.
    let acceleration: Double, deceleration: Double
    let counts: Counts
    let sections: Sections
    /// Searches' labels kept from one query to the next.
    let idle = IdleSearches()

    /// How many of each thing it holds.
    struct Counts: Equatable {
        var points = 0, edges = 0, chains = 0, nodes = 0, upArcs = 0, downArcs = 0, cells = 0, cellEdges = 0
    }

    /// Where its parts are in its bytes, read in place (`Layout` says where each is).
    struct Sections {
        /// Each point's latitude and longitude: the nodes first, by rank, then the chains' inner
        /// points, chain by chain in order along each.
        let points: UnsafeBufferPointer<Double>
        /// Each edge's seconds driven from its `from` and from its `to`, and its cruising speed
        /// (m/s); its length (m) and `EdgeFlags`. The edges are in chains, each in order along its chain.
        let forwardSeconds: UnsafeBufferPointer<Double>, backwardSeconds: UnsafeBufferPointer<Double>, cruise: UnsafeBufferPointer<Double>
        let meters: UnsafeBufferPointer<Float32>
        let flags: UnsafeBufferPointer<UInt8>
        /// Chain c is edges `chainStart[c]..<chainStart[c + 1]`, from node `chainEnds[2c]` to node `chainEnds[2c + 1]`.
        let chainStart: UnsafeBufferPointer<UInt32>
        let chainEnds: UnsafeBufferPointer<UInt32>
        /// Node v's arcs up are `up[upStart[v]..<upStart[v + 1]]`, each to a node of higher rank;
        /// its arcs down `down[downStart[v]..<downStart[v + 1]]`, each from one.
        let upStart: UnsafeBufferPointer<UInt32>, up: Arcs
        let downStart: UnsafeBufferPointer<UInt32>, down: Arcs
        /// The grid's cells that hold edges, by key (`SnapGrid`), and each one's edges in the
        /// graph's order: cell i holds `cellEdges[cellStart[i]..<cellStart[i + 1]]`.
        let cellKeys: UnsafeBufferPointer<Int64>
        let cellStart: UnsafeBufferPointer<UInt32>
        let cellEdges: UnsafeBufferPointer<UInt32>
    }

    /// Arcs of `Layout.arcSize` bytes each: the node at its other end (UInt32), its middle
    /// (UInt32: a node, or a chain with `chainBit` set), its meters and its seconds (Float64).
    struct Arcs {
        let base: UnsafeRawPointer?
        let count: Int
        /// Where its cost is: the seconds for the quickest way, the meters for the shortest.
        let costOffset: Int

        static let chainBit: UInt32 = 1 << 31

        func other(_ arc: Int) -> Int { Int(base!.load(fromByteOffset: arc * Layout.arcSize, as: UInt32.self)) }
        func middle(_ arc: Int) -> UInt32 { base!.load(fromByteOffset: arc * Layout.arcSize + 4, as: UInt32.self) }
        func meters(_ arc: Int) -> Double { base!.load(fromByteOffset: arc * Layout.arcSize + 8, as: Double.self) }
        func seconds(_ arc: Int) -> Double { base!.load(fromByteOffset: arc * Layout.arcSize + 16, as: Double.self) }
        func cost(_ arc: Int) -> Double { base!.load(fromByteOffset: arc * Layout.arcSize + costOffset, as: Double.self) }
    }

    /// An edge's flags: the way it may be driven (`RoadWay.Rules.Direction`'s raw value) and
    /// whether it is drawn against its chain (its `to` comes first along the chain).
    enum EdgeFlags {
        static let direction: UInt8 = 0b11
        static let reversed: UInt8 = 0b100
    }

    /// Its bytes: its own (allocated when built or read), or a file's mapped read-only.
    let base: UnsafeRawPointer
    let size: Int
    private let isMapped: Bool

    /// A hierarchy over `size` bytes at `base`, laid out as `header` says and checked; it frees them.
    init(header: Header, base: UnsafeRawPointer, size: Int, isMapped: Bool) {
        (vehicle, quickest, profileFingerprint, networkFingerprint) = (header.vehicle, header.quickest, header.profile, header.network)
        (acceleration, deceleration, counts) = (header.acceleration, header.deceleration, header.counts)
        (self.base, self.size, self.isMapped) = (base, size, isMapped)
        sections = Layout(header.counts).sections(at: base, quickest: header.quickest)
    }

    deinit {
        if isMapped { munmap(UnsafeMutableRawPointer(mutating: base), size) } else { base.deallocate() }
    }

    /// Whether it was built for `profile`, the quickest way or not, from the network of `fingerprint`.
    package func isFor(_ profile: DrivingProfile, quickest: Bool, network fingerprint: UInt64) -> Bool {
        profile.vehicle == vehicle && profile.fingerprint == profileFingerprint && quickest == self.quickest && fingerprint == networkFingerprint
    }
}

extension RoadHierarchy {
    /// What the file's header says: what the hierarchy is for and how much it holds.
    struct Header: Equatable {
        var vehicle: Vehicle
        var quickest: Bool
        var profile: UInt64
        var network: UInt64
        var acceleration: Double, deceleration: Double
        var counts: Counts
    }

    /// Point p's place.
    func point(_ p: Int) -> Coordinate {
        Coordinate(latitude: sections.points[2 * p], longitude: sections.points[2 * p + 1])
    }

    /// The chain edge `e` is in: the last that starts at or before it.
    func chain(of e: Int) -> Int {
        var (low, high) = (0, counts.chains - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(sections.chainStart[middle]) <= e { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The point at `position` along chain `c` (0 its first node, its edge count its last).
    func point(_ position: Int, along c: Int) -> Int {
        let (first, last) = (Int(sections.chainStart[c]), Int(sections.chainStart[c + 1]))
        if position == 0 { return Int(sections.chainEnds[2 * c]) }
        if position == last - first { return Int(sections.chainEnds[2 * c + 1]) }
        return counts.nodes + first - c + position - 1
    }

    /// Edge e's ends as the graph has them (its `from`, its `to`); `c`: its chain, when known.
    func ends(of e: Int, chain c: Int? = nil) -> (from: Int, to: Int) {
        let c = c ?? chain(of: e), position = e - Int(sections.chainStart[c])
        let (ahead, behind) = (point(position, along: c), point(position + 1, along: c))
        return sections.flags[e] & EdgeFlags.reversed == 0 ? (ahead, behind) : (behind, ahead)
    }

    /// The way edge e may be driven.
    func direction(of e: Int) -> RoadWay.Rules.Direction {
        RoadWay.Rules.Direction(rawValue: sections.flags[e] & EdgeFlags.direction) ?? .both
    }

    /// Starting a leg from rest and ending it at rest, on edges of cruising speed `start` and
    /// `end` (`RoadGraph.Costs.restSeconds`).
    func restSeconds(start: Double, end: Double) -> Double {
        start / (2 * acceleration) + end / (2 * deceleration)
    }
}
