import Foundation
@testable import RoadtripCore
import Testing

@Suite struct FixedDecimalsTests {
    static func printf(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    @Test(arguments: 0...6)
    func writesWhatPrintfWritesForRandomNumbers(_ decimals: Int) {
        var random = SeededRandom(seed: UInt64(decimals) + 11)
        for _ in 0..<20_000 {
            let value = Double.random(in: -200...200, using: &random) * [1, 0.001, 1_000][Int.random(in: 0..<3, using: &random)]
            #expect(value.fixed(decimals) == Self.printf(value, decimals), "\(value)")
        }
    }

    @Test func writesWhatPrintfWritesNearTiesAndAtTheEdges() {
        // Numbers typed with one digit more than shown, ending in 5: the binary value decides.
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 0.35, 1.005, 36.60025, 121.89475, -0.04, -0.00001,
            99.95, 99.949999, 180, 90, 1e9, 1e15, 1e300, .nan, .infinity, -.infinity,
        ]
        for hundredths in 0..<2_000 { values.append(Double(hundredths) / 100 + 0.005) }
        for decimals in 0...6 {
            for value in values + values.map(-) {
                #expect(value.fixed(decimals) == Self.printf(value, decimals), "\(value) with \(decimals)")
            }
        }
    }
}
