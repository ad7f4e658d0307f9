import Foundation
import TextCanvas

/// A scale bar: a round distance (1, 2 or 5 × 10ⁿ km or mi) and the cells it spans on the map.
package struct ScaleBar: Equatable, Sendable {
    /// The distance in `unit`s: 1, 2 or 5 times a power of ten.
    package var length: Double
    package var unit: DistanceUnit
    /// Cells the bar spans at the map's centre latitude.
    package var cells: Int

    /// "├────┤ 200 km", or "|----| 200 km" outside UTF-8.
    package var text: String {
        let utf8 = TextWidth.isUTF8
        let (end, line) = utf8 ? (("├", "┤"), "─") : (("|", "|"), "-")
        return end.0 + String(repeating: line, count: max(0, cells - 2)) + end.1 + " " + Self.format(length) + " " + unit.rawValue
    }

    static func format(_ length: Double) -> String {
        length >= 1 ? DistanceUnit.grouped(Int(length.rounded())) : String(format: "%g", length)
    }

    /// The longest round length that spans at most `maxCells` cells, when `metersPerCell` meters
    /// lie across one cell; nil when not even 0.01 units fits in two cells (not a useful bar).
    package static func fitting(metersPerCell: Double, maxCells: Int, unit: DistanceUnit) -> ScaleBar? {
        guard metersPerCell.isFinite, metersPerCell > 0, maxCells >= 2 else { return nil }
        let maxLength = Double(maxCells) * metersPerCell / unit.meters
        var exponent = log10(maxLength).rounded(.down)
        while exponent >= -2 {
            let power = pow(10, exponent)
            for step in [5.0, 2, 1] where step * power <= maxLength {
                let length = (step * power * 1e6).rounded() / 1e6
                let cells = Int((length * unit.meters / metersPerCell).rounded())
                if cells >= 2 && cells <= maxCells { return ScaleBar(length: length, unit: unit, cells: cells) }
            }
            exponent -= 1
        }
        return nil
    }
}
