import Foundation
import Testing
@testable import RoadtripKit

@Suite struct GeodesyTests {
    @Test func zeroBetweenTheSamePoint() {
        #expect(Geodesy.distance(from: Fixtures.monterey, to: Fixtures.monterey) == 0)
    }

    @Test func oneDegreeOfLatitudeIsAbout111Kilometres() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 1, longitude: 0))
        #expect(abs(d - 111_195) < 10)
    }

    @Test func lengthAddsTheLegs() {
        let points = [Fixtures.monterey, Fixtures.bigSur, Fixtures.morroBay]
        let legs = Geodesy.distance(from: points[0], to: points[1]) + Geodesy.distance(from: points[1], to: points[2])
        #expect(Geodesy.length(of: points) == legs)
        #expect(Geodesy.length(of: [Fixtures.monterey]) == 0)
    }
}
