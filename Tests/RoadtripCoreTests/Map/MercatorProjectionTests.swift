import Foundation
@testable import RoadtripCore
import Testing

@Suite struct MercatorProjectionTests {
    @Test func knownValues() {
        let origin = MercatorProjection.project(latitude: 0, longitude: 0)
        #expect(abs(origin.x - 0.5) < 1e-12 && abs(origin.y - 0.5) < 1e-12)
        let north = MercatorProjection.project(latitude: 85.0511, longitude: -180)
        #expect(abs(north.y) < 1e-5 && north.x == 0)
        let south = MercatorProjection.project(latitude: -85.0511, longitude: 180)
        #expect(abs(south.y - 1) < 1e-5 && south.x == 1)
        #expect(abs(MercatorProjection.project(latitude: 0, longitude: 90).x - 0.75) < 1e-12)
    }

    @Test func polesAreClampedNotInfinite() {
        for latitude in [90.0, -90, 89.9, -89.99] {
            let point = MercatorProjection.project(latitude: latitude, longitude: 10)
            #expect(point.y.isFinite && (0...1).contains(point.y), "\(latitude)")
        }
        #expect(abs(MercatorProjection.project(latitude: 90, longitude: 0).y) < 1e-12)
        #expect(abs(MercatorProjection.project(latitude: -90, longitude: 0).y - 1) < 1e-12)
    }

    @Test func roundTrips() {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let coordinate = Coordinate(
                latitude: Double.random(in: -85...85, using: &generator), longitude: Double.random(in: -179.9...179.9, using: &generator))
            let back = MercatorProjection.coordinate(of: MercatorProjection.project(coordinate))
            #expect(abs(back.latitude - coordinate.latitude) < 1e-9)
            #expect(abs(back.longitude - coordinate.longitude) < 1e-9)
        }
    }

    @Test func worldPointsBeyondOneWorldWrap() {
        let east = MercatorProjection.coordinate(of: WorldPoint(x: 1.25, y: 0.5))
        #expect(abs(east.longitude - -90) < 1e-9)
        let west = MercatorProjection.coordinate(of: WorldPoint(x: -0.25, y: 0.5))
        #expect(abs(west.longitude - 90) < 1e-9)
    }
}
