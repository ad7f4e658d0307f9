import Foundation
import RoadtripCore
import RoadtripRegions

/// Where a region's roads are, from its Routino database. planetsplitter files the road nodes in
/// bins of 1/1024 radian (about 6 km), and `nodes.mem` begins with the grid: the number of nodes
/// and super-nodes (32 bits each), the number of latitude and longitude bins and the first of each
/// (16 bits each), then, bin by bin (longitude-major), where the bin's nodes start (32 bits), then
/// the nodes (12 bytes each). A region covers a point where a bin at or next to the point's holds
/// a road node: a region whose box spans the world around one town's roads does not claim the
/// rest of it. The layout is Routino 3.3's (Debian 12); a file whose size does not match it is
/// no grid, and the region's box alone decides.
struct RoadGrid: Sendable {
    private let file: URL
    private let latitudeZero: Int, longitudeZero: Int, latitudeBins: Int, longitudeBins: Int
    private let memo = Memo()

    static let binsPerRadian = 1_024.0
    private static let headerBytes = 16, offsetBytes = 4, nodeBytes = 12

    /// The grid of the database in `folder`; nil when its `nodes.mem` is missing or not laid out so.
    init?(database folder: URL) {
        file = folder.appendingPathComponent("nodes.mem")
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: Self.headerBytes)
        var status = stat()
        guard pread(descriptor, &header, header.count, 0) == header.count, fstat(descriptor, &status) == 0 else { return nil }
        func number(_ offset: Int, _ bytes: Int) -> Int {
            let raw = (0..<bytes).reduce(0) { $0 | Int(header[offset + $1]) << (8 * $1) }
            return bytes == 2 ? Int(Int16(truncatingIfNeeded: raw)) : raw
        }
        (latitudeBins, longitudeBins, latitudeZero, longitudeZero) = (number(8, 2), number(10, 2), number(12, 2), number(14, 2))
        let expected = Self.headerBytes + (latitudeBins * longitudeBins + 1) * Self.offsetBytes + number(0, 4) * Self.nodeBytes
        guard latitudeBins > 0, longitudeBins > 0, Int(status.st_size) == expected else { return nil }
    }

    /// Whether a road node lies in the bin of `point` or one next to it (within 6 km or so).
    func hasRoads(near point: Coordinate) -> Bool {
        let latitude = Int((point.latitude * .pi / 180 * Self.binsPerRadian).rounded(.down)) - latitudeZero
        let longitude = Int((point.longitude * .pi / 180 * Self.binsPerRadian).rounded(.down)) - longitudeZero
        let bin = Bin(latitude: latitude, longitude: longitude)
        if let known = memo.value(bin) { return known }
        let found = readBins(latitude: latitude, longitude: longitude)
        memo.store(found, bin)
        return found
    }

    /// Whether any of the 3 × 3 bins around (`latitude`, `longitude`) holds a node: each column of
    /// three is one run of offsets, and a bin holds nodes when the next bin's start is later.
    private func readBins(latitude: Int, longitude: Int) -> Bool {
        // A point two bins or more off the grid (in the region's box, past its roads) is near none.
        guard (-1...latitudeBins).contains(latitude), (-1...longitudeBins).contains(longitude) else { return false }
        let rows = max(0, latitude - 1)...min(latitudeBins - 1, latitude + 1)
        let columns = max(0, longitude - 1)...min(longitudeBins - 1, longitude + 1)
        guard !rows.isEmpty, !columns.isEmpty else { return false }
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        for column in columns {
            var starts = [UInt32](repeating: 0, count: rows.count + 1)
            let offset = Self.headerBytes + (column * latitudeBins + rows.lowerBound) * Self.offsetBytes
            let wanted = starts.count * Self.offsetBytes
            guard starts.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }) == wanted else { return true }
            if UInt32(littleEndian: starts[starts.count - 1]) > UInt32(littleEndian: starts[0]) { return true }
        }
        return false
    }

    private struct Bin: Hashable {
        let latitude: Int, longitude: Int
    }

    /// The answers already read, by bin: the main loop asks of the same stops on every frame.
    private final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var known: [Bin: Bool] = [:]

        func value(_ bin: Bin) -> Bool? { lock.withLock { known[bin] } }
        func store(_ value: Bool, _ bin: Bin) { lock.withLock { known[bin] = value } }
    }
}
