import Foundation

/// A `RoadHierarchy` as a file: its bytes as they are in memory, mapped read-only when opened
/// (nothing is read into arrays), and checked whole before use, so that a file cut short or
/// damaged is refused with a clause saying why, never read past its end or through an index it
/// does not hold.
///
///     "roadtrip hierarchy\n" and 5 zero bytes, version (UInt32),
///     vehicle, quickest (UInt8 each), 2 zero bytes, profile and network fingerprints (UInt64),
///     the vehicle's acceleration and deceleration (Float64),
///     counts of points, edges, chains, nodes, arcs up, arcs down, grid cells, grid entries (UInt32 each),
///     then the sections of `Layout.Section` in order, each from a multiple of 8 bytes (zeros between).
///
/// Little-endian, as every machine roadtrip runs on. A file of another version is not read: the
/// hierarchy is built again. A file is replaced whole (the atomic writer's rename), never written
/// in place, so that the bytes a reader mapped and checked stay the ones it reads.
extension RoadHierarchy {
    /// Raised when the file's layout or the meaning of a field changes, or the way a graph is
    /// built or its costs are reckoned does (what the fingerprints do not see).
    package static let fileVersion: UInt32 = 1

    /// Why a hierarchy's file was not opened; `clause` says it, after the file's name.
    package enum FileProblem: Error, Equatable, Sendable {
        /// There is no file.
        case missing
        /// It cannot be read (permissions, not a regular file): the system's reason.
        case unreadable(String)
        /// Not a hierarchy of this version (an older roadtrip's, or no hierarchy at all): it is
        /// built again.
        case otherVersion(String)
        /// A hierarchy of this version that does not make sense: what is wrong.
        case damaged(String)

        package var clause: String {
            switch self {
            case .missing: return "is missing"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            case .otherVersion(let clause), .damaged(let clause): return clause
            }
        }
    }

    /// The file's bytes (a copy), for writing it.
    package func encoded() -> Data {
        Data(bytes: base, count: size)
    }

    /// `body` given the file's bytes in place, not copied (a country's hierarchy is over 100 MB):
    /// valid only during the call.
    package func withFileBytes<R>(_ body: (Data) throws -> R) rethrows -> R {
        try body(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: size, deallocator: .none))
    }

    /// The hierarchy in the file at `url`, mapped read-only and checked, or why not.
    package static func open(_ url: URL) -> Result<RoadHierarchy, FileProblem> {
        let mapped: (base: UnsafeRawPointer, count: Int)
        do {
            mapped = try MemoryMap.map(url.path, minimumSize: 1)
        } catch {
            switch error {
            case .missing: return .failure(.missing)
            case .unreadable(let reason): return .failure(.unreadable(reason))
            case .tooShort: return .failure(.otherVersion("is empty"))
            }
        }
        switch checked(UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)) {
        case .success(let header): return .success(RoadHierarchy(header: header, base: mapped.base, size: mapped.count, isMapped: true))
        case .failure(let problem):
            munmap(UnsafeMutableRawPointer(mutating: mapped.base), mapped.count)
            return .failure(problem)
        }
    }

    /// The hierarchy `data` holds (copied), checked as a file is, or why not.
    package static func decoded(_ data: Data) -> Result<RoadHierarchy, FileProblem> {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { bytes in bytes.baseAddress.map { copy.copyMemory(from: $0, byteCount: bytes.count) } }
        switch checked(UnsafeRawBufferPointer(start: copy, count: data.count)) {
        case .success(let header): return .success(RoadHierarchy(header: header, base: copy, size: data.count, isMapped: false))
        case .failure(let problem):
            copy.deallocate()
            return .failure(problem)
        }
    }

    /// The vehicles in the order of their code in the file (never reordered: append).
    static let vehicles: [Vehicle] = [.car, .motorcycle, .van, .camper]

    /// Where each section is for given counts: what the writer and the reader share.
    struct Layout {
        static let magic = Array("roadtrip hierarchy\n".utf8)
        static let headerSize = 96
        static let arcSize = 24

        enum Section: Int, CaseIterable {
            case points, forwardSeconds, backwardSeconds, cruise, meters, flags, chainStart, chainEnds
            case upStart, up, downStart, down, cellKeys, cellStart, cellEdges
        }

        let offsets: [Int]
        let size: Int

        init(_ counts: Counts) {
            var offsets: [Int] = [], end = Self.headerSize
            for section in Section.allCases {
                offsets.append(end)
                end += (Self.byteCount(of: section, counts) + 7) / 8 * 8
            }
            (self.offsets, size) = (offsets, end)
        }

        static func byteCount(of section: Section, _ counts: Counts) -> Int {
            switch section {
            case .points: return counts.points * 16
            case .forwardSeconds, .backwardSeconds, .cruise: return counts.edges * 8
            case .meters: return counts.edges * 4
            case .flags: return counts.edges
            case .chainStart: return (counts.chains + 1) * 4
            case .chainEnds: return counts.chains * 8
            case .upStart, .downStart: return (counts.nodes + 1) * 4
            case .up: return counts.upArcs * arcSize
            case .down: return counts.downArcs * arcSize
            case .cellKeys: return counts.cells * 8
            case .cellStart: return (counts.cells + 1) * 4
            case .cellEdges: return counts.cellEdges * 4
            }
        }

        func start(of section: Section, at base: UnsafeRawPointer) -> UnsafeRawPointer { base + offsets[section.rawValue] }

        func sections(at base: UnsafeRawPointer, quickest: Bool) -> Sections {
            let counts = Self.counts(at: base)
            func buffer<T>(_ section: Section, _ type: T.Type, _ count: Int) -> UnsafeBufferPointer<T> {
                UnsafeBufferPointer(start: start(of: section, at: base).bindMemory(to: T.self, capacity: count), count: count)
            }
            let costOffset = quickest ? 16 : 8
            return Sections(
                points: buffer(.points, Double.self, 2 * counts.points),
                forwardSeconds: buffer(.forwardSeconds, Double.self, counts.edges), backwardSeconds: buffer(.backwardSeconds, Double.self, counts.edges),
                cruise: buffer(.cruise, Double.self, counts.edges), meters: buffer(.meters, Float32.self, counts.edges),
                flags: buffer(.flags, UInt8.self, counts.edges),
                chainStart: buffer(.chainStart, UInt32.self, counts.chains + 1), chainEnds: buffer(.chainEnds, UInt32.self, 2 * counts.chains),
                upStart: buffer(.upStart, UInt32.self, counts.nodes + 1),
                up: Arcs(base: start(of: .up, at: base), count: counts.upArcs, costOffset: costOffset),
                downStart: buffer(.downStart, UInt32.self, counts.nodes + 1),
                down: Arcs(base: start(of: .down, at: base), count: counts.downArcs, costOffset: costOffset),
                cellKeys: buffer(.cellKeys, Int64.self, counts.cells), cellStart: buffer(.cellStart, UInt32.self, counts.cells + 1),
                cellEdges: buffer(.cellEdges, UInt32.self, counts.cellEdges))
        }

        /// The counts a header holds (at offset 64).
        static func counts(at base: UnsafeRawPointer) -> Counts {
            let c = (0..<8).map { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 64 + 4 * $0, as: UInt32.self))) }
            return Counts(points: c[0], edges: c[1], chains: c[2], nodes: c[3], upArcs: c[4], downArcs: c[5], cells: c[6], cellEdges: c[7])
        }

        /// Writes `header` at `base`.
        static func write(_ header: Header, at base: UnsafeMutableRawPointer) {
            for (i, byte) in magic.enumerated() { base.storeBytes(of: byte, toByteOffset: i, as: UInt8.self) }
            base.storeBytes(of: fileVersion.littleEndian, toByteOffset: 24, as: UInt32.self)
            base.storeBytes(of: UInt8(vehicles.firstIndex(of: header.vehicle) ?? 0), toByteOffset: 28, as: UInt8.self)
            base.storeBytes(of: UInt8(header.quickest ? 1 : 0), toByteOffset: 29, as: UInt8.self)
            base.storeBytes(of: header.profile.littleEndian, toByteOffset: 32, as: UInt64.self)
            base.storeBytes(of: header.network.littleEndian, toByteOffset: 40, as: UInt64.self)
            base.storeBytes(of: header.acceleration.bitPattern.littleEndian, toByteOffset: 48, as: UInt64.self)
            base.storeBytes(of: header.deceleration.bitPattern.littleEndian, toByteOffset: 56, as: UInt64.self)
            let c = header.counts
            for (i, count) in [c.points, c.edges, c.chains, c.nodes, c.upArcs, c.downArcs, c.cells, c.cellEdges].enumerated() {
                base.storeBytes(of: UInt32(count).littleEndian, toByteOffset: 64 + 4 * i, as: UInt32.self)
            }
        }
    }

    /// The header of the hierarchy in `bytes` once every part of it is checked, or why it is refused.
    static func checked(_ bytes: UnsafeRawBufferPointer) -> Result<Header, FileProblem> {
        guard bytes.count >= Layout.magic.count, bytes.prefix(Layout.magic.count).elementsEqual(Layout.magic), let base = bytes.baseAddress else {
            return .failure(.otherVersion("is not a road hierarchy"))
        }
        guard bytes.count >= Layout.headerSize else { return .failure(.damaged("is cut short in its header")) }
        func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T { T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        let version = load(24, UInt32.self)
        guard version == fileVersion else { return .failure(.otherVersion("is a road hierarchy of version \(version), not \(fileVersion)")) }
        let vehicleCode = Int(load(28, UInt8.self)), quickest = load(29, UInt8.self)
        guard vehicleCode < vehicles.count, quickest <= 1 else { return .failure(.damaged("is for a vehicle or a choice of way roadtrip does not know")) }
        let header = Header(
            vehicle: vehicles[vehicleCode], quickest: quickest == 1, profile: load(32, UInt64.self), network: load(40, UInt64.self),
            acceleration: Double(bitPattern: load(48, UInt64.self)), deceleration: Double(bitPattern: load(56, UInt64.self)),
            counts: Layout.counts(at: base))
        guard [header.acceleration, header.deceleration].allSatisfy({ $0.isFinite && $0 > 0 }) else {
            return .failure(.damaged("gives the vehicle a rate no vehicle has"))
        }
        let counts = header.counts
        let layout = Layout(counts)
        guard layout.size == bytes.count else { return .failure(.damaged("is not as long as its counts say")) }
        guard counts.points == counts.nodes + counts.edges - counts.chains, counts.chains <= counts.edges else {
            return .failure(.damaged("has more or fewer points than its chains pass"))
        }
        let sections = layout.sections(at: base, quickest: header.quickest)
        if let problem = checkedRoads(sections, counts) ?? checkedArcs(sections, counts) ?? checkedGrid(sections, counts) {
            return .failure(.damaged(problem))
        }
        return .success(header)
    }

    /// Why the points, edges or chains make no sense; nil when they do.
    private static func checkedRoads(_ sections: Sections, _ counts: Counts) -> String? {
        for p in 0..<counts.points {
            let point = Coordinate(latitude: sections.points[2 * p], longitude: sections.points[2 * p + 1])
            guard point.isValid else { return "has point \(p + 1) off the Earth (\(point.latitude), \(point.longitude))" }
        }
        for e in 0..<counts.edges {
            guard isFigure(sections.forwardSeconds[e]), isFigure(sections.backwardSeconds[e]), isFigure(sections.cruise[e]),
                isFigure(Double(sections.meters[e])), sections.flags[e] & ~(EdgeFlags.direction | EdgeFlags.reversed) == 0,
                sections.flags[e] & EdgeFlags.direction <= 2
            else {
                return "has edge \(e + 1) of a length, time, speed or direction no road has"
            }
        }
        guard sections.chainStart[0] == 0, sections.chainStart[counts.chains] == counts.edges else { return "has chains that do not hold its edges" }
        for c in 0..<counts.chains {
            guard sections.chainStart[c] < sections.chainStart[c + 1] else { return "has chain \(c + 1) of no edge" }
            guard sections.chainEnds[2 * c] < counts.nodes, sections.chainEnds[2 * c + 1] < counts.nodes else {
                return "has chain \(c + 1) between nodes it does not hold"
            }
        }
        return nil
    }

    /// Why the arcs up or down make no sense (an arc to a node it does not hold, or not above its
    /// own, a middle not below both ends, a chain that does not join them); nil when they do. A
    /// search then only climbs, and unpacking a shortcut only descends.
    private static func checkedArcs(_ sections: Sections, _ counts: Counts) -> String? {
        for (name, start, arcs, isUp) in [("up", sections.upStart, sections.up, true), ("down", sections.downStart, sections.down, false)] {
            guard start[0] == 0, start[counts.nodes] == arcs.count else { return "has arcs \(name) that do not add up" }
            for node in 0..<counts.nodes {
                let (first, end) = (Int(start[node]), Int(start[node + 1]))
                guard first <= end else { return "has arcs \(name) of node \(node + 1) that do not follow the node before" }
                for arc in first..<end {
                    let other = arcs.other(arc), middle = arcs.middle(arc)
                    guard other > node, other < counts.nodes else { return "has an arc \(name) from node \(node + 1) to a node not above it" }
                    guard isFigure(arcs.meters(arc)), isFigure(arcs.seconds(arc)) else {
                        return "has an arc \(name) from node \(node + 1) of a length or time no road has"
                    }
                    if middle & Arcs.chainBit != 0 {
                        let c = Int(middle & ~Arcs.chainBit)
                        let (from, to) = isUp ? (node, other) : (other, node)
                        guard c < counts.chains, case let (a, b) = (Int(sections.chainEnds[2 * c]), Int(sections.chainEnds[2 * c + 1])),
                            (a, b) == (from, to) || (a, b) == (to, from)
                        else {
                            return "has an arc \(name) from node \(node + 1) along a chain that does not join its ends"
                        }
                    } else if Int(middle) >= node {
                        return "has an arc \(name) from node \(node + 1) through a node not below it"
                    }
                }
            }
        }
        return nil
    }

    /// Whether `figure` is a length, a time or a speed: finite, and not below zero.
    private static func isFigure(_ figure: Double) -> Bool { figure.isFinite && figure >= 0 }

    /// Why the grid makes no sense; nil when it does.
    private static func checkedGrid(_ sections: Sections, _ counts: Counts) -> String? {
        guard sections.cellStart[0] == 0, sections.cellStart[counts.cells] == counts.cellEdges else { return "has grid cells that do not add up" }
        for i in 0..<counts.cells {
            guard sections.cellStart[i] <= sections.cellStart[i + 1], i == 0 || sections.cellKeys[i - 1] < sections.cellKeys[i] else {
                return "has grid cell \(i + 1) out of order"
            }
        }
        if let e = sections.cellEdges.firstIndex(where: { $0 >= counts.edges }) {
            return "has a grid cell holding edge \(sections.cellEdges[e]) it does not hold"
        }
        return nil
    }
}
