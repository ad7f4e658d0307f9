import Foundation
import RoadtripCore

/// The whole data file: `{"version": 1, "trips": [...]}` (SPEC §3). A file without `version`
/// (the iOS app's) is read as version 1.
package struct TripFile: Codable, Equatable, Sendable {
    package static let currentVersion = 1

    package var version: Int
    package var trips: [Trip]
    package var unknownFields: UnknownFields = [:]

    package init(version: Int = TripFile.currentVersion, trips: [Trip]) {
        self.version = version
        self.trips = trips
    }

    private typealias CodingKeys = FileField

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Read as a number first: Foundation reports 1.5 for an Int as invalid JSON, nowhere.
        let number = try container.decodeIfPresent(Double.self, forKey: .version) ?? Double(TripFile.currentVersion)
        guard number.rounded() == number, number >= 0, number <= Double(Int32.max) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "the version must be a whole number, found \(number)")
        }
        version = Int(number)
        trips = try container.decode([Trip].self, forKey: .trips)
        unknownFields = try decoder.unknownFields(besides: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(trips, forKey: .trips)
        try encoder.encodeUnknownFields(unknownFields)
    }

    /// The bytes of the file: pretty-printed, keys sorted, so the same trips always give the same
    /// bytes and the file diffs well. `TripFileWriter` writes them; JSONEncoder, whose bytes they
    /// are, when the writer cannot (fields of the file's own from a newer version, or a number that
    /// is not finite, which JSONEncoder refuses with an error naming the field).
    package func encoded() throws -> Data {
        if let data = TripFileWriter.data(for: self) { return data }
        let encoder = JSONEncoder.deterministic()
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
