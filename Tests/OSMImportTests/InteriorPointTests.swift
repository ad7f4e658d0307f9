import Foundation
import Testing
@testable import IndexWriting
@testable import RoadtripCore

/// A point on a shape: inside an area (never a centroid outside a bent lake), halfway along a line.
struct InteriorPointTests {
    static let cShape = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 2], [3, 2], [3, 3], [0, 3], [0, 0]]
        .map { Coordinate(latitude: Double($0[1]), longitude: Double($0[0])) }

    /// Even–odd test by crossings of a ray eastward.
    static func isInside(_ point: Coordinate, _ ring: [Coordinate]) -> Bool {
        var inside = false
        for (a, b) in zip(ring, ring.dropFirst()) where (a.latitude > point.latitude) != (b.latitude > point.latitude) {
            let longitude = a.longitude + (point.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
            if longitude > point.longitude { inside.toggle() }
        }
        return inside
    }

    @Test func theCentroidOfACShapeIsOutsideButThePointIsInside() throws {
        // Its centroid (1.4, 1.5) lies in the gap of the C.
        #expect(!Self.isInside(Coordinate(latitude: 1.5, longitude: 1.4), Self.cShape))
        let point = try #require(InteriorPoint.inside(polygon: [Self.cShape]))
        #expect(Self.isInside(point, Self.cShape))
    }

    @Test func aHoleIsNotInside() throws {
        let square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]].map { Coordinate(latitude: Double($0[1]), longitude: Double($0[0])) }
        let island = [[1, 1], [9, 1], [9, 9], [1, 9], [1, 1]].map { Coordinate(latitude: Double($0[1]), longitude: Double($0[0])) }
        let point = try #require(InteriorPoint.inside(polygon: [square, island]))
        #expect(Self.isInside(point, square) && !Self.isInside(point, island), "\(point)")
    }

    @Test func theLargestPartOfAMultiPolygonAndTheMiddleOfTheLongestLine() throws {
        let small = [[0, 0], [1, 0], [1, 1], [0, 0]].map { [Double($0[0]), Double($0[1])] }
        let large = [[10, 10], [20, 10], [20, 20], [10, 20], [10, 10]].map { [Double($0[0]), Double($0[1])] }
        let geometry = try #require(FeatureGeometry(geoJSON: ["type": "MultiPolygon", "coordinates": [[small], [large]]]))
        let point = try #require(geometry.representativePoint)
        #expect((10...20).contains(point.latitude) && (10...20).contains(point.longitude))
        let line = try #require(FeatureGeometry(geoJSON: ["type": "LineString", "coordinates": [[0.0, 0.0], [4.0, 0.0]]]))
        #expect(line.representativePoint == Coordinate(latitude: 0, longitude: 2))
    }

    @Test func geometryThatIsNoPlace() {
        #expect(FeatureGeometry(geoJSON: ["type": "GeometryCollection", "geometries": [Any]()]) == nil)
        #expect(FeatureGeometry(geoJSON: ["type": "Point", "coordinates": [200.0, 95.0]]) == nil)
        #expect(FeatureGeometry(geoJSON: "Point") == nil)
    }
}
