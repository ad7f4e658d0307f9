import Foundation
@testable import RoadtripCore
import Testing

@Suite struct GreatCircleArcTests {
    let anchorage = Coordinate(latitude: 61.2181, longitude: -149.9003)
    let tokyo = Coordinate(latitude: 35.6762, longitude: 139.6503)

    @Test func anArcAcrossTheAntimeridianStaysShort() throws {
        let arc = GreatCircleArc.points(from: anchorage, to: tokyo, maxStep: 0.002)
        let xs = arc.map(\.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { abs($1 - $0) < 0.01 })
        // Runs west from Anchorage (x ≈ 0.08) past x = 0 to Tokyo's copy at x ≈ −0.11.
        let last = try #require(arc.last)
        #expect(abs(last.x - (MercatorProjection.project(tokyo).x - 1)) < 1e-9)
        #expect(xs.max()! - xs.min()! < 0.25)
    }

    @Test func theGreatCircleBowsTowardsThePole() {
        let arc = GreatCircleArc.points(from: anchorage, to: tokyo, maxStep: 0.002)
        let northmost = arc.map(\.y).min()!
        #expect(northmost < MercatorProjection.project(anchorage).y)
    }

    @Test func endsAreTheStopsAndStepsAreSmall() {
        let a = Coordinate(latitude: 48.85, longitude: 2.35), b = Coordinate(latitude: 40.71, longitude: -74.0)
        let arc = GreatCircleArc.points(from: a, to: b, maxStep: 0.001)
        #expect(arc.first == MercatorProjection.project(a))
        #expect(arc.last == MercatorProjection.project(b))
        #expect(zip(arc, arc.dropFirst()).allSatisfy { hypot($1.x - $0.x, $1.y - $0.y) < 0.003 })
    }

    @Test func degenerateLegsGiveFinitePoints() {
        let pole = Coordinate(latitude: 90, longitude: 0)
        let same = GreatCircleArc.points(from: pole, to: pole, maxStep: 0.01)
        let antipodes = GreatCircleArc.points(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 180), maxStep: 0.01)
        let polar = GreatCircleArc.points(from: Coordinate(latitude: 80, longitude: 0), to: Coordinate(latitude: 80, longitude: 180), maxStep: 0.01)
        for point in same + antipodes + polar {
            #expect(point.x.isFinite && point.y.isFinite && (0...1).contains(point.y))
        }
    }
}
