import Foundation

/// A `RoadNetwork` as a region keeps it (`roads.graph`): a versioned binary file, read in a few
/// milliseconds where reading the roads again from the extract takes osmium a second or more.
///
///     "roadtrip roads\n", version (UInt32), points, ways, way points (UInt32 each),
///     each point's id (Int64), latitude, longitude (Float64),
///     each way's id (Int64), class, direction, traffic (UInt8 each, one spare), speed limit,
///     weight, height, width, length limits (Float32, 0 for none), its number of points (UInt32),
///     every way's points in order (indices, UInt32).
///
/// Little-endian, as every machine roadtrip runs on. A file of another version is not read: the
/// region's roads are then read again. A file of this version that does not make sense (cut
/// short, pointing past its points, a point off the Earth) is damaged, and said so.
extension RoadNetwork {
    static let magic = Array("roadtrip roads\n".utf8)
    /// Raised when the file's layout or the meaning of a field changes.
    package static let fileVersion: UInt32 = 2

    package func encoded() -> Data {
        let references = ways.reduce(0) { $0 + $1.nodes.count }
        // Written in place into bytes of the file's length: appending value by value to a `Data`
        // took 1.2 s of a country's import (Andorra tiled 16 × 16, 66 MB).
        var out = Data(count: Self.magic.count + 16 + ids.count * 24 + ways.count * 36 + references * 4)
        out.withUnsafeMutableBytes { bytes in
            var writer = ByteWriter(bytes)
            Self.magic.forEach { writer.put($0) }
            [Self.fileVersion, UInt32(ids.count), UInt32(ways.count), UInt32(references)].forEach { writer.put($0) }
            ids.forEach { writer.put($0) }
            points.forEach {
                writer.put($0.latitude.bitPattern); writer.put($0.longitude.bitPattern)
            }
            for way in ways {
                let rules = way.rules
                let open = Transport.allCases.enumerated().reduce(UInt8(0)) { bits, item in rules.open.contains(item.element) ? bits | 1 << item.offset : bits }
                writer.put(way.id)
                [Self.classCode(rules.roadClass), rules.direction.rawValue, open, UInt8(0)].forEach { writer.put($0) }
                for limit in [rules.maxKmh, rules.maxWeight, rules.maxHeight, rules.maxWidth, rules.maxLength] {
                    writer.put(Float32(limit ?? 0).bitPattern)
                }
                writer.put(UInt32(way.nodes.count))
            }
            ways.forEach { way in way.nodes.forEach { writer.put(UInt32($0)) } }
            precondition(writer.offset == bytes.count, "a road file's length is its counts'")
        }
        return out
    }

    /// Why a `roads.graph` was not read.
    package enum FileProblem: Error, Equatable, Sendable {
        /// Not a road file of this version (an older roadtrip's, or no road file at all): the
        /// region's roads are read again instead.
        case otherVersion
        /// A road file of this version that does not make sense (cut short, indices past its
        /// points, a point off the Earth): a clause saying what, for the sentence naming the file.
        case damaged(String)
    }

    /// The network `data` holds; nil when it is not a road file of this version, or is damaged.
    package init?(decoding data: Data) {
        guard case .success(let network) = Self.decoded(data) else { return nil }
        self = network
    }

    /// The network `data` holds, or why not. Every figure the graph converts is checked here (a
    /// point must lie on the Earth: an infinite one trapped converting it to a grid cell), so a
    /// damaged file is a sentence, never a crash.
    /// The number of points a file of this version says it holds, read from its first bytes
    /// alone; nil for a file of another version or one too short to say.
    package static func pointCount(inHeader data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            var input = ByteReader(bytes)
            guard input.bytes(magic.count).elementsEqual(magic), input.read(UInt32.self) == fileVersion else { return nil }
            return input.read(UInt32.self).map(Int.init)
        }
    }

    package static func decoded(_ data: Data) -> Result<RoadNetwork, FileProblem> {
        data.withUnsafeBytes { decode(ByteReader($0)) }
    }

    private static func decode(_ input: ByteReader) -> Result<RoadNetwork, FileProblem> {
        var input = input
        guard input.bytes(magic.count).elementsEqual(magic), input.read(UInt32.self) == fileVersion else { return .failure(.otherVersion) }
        guard let pointCount = input.read(UInt32.self).map(Int.init), let wayCount = input.read(UInt32.self).map(Int.init),
            let refCount = input.read(UInt32.self).map(Int.init),
            input.remaining == pointCount * 24 + wayCount * 36 + refCount * 4
        else {
            return .failure(.damaged("is not as long as its counts say"))
        }
        var network = RoadNetwork()
        network.ids = (0..<pointCount).map { _ in input.read(Int64.self)! }
        network.points = (0..<pointCount).map { _ in Coordinate(latitude: input.read(Double.self)!, longitude: input.read(Double.self)!) }
        if let off = network.points.firstIndex(where: { !$0.isValid }) {
            let point = network.points[off]
            return .failure(.damaged("has point \(off + 1) off the Earth (\(point.latitude), \(point.longitude))"))
        }
        var headers: [(id: Int64, rules: RoadWay.Rules, count: Int)] = []
        headers.reserveCapacity(wayCount)
        for index in 0..<wayCount {
            let id = input.read(Int64.self)!
            let (code, direction, open) = (input.read(UInt8.self)!, input.read(UInt8.self)!, input.read(UInt8.self)!)
            _ = input.read(UInt8.self)
            let raw = (0..<5).map { _ in input.read(Float32.self)! }
            let count = Int(input.read(UInt32.self)!)
            guard Int(code) < classes.count, let direction = RoadWay.Rules.Direction(rawValue: direction), count >= 2,
                raw.allSatisfy({ $0.isFinite && $0 >= 0 })
            else {
                return .failure(.damaged("has road \(index + 1) of a class, direction, limit or length no road has"))
            }
            let limits = raw.map { $0 > 0 ? Double($0) : nil }
            let traffic = Set(Transport.allCases.enumerated().filter { open & 1 << $0.offset != 0 }.map(\.element))
            headers.append(
                (
                    id,
                    RoadWay.Rules(
                        roadClass: classes[Int(code)], direction: direction, open: traffic, maxKmh: limits[0],
                        maxWeight: limits[1], maxHeight: limits[2], maxWidth: limits[3], maxLength: limits[4]), count
                ))
        }
        guard headers.reduce(0, { $0 + $1.count }) == refCount else { return .failure(.damaged("has roads of more or fewer points than it holds")) }
        network.ways.reserveCapacity(wayCount)
        for header in headers {
            let nodes = (0..<header.count).map { _ in Int32(truncatingIfNeeded: input.read(UInt32.self)!) }
            guard nodes.allSatisfy({ $0 >= 0 && Int($0) < pointCount }) else { return .failure(.damaged("has a road through a point it does not hold")) }
            network.ways.append(RoadWay(id: header.id, rules: header.rules, nodes: nodes))
        }
        return .success(network)
    }

    /// The classes in the order of their code in the file (never reordered: append).
    static let classes: [RoadClass] = [.motorway, .trunk, .primary, .secondary, .tertiary, .unclassified, .residential, .service, .track, .ferry]

    static func classCode(_ roadClass: RoadClass) -> UInt8 { UInt8(classes.firstIndex(of: roadClass)!) }
}

/// Writes fixed-size little-endian values one after the other into memory of the right length.
private struct ByteWriter {
    let bytes: UnsafeMutableRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeMutableRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func put<T: FixedWidthInteger>(_ value: T) {
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
    }
}

/// Reads fixed-size little-endian values one after the other from memory; nil past the end.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer.SubSequence {
        let end = min(offset + count, bytes.count)
        defer { offset = end }
        return bytes[offset..<end]
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard offset + MemoryLayout<T>.size <= bytes.count else { return nil }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    mutating func read(_: Double.Type) -> Double? { read(UInt64.self).map(Double.init(bitPattern:)) }
    mutating func read(_: Float32.Type) -> Float32? { read(UInt32.self).map(Float32.init(bitPattern:)) }
}
