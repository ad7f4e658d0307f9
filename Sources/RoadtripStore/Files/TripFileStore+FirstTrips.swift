import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RoadtripCore

extension TripFileStore {
    /// Files up to this size are read whole before the planner's first frame: at about 6 ms a
    /// megabyte, waiting for them costs less than a second stage would save.
    package static let wholeReadLimit = 1 << 20

    /// How much of a larger file is read for its first trips: about 40 trips of 100 stops, a
    /// screenful (BENCHMARKS.md, issue 41).
    package static let firstTripsBytes = 512 << 10

    /// The first trips of a file larger than `wholeReadLimit`, read from its first
    /// `firstTripsBytes` (`TripFileReader.firstTrips`): nil for a smaller file, one that is not
    /// there or not a regular file, one that cannot be opened, or when not one trip could be read
    /// from the start. The whole read (`load()`) then says, as ever, what is wrong.
    package func firstTrips(limit: Int = 200) -> [Trip]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileKind.notRegular(status.st_mode) == nil,
            Int(status.st_size) > Self.wholeReadLimit, Int(status.st_size) <= byteLimit
        else { return nil }
        var prefix = Data(count: Self.firstTripsBytes)
        let count = prefix.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let trips = TripFileReader.firstTrips(of: prefix.prefix(count), limit: limit)
        return trips.isEmpty ? nil : trips
    }
}
