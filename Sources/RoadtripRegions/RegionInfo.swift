import Foundation

/// What `region.json` in a region's folder says of it: where it came from and what it holds.
package struct RegionInfo: Codable, Equatable, Sendable {
    /// The area the extract covers, in degrees.
    package struct Bounds: Codable, Equatable, Sendable {
        package var south: Double
        package var west: Double
        package var north: Double
        package var east: Double

        package init(south: Double, west: Double, north: Double, east: Double) {
            (self.south, self.west, self.north, self.east) = (south, west, north, east)
        }
    }

    package var name: String
    /// The extract's absolute path when it was added.
    package var sourceFile: String
    package var sourceBytes: Int64
    package var sha256: String
    package var added: Date
    package var bounds: Bounds?
    package var places: Int
    package var roads: Int
    /// The layout of the region's folder; a later roadtrip that changes it reads this first.
    package var format: Int
    /// The folder of the region's road database (Routino's, made by `planetsplitter`), inside the
    /// region's folder; nil for a region added before roads were routed.
    package var roadDatabase: String?

    package static let currentFormat = 1
    /// The file in a region's folder that holds this.
    package static let fileName = "region.json"
    /// The place index of a region (the gazetteer format, `GazetteerFormat`).
    package static let placesFileName = "places.bin"
    /// The road database's folder in a region's folder.
    package static let roadsFolderName = "roads"
    /// Routino's tagging rules for driving, as Debian's `routino` installs them.
    package static let drivingTagging = "/usr/share/routino/tagging-drive.xml"

    package static func decode(_ data: Data) throws -> RegionInfo {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RegionInfo.self, from: data)
    }

    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
