import Foundation

extension Double {
    /// The number with `decimals` (0...6) digits after the point, exactly as
    /// `String(format: "%.<decimals>f")` writes it, at a fraction of its cost: the trip detail screen
    /// writes a few hundred of these a frame (coordinates, distances). Numbers near a tie in the
    /// last place (where scaling could round differently from printf), huge or not finite, go to
    /// `String(format:)`.
    package func fixed(_ decimals: Int) -> String {
        let scaled = magnitude * Self.powersOfTen[decimals]
        guard scaled < 1e9, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else {
            return String(format: "%.\(decimals)f", self)
        }
        // The digits from the last, with the point after `decimals` of them and at least one
        // before it, into one buffer: one string made, where joining pieces made several.
        var rest = Int(scaled.rounded())
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = buffer.count, written = 0
            repeat {
                if written == decimals, decimals > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                written += 1
            } while rest > 0 || written <= decimals
            if sign == .minus {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6]
}
