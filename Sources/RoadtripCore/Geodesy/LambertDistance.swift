import Foundation

/// Lengths on the WGS-84 ellipsoid by Lambert's formula for long lines: the distance on the
/// sphere of reduced latitudes, corrected to first order in the flattening. Within 10⁻⁵ of
/// `Geodesy.distance` (10 m a thousand kilometers; a centimeter between stops of one town), and
/// one square root and one arcsine a pair where the geodesic is a Newton search (1.8 µs): what
/// the optimizer compares orders by
/// when it needs every distance between hundreds of stops. Near the antipode, where the
/// correction fails, and for a non-finite coordinate it is the geodesic itself.
package struct LambertDistance: Sendable {
    /// Each point on the unit sphere of reduced latitudes, x, y, z.
    private let points: [(x: Double, y: Double, z: Double)]
    private let coordinates: [Coordinate]

    package init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
        let radians = Double.pi / 180
        points = coordinates.map { coordinate in
            // Beyond ±90° is the pole, as for the geodesic (a NaN stays NaN).
            let latitude = (abs(coordinate.latitude) > 90 ? copysign(90, coordinate.latitude) : coordinate.latitude) * radians
            let longitude = coordinate.longitude * radians
            let reduced = atan((1 - WGS84.f) * tan(latitude))
            return (cos(reduced) * cos(longitude), cos(reduced) * sin(longitude), sin(reduced))
        }
    }

    /// Meters from point i to point j.
    package func meters(_ i: Int, _ j: Int) -> Double {
        let (p, q) = (points[i], points[j])
        let (dx, dy, dz) = (p.x - q.x, p.y - q.y, p.z - q.z)
        // h = sin²(σ/2) from the chord, which loses nothing for points close together.
        let h = (dx * dx + dy * dy + dz * dz) / 4
        guard h > 0 else { return h == 0 ? 0 : Geodesy.distance(from: coordinates[i], to: coordinates[j]) }
        guard h < 1 - 1e-4 else { return Geodesy.distance(from: coordinates[i], to: coordinates[j]) }
        let sigma = 2 * asin(h.squareRoot()), sine = 2 * (h * (1 - h)).squareRoot()
        // sin²P cos²Q and cos²P sin²Q, P and Q the half sum and half difference of the reduced latitudes.
        let (sum, difference) = ((p.z + q.z) / 2, (q.z - p.z) / 2)
        let x = (sigma - sine) * sum * sum / (1 - h), y = (sigma + sine) * difference * difference / h
        return WGS84.a * (sigma - WGS84.f / 2 * (x + y))
    }
}
