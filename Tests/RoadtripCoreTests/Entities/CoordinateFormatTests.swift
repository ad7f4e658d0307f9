import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct CoordinateFormatTests {
    @Test func hemispheresInsteadOfSigns() {
        #expect(Fixtures.monterey.formatted == "36.6002° N, 121.8947° W")
        #expect(Coordinate(latitude: -33.8688, longitude: 151.2093).formatted == "33.8688° S, 151.2093° E")
    }
}
