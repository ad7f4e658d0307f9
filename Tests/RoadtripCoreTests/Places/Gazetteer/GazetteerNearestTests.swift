import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct GazetteerNearestTests {
    @Test func aPointJustOffMontereyIsMonterey() throws {
        let place = try #require(try RealGazetteer.get().nearest(to: Coordinate(latitude: 36.603, longitude: -121.893)))
        #expect(place.name == "Monterey")
        #expect(place.admin1Code == "CA")
    }

    @Test func aPointAtSeaGivesTheClosestCoastTown() throws {
        // 20 km out in Monterey Bay, west of Moss Landing.
        let gazetteer = try RealGazetteer.get()
        let point = Coordinate(latitude: 36.80, longitude: -122.00)
        let place = try #require(gazetteer.nearest(to: point))
        #expect(place == bruteForceNearest(point, in: gazetteer))
        #expect(place.admin1Code == "CA")
    }

    @Test(arguments: [
        Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0),
        Coordinate(latitude: 90, longitude: 180), Coordinate(latitude: -90, longitude: -180),
        Coordinate(latitude: 89.9, longitude: 45), Coordinate(latitude: 0, longitude: 180),
        Coordinate(latitude: 0, longitude: -180), Coordinate(latitude: -16.5, longitude: 179.99),
        Coordinate(latitude: 65, longitude: -168.9), Coordinate(latitude: -48.9, longitude: -123.4),
    ])
    func polesAntimeridianAndEmptyOceansAgreeWithBruteForce(_ point: Coordinate) throws {
        let gazetteer = try RealGazetteer.get()
        #expect(gazetteer.nearest(to: point) == bruteForceNearest(point, in: gazetteer))
    }

    @Test func randomPointsAgreeWithBruteForce() throws {
        let gazetteer = try RealGazetteer.get()
        var generator = SeededRandom(seed: 20_240_917)
        for _ in 0..<40 {
            let latitude = asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi
            let point = Coordinate(latitude: latitude, longitude: Double.random(in: -180..<180, using: &generator))
            #expect(gazetteer.nearest(to: point) == bruteForceNearest(point, in: gazetteer), "at \(point)")
        }
    }

    @Test func coordinatesOutsideTheirRangesAreTakenAsTheyWrap() throws {
        let gazetteer = try RealGazetteer.get()
        let wrapped = gazetteer.nearest(to: Coordinate(latitude: 36.603, longitude: -121.893 + 360))
        #expect(wrapped?.name == "Monterey")
        #expect(gazetteer.nearest(to: Coordinate(latitude: 95, longitude: 0)) == gazetteer.nearest(to: Coordinate(latitude: 90, longitude: 0)))
    }

    @Test func notANumberGivesNothing() throws {
        let gazetteer = try RealGazetteer.get()
        #expect(gazetteer.nearest(to: Coordinate(latitude: .nan, longitude: 0)) == nil)
        #expect(gazetteer.nearest(to: Coordinate(latitude: 0, longitude: .infinity)) == nil)
    }

    /// Every place, the nearest by the same central angle the search uses.
    private func bruteForceNearest(_ point: Coordinate, in gazetteer: Gazetteer) -> Place? {
        let latitude = min(90, max(-90, point.latitude)) * .pi / 180
        var best: (index: Int, h: Double)?
        for index in 0..<gazetteer.count {
            let other = gazetteer.coordinate(ofPlace: index)
            let φ = other.latitude * .pi / 180, Δφ = φ - latitude, Δλ = (other.longitude - point.longitude) * .pi / 180
            let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(latitude) * cos(φ) * sin(Δλ / 2) * sin(Δλ / 2)
            if best == nil || h < best!.h { best = (index, h) }
        }
        return best.map { gazetteer.place(at: $0.index) }
    }
}
