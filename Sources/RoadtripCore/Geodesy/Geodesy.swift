import Foundation

/// Distances and directions on the Earth: geodesics on the WGS-84 ellipsoid (SPEC §6).
///
/// The shortest path between two points is found by Karney's method (`GeodesicInverse`), which
/// agrees with GeographicLib to well under a millimeter for every pair of points, nearly antipodal
/// ones included. Latitudes beyond ±90° are taken as the poles; a non-finite coordinate gives NaN.
package enum Geodesy {
    /// WGS-84 equatorial radius, meters.
    package static let semiMajorAxis = WGS84.a
    /// WGS-84 flattening.
    package static let flattening = WGS84.f

    /// The length of the shortest path from `a` to `b` on the ellipsoid, meters.
    package static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).distance
    }

    /// The shortest path from `a` to `b`: its length and its direction at either end.
    package static func inverse(from a: Coordinate, to b: Coordinate) -> GeodesicSolution {
        GeodesicInverse.solve(from: a, to: b)
    }

    /// The length of the path through `points` in order, in meters.
    package static func length(of points: [Coordinate]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance(from: $1.0, to: $1.1) }
    }

    /// The length between two points close together (a stretch of road, a few meters to a few
    /// hundred), in meters: a plane at their mean latitude, across the antimeridian too; the error
    /// is far below the road's, and it is a thousand times quicker than `distance`.
    package static func flatMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        let metersPerDegree = 6_371_008.8 * .pi / 180
        var dLon = b.longitude - a.longitude
        dLon -= 360 * (dLon / 360).rounded()
        return hypot(dLon * cos((a.latitude + b.latitude) / 2 * .pi / 180), b.latitude - a.latitude) * metersPerDegree
    }

    /// The Earth's mean radius in kilometers: the sphere of `sphericalKilometers`.
    static let meanRadiusKilometers = 6_371.0

    /// The angle between `a` and `b` seen from the Earth's centre, on a sphere (haversine), in
    /// radians: the one spherical distance, for where the ellipsoid's exactness is not needed and
    /// its cost is (a search's ranking of every entry it scans, the nearest place).
    package static func centralAngle(from a: Coordinate, to b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let (latitudeA, latitudeB) = (a.latitude * radians, b.latitude * radians)
        let halfLatitude = sin((latitudeB - latitudeA) / 2), halfLongitude = sin((b.longitude - a.longitude) * radians / 2)
        let h = halfLatitude * halfLatitude + cos(latitudeA) * cos(latitudeB) * halfLongitude * halfLongitude
        return 2 * asin(min(1, h.squareRoot()))
    }

    /// The length from `a` to `b` on a sphere of the Earth's mean radius, in kilometers (within
    /// 0.5 % of `distance`): exact enough to rank, group or reach places by, and cheap.
    package static func sphericalKilometers(from a: Coordinate, to b: Coordinate) -> Double {
        meanRadiusKilometers * centralAngle(from: a, to: b)
    }
}

/// The shortest path between two points on the ellipsoid.
///
/// Azimuths are degrees clockwise from north, in [0, 360). Where the path is not unique, one of the
/// shortest is described: between nearly antipodal points symmetric about the equator there are
/// two mirror images, and between exact antipodes a meridian over either pole. At a pole, where
/// north is undefined, an azimuth is measured as if from just off the pole along the meridian of
/// the coordinate's own longitude. Between a point and itself (distance 0, which includes a pole
/// given with two longitudes) there is no direction at all, and both azimuths are 0 by convention.
package struct GeodesicSolution: Equatable, Sendable {
    /// Meters.
    package var distance: Double
    /// The direction in which the path leaves the first point.
    package var initialAzimuth: Double
    /// The direction in which the path arrives at the second point.
    package var finalAzimuth: Double
    /// How many trial geodesics the search followed: 0 for a meridian or the equator, solved
    /// directly. Bounded by `GeodesicInverse.Search.maxIterations`.
    var iterations: Int

    init(distance: Double, initialAzimuth: Double, finalAzimuth: Double, iterations: Int) {
        self.distance = distance
        self.initialAzimuth = initialAzimuth
        self.finalAzimuth = finalAzimuth
        self.iterations = iterations
    }
}

extension Trip {
    /// Total distance along the stops in order, in meters.
    package var distanceMeters: Double { Geodesy.length(of: stops.map(\.location)) }
}
