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

    @Test func milesForUSEnglishKilometresOtherwise() {
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_US.UTF-8"]) == .mi)
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_GB.UTF-8"]) == .km)
        #expect(DistanceUnit.preferred(environment: ["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"]) == .km)
        #expect(DistanceUnit.preferred(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "fr_FR"]) == .mi)
        #expect(DistanceUnit.preferred(environment: [:]) == .km)
    }
}
