import Foundation
@testable import RoadtripCore
import Testing

@Suite struct DistanceUnitTests {
    @Test func formatsWithOneDecimalBelowAHundred() {
        #expect(DistanceUnit.km.format(meters: 0) == "0.0 km")
        #expect(DistanceUnit.km.format(meters: 42_345) == "42.3 km")
        #expect(DistanceUnit.km.format(meters: 99_940) == "99.9 km")
    }

    @Test func formatsWholeNumbersWithSeparatorsAbove() {
        #expect(DistanceUnit.km.format(meters: 99_960) == "100 km")
        #expect(DistanceUnit.km.format(meters: 1_234_400) == "1,234 km")
        #expect(DistanceUnit.km.format(meters: 12_345_678_900) == "12,345,679 km")
        #expect(DistanceUnit.mi.format(meters: 1_609_344) == "1,000 mi")
    }

    /// `Int(_:)` traps on these; no trip reaches them, and none may crash the program.
    @Test(arguments: [Double.nan, .infinity, 1e300])
    func aDistanceNoTripCanHaveIsADashNotATrap(_ meters: Double) {
        #expect(DistanceUnit.km.format(meters: meters) == "—")
    }

    @Test func everyIntIsGrouped() {
        #expect(DistanceUnit.grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(DistanceUnit.grouped(Int.max) == "9,223,372,036,854,775,807")
        #expect(DistanceUnit.grouped(-1234) == "-1,234")
        // Beside a plain reading of the rule: from the right, a comma every three digits.
        func reference(_ number: Int) -> String {
            let digits = Array(String(number.magnitude))
            let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
            return (number < 0 ? "-" : "") + groups.joined(separator: ",")
        }
        var random = SeededRandom(seed: 3)
        let powers = (0...18).flatMap { exponent -> [Int] in
            let power = (0..<exponent).reduce(1) { result, _ in result * 10 }
            return [power - 1, power, power + 1, -power, -(power - 1)]
        }
        for number in powers + (0..<2_000).map({ _ in Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...62, using: &random) }) {
            #expect(DistanceUnit.grouped(number) == reference(number), "\(number)")
        }
    }

    @Test func milesForUSEnglishKilometersOtherwise() {
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_US.UTF-8"]) == .mi)
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_GB.UTF-8"]) == .km)
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"]) == .km)
        #expect(DistanceUnit.preferred(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "fr_FR"]) == .mi)
        #expect(DistanceUnit.preferred(environment: [:]) == .km)
    }
}
