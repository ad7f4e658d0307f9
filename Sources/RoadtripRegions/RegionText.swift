import Foundation
import RoadtripCore

/// How a region's figures read, the same on the command line and in the planner.
package enum RegionText {
    /// Sizes as people read them: "565 KB", "4.2 GB".
    package static func bytes(_ count: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1_000, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return unit == 0 ? "\(count) bytes" : value < 10 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value.rounded())) \(units[unit])"
    }

    /// "2026-11-24T21:30:00Z", for JSON.
    package static func isoDate(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// "2026-11-24", for a table.
    package static func day(_ date: Date) -> String {
        String(isoDate(date).prefix(10))
    }

    /// The box an extract covers, as latitudes and longitudes: "42.43–42.66°N 1.41–1.79°E".
    package static func area(_ bounds: RegionInfo.Bounds?) -> String {
        guard let bounds else { return "—" }
        func range(_ a: Double, _ b: Double, _ positive: String, _ negative: String) -> String {
            let hemisphere = (a + b) / 2 >= 0 ? positive : negative
            return "\(abs(a).fixed(2))–\(abs(b).fixed(2))°\(hemisphere)"
        }
        return "\(range(bounds.south, bounds.north, "N", "S")) \(range(bounds.west, bounds.east, "E", "W"))"
    }

    /// "412 places, 1,028 roads".
    package static func counts(_ info: RegionInfo) -> String {
        "\(DistanceUnit.grouped(info.places)) places, \(DistanceUnit.grouped(info.roads)) roads"
    }
}
