import Foundation
@testable import RoadtripCore
import Testing

@Suite struct ScaleBarTests {
    func isRound(_ value: Double) -> Bool {
        let power = pow(10, log10(value).rounded(.down))
        let mantissa = value / power
        return [1.0, 2, 5].contains { abs(mantissa - $0) < 1e-6 }
    }

    @Test func lengthsAreRoundAndFit() {
        var metersPerCell = 20.0
        while metersPerCell < 5_000_000 {
            for unit in DistanceUnit.allCases {
                if let bar = ScaleBar.fitting(metersPerCell: metersPerCell, maxCells: 20, unit: unit) {
                    #expect(isRound(bar.length), "\(bar.length)")
                    #expect(bar.cells >= 2 && bar.cells <= 20)
                    let trueCells = bar.length * unit.meters / metersPerCell
                    #expect(abs(trueCells - Double(bar.cells)) <= 0.5)
                    #expect(bar.text.hasSuffix(" " + unit.rawValue))
                }
            }
            metersPerCell *= 1.37
        }
    }

    @Test func knownLengthsInBothUnits() throws {
        let km = try #require(ScaleBar.fitting(metersPerCell: 10_000, maxCells: 20, unit: .km))
        #expect(km.length == 200 && km.cells == 20)
        #expect(km.text.hasSuffix("200 km"))
        let mi = try #require(ScaleBar.fitting(metersPerCell: 10_000, maxCells: 20, unit: .mi))
        #expect(mi.length == 100 && mi.cells == 16)
        #expect(mi.text.hasSuffix("100 mi"))
        let big = try #require(ScaleBar.fitting(metersPerCell: 400_000, maxCells: 20, unit: .km))
        #expect(big.length == 5000 && big.text.hasSuffix("5,000 km"))
    }

    @Test func nonsenseGivesNoBar() {
        #expect(ScaleBar.fitting(metersPerCell: .nan, maxCells: 20, unit: .km) == nil)
        #expect(ScaleBar.fitting(metersPerCell: 0, maxCells: 20, unit: .km) == nil)
        #expect(ScaleBar.fitting(metersPerCell: 1000, maxCells: 1, unit: .km) == nil)
    }
}
