import Foundation
import RoadtripCore

/// A region's Routino database (`planetsplitter`'s `nodes.mem`, `segments.mem`, `ways.mem`) read as
/// roadtrip's road network, the graph the road matrix searches (`RoadNetworkFile`).
///
/// Why from Routino's files: they already hold the roads, joined and simplified as Routino routes
/// on them (nodes in a straight line pruned, isolated bits and driveways that lead nowhere gone),
/// so the matrix and the legs Routino routes meet the same roads at the same points, and the
/// graph is about a fifth of the points the extract's own ways have. Reading osmium's text of the
/// roads again, as before (issue 36), was a third of a country's import, and held every point.
///
/// The layouts are Routino 3.3's (Debian 12), read off planetsplitter's files and `filedumper`:
/// - `nodes.mem`: the number of nodes and super-nodes (32 bits each), the latitude and longitude
///   bins' counts and first bins (16 bits each), then where each bin's nodes start (32 bits, bins
///   longitude-major, one more than the bins), then the nodes (12 bytes: first segment, latitude
///   and longitude offset in the bin, the traffic allowed through, flags). A latitude is
///   `((first + bin) × 65,536 + offset) / (1,024 × 65,536)` radians.
/// - `segments.mem`: the numbers of segments, super-segments and normal ones, then the segments
///   (20 bytes: two nodes, the next segment of the second, the way, the distance in meters with
///   flags in its top five bits: normal 0x08000000, super 0x10000000, one way from the first
///   node 0x20000000, from the second 0x40000000). Only normal segments are roads; super ones
///   are Routino's shortcuts.
/// - `ways.mem`: the number of ways and what they allow (12 bytes), then the ways (16 bytes: the
///   name's offset, the traffic allowed as bits `1 << (transport − 1)`, the highway type (its
///   low four bits; 0x20 one way, 0x40 roundabout), properties, speed limit in km/h, weight in
///   0.2 t, height, width and length in 0.1 m; 0 for none), then the names.
package enum RoutinoDatabase {
    /// Routino 3.3's sizes and flags.
    enum Layout {
        static let nodesHeader = 16, offsetBytes = 4, nodeBytes = 12
        static let segmentsHeader = 12, segmentBytes = 20
        static let waysHeader = 12, wayBytes = 16
        static let relationsHeader = 4, relationBytes = 16
        static let normal: UInt32 = 0x0800_0000
        static let onewayFromFirst: UInt32 = 0x2000_0000
        static let onewayFromSecond: UInt32 = 0x4000_0000
        /// Latitude and longitude units: 1/1,024 radian a bin, 65,536 units a bin.
        static let unitsPerRadian = 1_024.0 * 65_536.0
        static let unitsPerBin: Int64 = 65_536
        /// Routino's transports (`Transport_Motorcycle` 6, `Motorcar` 7, `Goods` 8) as allowed bits.
        static let transports: [(Transport, UInt16)] = [(.motorcycle, 1 << 5), (.motorcar, 1 << 6), (.goods, 1 << 7)]
        /// Routino's highway types 1–9 and 13 (`Highway_Ferry`), in roadtrip's classes.
        static let classes: [UInt8: RoadClass] = [
            1: .motorway, 2: .trunk, 3: .primary, 4: .secondary, 5: .tertiary, 6: .unclassified,
            7: .residential, 8: .service, 9: .track, 13: .ferry,
        ]
    }

    /// Why a database was not read: a clause naming the file, for the sentence.
    package struct Damage: Error, Equatable, Sendable {
        package let clause: String
    }

    /// The road network of the database in `folder`: every road a vehicle drives, a way per run of
    /// segments of one Routino way, each point named by its place (the same place in two
    /// regions' databases is one point when their networks are joined).
    package static func network(in folder: URL) throws(Damage) -> RoadNetwork {
        let nodes = try Nodes(try read(folder, "nodes.mem"))
        let segments = try Segments(try read(folder, "segments.mem"), nodeCount: nodes.count)
        let ways = try Ways(try read(folder, "ways.mem"))
        return try Chains(segments: segments, ways: ways, nodeCount: nodes.count).network(points: nodes)
    }

    private static func read(_ folder: URL, _ name: String) throws(Damage) -> Data {
        let file = folder.appendingPathComponent(name)
        do { return try Data(contentsOf: file) } catch {
            throw Damage(clause: "\(name) cannot be read (\((error as NSError).localizedDescription))")
        }
    }

    /// Little-endian numbers at byte offsets of a file's bytes.
    struct Bytes {
        let data: Data
        let name: String

        var count: Int { data.count }

        func u32(_ offset: Int) -> UInt32 {
            data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        }

        func u16(_ offset: Int) -> UInt16 {
            data.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
        }

        func i16(_ offset: Int) -> Int16 { Int16(bitPattern: u16(offset)) }
        func u8(_ offset: Int) -> UInt8 { data[data.startIndex + offset] }

        func damaged(_ problem: String) -> Damage { Damage(clause: "\(name) \(problem)") }
    }

    /// The nodes' places, in Routino's integer units (the key that names a point) and degrees.
    struct Nodes {
        let keys: [Int64]
        let points: [Coordinate]
        var count: Int { points.count }

        init(_ data: Data) throws(Damage) {
            let bytes = Bytes(data: data, name: "nodes.mem")
            guard bytes.count >= Layout.nodesHeader else { throw bytes.damaged("is shorter than its header") }
            let count = Int(bytes.u32(0))
            let (latitudeBins, longitudeBins) = (Int(bytes.i16(8)), Int(bytes.i16(10)))
            let (latitudeZero, longitudeZero) = (Int64(bytes.i16(12)), Int64(bytes.i16(14)))
            let bins = latitudeBins * longitudeBins
            let start = Layout.nodesHeader + (bins + 1) * Layout.offsetBytes
            guard latitudeBins >= 0, longitudeBins >= 0, bytes.count == start + count * Layout.nodeBytes else {
                throw bytes.damaged("is not as long as its header says")
            }
            var keys = [Int64](repeating: 0, count: count)
            var points = [Coordinate](repeating: Coordinate(latitude: 0, longitude: 0), count: count)
            var first = Int(bytes.u32(Layout.nodesHeader))
            guard first == 0 else { throw bytes.damaged("has bins that do not start at its first node") }
            for bin in 0..<bins {
                let end = Int(bytes.u32(Layout.nodesHeader + (bin + 1) * Layout.offsetBytes))
                guard end >= first, end <= count else { throw bytes.damaged("has bins out of order") }
                let (longitudeBin, latitudeBin) = bin.quotientAndRemainder(dividingBy: latitudeBins)
                for node in first..<end {
                    let record = start + node * Layout.nodeBytes
                    let latitude = (latitudeZero + Int64(latitudeBin)) * Layout.unitsPerBin + Int64(bytes.u16(record + 4))
                    let longitude = (longitudeZero + Int64(longitudeBin)) * Layout.unitsPerBin + Int64(bytes.u16(record + 6))
                    keys[node] = latitude << 32 | Int64(UInt32(truncatingIfNeeded: longitude))
                    points[node] = Coordinate(
                        latitude: Double(latitude) / Layout.unitsPerRadian * 180 / .pi,
                        longitude: Double(longitude) / Layout.unitsPerRadian * 180 / .pi)
                }
                first = end
            }
            guard first == count else { throw bytes.damaged("has nodes in no bin") }
            guard points.allSatisfy(\.isValid) else { throw bytes.damaged("has a node off the Earth") }
            (self.keys, self.points) = (keys, points)
        }
    }

    /// The normal segments: the roads between two nodes, and which way each may be driven.
    struct Segments {
        let first: [Int32], second: [Int32], way: [Int32]
        /// Whether each may be driven from its first node to its second, and the other way.
        let forward: [Bool], backward: [Bool]
        var count: Int { first.count }

        init(_ data: Data, nodeCount: Int) throws(Damage) {
            let bytes = Bytes(data: data, name: "segments.mem")
            guard bytes.count >= Layout.segmentsHeader else { throw bytes.damaged("is shorter than its header") }
            let total = Int(bytes.u32(0))
            guard bytes.count == Layout.segmentsHeader + total * Layout.segmentBytes else { throw bytes.damaged("is not as long as its header says") }
            var (first, second, way) = ([Int32](), [Int32](), [Int32]())
            var (forward, backward) = ([Bool](), [Bool]())
            for index in 0..<total {
                let record = Layout.segmentsHeader + index * Layout.segmentBytes
                let distance = bytes.u32(record + 16)
                guard distance & Layout.normal != 0 else { continue }
                let (a, b) = (Int(bytes.u32(record)), Int(bytes.u32(record + 4)))
                guard a < nodeCount, b < nodeCount else { throw bytes.damaged("has a segment to a node it does not hold") }
                guard a != b else { continue }
                first.append(Int32(a))
                second.append(Int32(b))
                way.append(Int32(bitPattern: bytes.u32(record + 12)))
                forward.append(distance & Layout.onewayFromFirst == 0)
                backward.append(distance & Layout.onewayFromSecond == 0)
            }
            (self.first, self.second, self.way, self.forward, self.backward) = (first, second, way, forward, backward)
        }
    }

    /// The ways' rules, by Routino's way index; nil for a way no vehicle of roadtrip's drives.
    struct Ways {
        let rules: [RoadWay.Rules?]

        init(_ data: Data) throws(Damage) {
            let bytes = Bytes(data: data, name: "ways.mem")
            guard bytes.count >= Layout.waysHeader else { throw bytes.damaged("is shorter than its header") }
            let count = Int(bytes.u32(0))
            guard bytes.count >= Layout.waysHeader + count * Layout.wayBytes else { throw bytes.damaged("is shorter than its ways") }
            rules = (0..<count).map { index in
                let record = Layout.waysHeader + index * Layout.wayBytes
                let allowed = bytes.u16(record + 4)
                guard let roadClass = Layout.classes[bytes.u8(record + 6) & 0x0F] else { return nil }
                let open = Set(Layout.transports.filter { allowed & $0.1 != 0 }.map(\.0))
                guard !open.isEmpty else { return nil }
                func limit(_ offset: Int, _ unit: Double) -> Double? {
                    let value = bytes.u8(record + offset)
                    return value == 0 ? nil : Double(value) * unit
                }
                return RoadWay.Rules(
                    roadClass: roadClass, open: open, maxKmh: limit(8, 1), maxWeight: limit(9, 0.2), maxHeight: limit(10, 0.1),
                    maxWidth: limit(11, 0.1), maxLength: limit(12, 0.1))
            }
        }
    }

    /// The segments strung into ways: a run of segments of one Routino way through nodes where
    /// only they meet, driven the same way along it. A way ends where another road meets it, where
    /// its rules change, or where its one-way direction turns.
    struct Chains {
        let segments: Segments
        let ways: Ways
        /// The segments at each node: `atNode[nodeStart[n]..<nodeStart[n + 1]]`.
        let nodeStart: [Int32], atNode: [Int32]

        init(segments: Segments, ways: Ways, nodeCount: Int) throws(Damage) {
            guard segments.way.allSatisfy({ $0 >= 0 && Int($0) < ways.rules.count }) else {
                throw Damage(clause: "segments.mem has a segment of a way ways.mem does not hold")
            }
            self.segments = segments
            self.ways = ways
            var count = [Int32](repeating: 0, count: nodeCount + 1)
            for s in 0..<segments.count {
                count[Int(segments.first[s]) + 1] += 1
                count[Int(segments.second[s]) + 1] += 1
            }
            for n in 0..<nodeCount { count[n + 1] += count[n] }
            var next = count, atNode = [Int32](repeating: 0, count: Int(count[nodeCount]))
            for s in 0..<segments.count {
                for node in [segments.first[s], segments.second[s]] {
                    atNode[Int(next[Int(node)])] = Int32(s)
                    next[Int(node)] += 1
                }
            }
            nodeStart = count
            self.atNode = atNode
        }

        /// Which way segment `s` may be driven when walked from `node`: both, forward (from
        /// `node`), or backward.
        private func direction(_ s: Int, from node: Int32) -> RoadWay.Rules.Direction {
            let (ahead, back) = segments.first[s] == node ? (segments.forward[s], segments.backward[s]) : (segments.backward[s], segments.forward[s])
            return ahead && back ? .both : ahead ? .forward : .backward
        }

        /// The segment a way walked into `node` along `s` goes on by, when the way passes
        /// through: the one other segment there of the same Routino way, driven the same way
        /// (other roads may meet it there: a road goes on through a junction, and its bend there
        /// is the bend driven through it).
        private func continuation(of s: Int, at node: Int32) -> Int? {
            let range = Int(nodeStart[Int(node)])..<Int(nodeStart[Int(node) + 1])
            let same = range.lazy.map { Int(self.atNode[$0]) }.filter { $0 != s && self.segments.way[$0] == self.segments.way[s] }
            guard let other = same.first, same.dropFirst().isEmpty else { return nil }
            let arriving = direction(s, from: segments.first[s] == node ? segments.second[s] : segments.first[s])
            return direction(other, from: node) == arriving ? other : nil
        }

        private func otherEnd(_ s: Int, _ node: Int32) -> Int32 {
            segments.first[s] == node ? segments.second[s] : segments.first[s]
        }

        func network(points: Nodes) throws(Damage) -> RoadNetwork {
            var taken = [Bool](repeating: false, count: segments.count)
            var ways: [RoadWay] = []
            func walk(from start: Int32, along first: Int) {
                guard let rules = self.ways.rules[Int(segments.way[first])] else {
                    taken[first] = true
                    return
                }
                var nodes = [start], s = first, node = start
                let direction = self.direction(first, from: start)
                while !taken[s] {
                    taken[s] = true
                    node = otherEnd(s, node)
                    nodes.append(node)
                    guard let next = continuation(of: s, at: node) else { break }
                    s = next
                }
                var wayRules = rules
                wayRules.direction = direction
                let id = points.keys[Int(nodes[0])] &* 31 &+ points.keys[Int(nodes[1])]
                ways.append(RoadWay(id: id, rules: wayRules, nodes: nodes))
            }
            // From every node a way cannot pass through, each way leaving it; then what is left:
            // loops of ways through nodes they pass.
            for node in 0..<Int32(points.count) {
                for index in Int(nodeStart[Int(node)])..<Int(nodeStart[Int(node) + 1]) {
                    let s = Int(atNode[index])
                    guard !taken[s], continuation(of: s, at: node) == nil else { continue }
                    walk(from: node, along: s)
                }
            }
            for s in 0..<segments.count where !taken[s] { walk(from: segments.first[s], along: s) }
            return RoadNetwork(ids: points.keys, points: points.points, ways: ways)
        }
    }
}
