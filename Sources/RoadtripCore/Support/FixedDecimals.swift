import Foundation

extension Double {
    /// The number with `decimals` (0...6) digits after the point, exactly as
    /// `String(format: "%.<decimals>f")` writes it, at a fraction of its cost: the trip detail screen
    /// writes a few hundred of these a frame (coordinates, distances). Numbers near a tie in the
    /// last place (where scaling could round differently from printf), huge or not finite, go to
    /// `String(format:)`.
    package func fixed(_ decimals: Int) -> String {
        let power = [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6][decimals]
        let scaled = magnitude * power
        guard scaled < 1e9, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else {
            return String(format: "%.\(decimals)f", self)
        }
        var digits = String(Int(scaled.rounded()))
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
        if decimals > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals)) }
        return sign == .minus ? "-" + digits : digits
    }
}
