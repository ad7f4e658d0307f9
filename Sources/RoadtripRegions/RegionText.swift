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

    /// The box an extract covers, as latitudes and longitudes: "42.43–42.66°N 1.42–1.78°E"; a box
    /// across the equator or the prime meridian names each end's side: "49.86–60.86°N 8.65°W–1.77°E".
    package static func area(_ bounds: RegionInfo.Bounds?) -> String {
        guard let bounds else { return "—" }
        return "\(range(bounds.south, bounds.north, "N", "S")) \(range(bounds.west, bounds.east, "E", "W"))"
    }

    private static func range(_ low: Double, _ high: Double, _ positive: String, _ negative: String) -> String {
        func side(_ value: Double) -> String { value < 0 ? negative : positive }
        guard side(low) != side(high) else { return "\(abs(low).fixed(2))–\(abs(high).fixed(2))°\(side(low))" }
        return "\(abs(low).fixed(2))°\(side(low))–\(abs(high).fixed(2))°\(side(high))"
    }

    /// "“a”, “b”, “c” and 4 more": the first few of a list of names.
    package static func names(_ names: [String], first: Int = 3) -> String {
        names.prefix(first).map { "“\($0)”" }.joined(separator: ", ") + (names.count > first ? " and \(names.count - first) more" : "")
    }

    /// "412 places, 1,028 roads"; "12 places, no roads to route on" for a region of places only.
    package static func counts(_ info: RegionInfo) -> String {
        "\(DistanceUnit.grouped(info.places)) places, \(roads(info))"
    }

    /// "1,028 roads", or "no roads to route on".
    package static func roads(_ info: RegionInfo) -> String {
        info.roads == 0 ? "no roads to route on" : "\(DistanceUnit.grouped(info.roads)) roads"
    }
}
