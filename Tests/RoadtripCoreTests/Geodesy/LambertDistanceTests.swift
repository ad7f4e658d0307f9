import Foundation
@testable import RoadtripCore
import Testing

/// Lambert's lengths, which the optimizer's matrix holds past the exact limit, against the geodesic.
@Suite struct LambertDistanceTests {
    @Test func withinTenMetersAThousandKilometersOfTheGeodesicAcrossTheGlobe() {
        var random = SeededRandom(seed: 41)
        let points = (0..<2_000).map { _ in
            Coordinate(latitude: .random(in: -89..<89, using: &random), longitude: .random(in: -180..<180, using: &random))
        }
        let lengths = LambertDistance(points)
        var worst = 0.0
        for i in stride(from: 0, to: points.count, by: 2) {
            let geodesic = Geodesy.distance(from: points[i], to: points[i + 1])
            worst = max(worst, abs(lengths.meters(i, i + 1) - geodesic) / geodesic)
        }
        // 1e-5 of the length: what an order a few meters shorter in Lambert's lengths can be longer in geodesics.
        #expect(worst < 1e-5, "\(worst)")
    }

    @Test func closeTogetherItIsTheGeodesicToTheCentimeter() {
        // Stops of one town, 3 m to 3 km apart, where orders differ by a few meters.
        let points = [
            Coordinate(latitude: 48.4102, longitude: 15.6030), Coordinate(latitude: 48.41023, longitude: 15.60303),
            Coordinate(latitude: 48.4301, longitude: 15.6212), Coordinate(latitude: -33.8688, longitude: 151.2093),
            Coordinate(latitude: -33.86883, longitude: 151.20934),
        ]
        let lengths = LambertDistance(points)
        for (i, j) in [(0, 1), (0, 2), (1, 2), (3, 4)] {
            let geodesic = Geodesy.distance(from: points[i], to: points[j])
            #expect(abs(lengths.meters(i, j) - geodesic) < 0.01, "\(i)–\(j): \(lengths.meters(i, j)) against \(geodesic)")
        }
    }

    @Test func onePlaceTwiceIsZeroAndTheOrderOfThePairDoesNotMatter() {
        let points = [Coordinate(latitude: 12.5, longitude: -70), Coordinate(latitude: 12.5, longitude: -70), Coordinate(latitude: -40, longitude: 170)]
        let lengths = LambertDistance(points)
        #expect(lengths.meters(0, 1) == 0)
        #expect(lengths.meters(0, 2) == lengths.meters(2, 0))
    }

    @Test func nearTheAntipodeItIsTheGeodesic() {
        // 0.3° from the antipode, where the first-order correction fails.
        let points = [Coordinate(latitude: 10, longitude: 20), Coordinate(latitude: -10.2, longitude: -160.2)]
        #expect(LambertDistance(points).meters(0, 1) == Geodesy.distance(from: points[0], to: points[1]))
    }

    @Test func aNonFiniteCoordinateGivesNaN() {
        let points = [Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 2, longitude: .infinity)]
        let lengths = LambertDistance(points)
        #expect(lengths.meters(0, 1).isNaN)
        #expect(lengths.meters(1, 2).isNaN)
    }
}
