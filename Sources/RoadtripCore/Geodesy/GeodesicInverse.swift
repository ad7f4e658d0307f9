import Foundation

/// The WGS-84 ellipsoid and the constants the geodesic solver derives from it.
enum WGS84 {
    /// Equatorial radius, meters.
    static let a = 6_378_137.0
    /// Flattening.
    static let f = 1 / 298.257223563
    /// Polar semi-axis, meters.
    static let b = a * (1 - f)
    /// First eccentricity squared, f (2 − f).
    static let e2 = f * (2 - f)
    /// Second eccentricity squared, e² / (1 − e²).
    static let ep2 = e2 / ((1 - f) * (1 - f))
    /// Third flattening, f / (2 − f): the small parameter of the longitude series.
    static let n = f / (2 - f)
}

/// The inverse geodesic problem on WGS-84 (where two points are, find the shortest path between
/// them), after C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013).
///
/// A geodesic on the ellipsoid is mapped to a great circle on an auxiliary sphere, where latitude
/// becomes the reduced latitude β (tan β = (1 − f) tan φ) and distance and longitude become the
/// arc length σ and the spherical longitude ω; the differences between the two are the integrals of
/// `GeodesicSeries`. Given the azimuth α1 at point 1, the great circle tells where the geodesic
/// reaches point 2's latitude, and so what longitude difference λ12(α1) it makes; the solver finds
/// the α1 that makes the required λ12 by Newton's method, whose derivative the reduced length gives.
/// Meridians and the equator are solved directly. Near the antipode of point 1, where the
/// geodesics from it cross in a caustic, the start of the search comes from the astroid that
/// approximates that caustic: this is where Vincenty's method stops converging and this one does not.
enum GeodesicInverse {
    /// The solution in the canonical frame of `CanonicalProblem`.
    struct Path {
        var distance: Double
        var azimuth1: UnitAngle
        var azimuth2: UnitAngle
        var iterations: Int
    }

    static func solve(from p1: Coordinate, to p2: Coordinate) -> GeodesicSolution {
        guard [p1.latitude, p1.longitude, p2.latitude, p2.longitude].allSatisfy(\.isFinite) else {
            return GeodesicSolution(distance: .nan, initialAzimuth: .nan, finalAzimuth: .nan, iterations: 0)
        }
        let problem = CanonicalProblem(from: p1, to: p2)
        let path = solve(problem)
        guard path.distance > 0 else {
            // A point and itself: no direction between them; north by convention.
            return GeodesicSolution(distance: 0, initialAzimuth: 0, finalAzimuth: 0, iterations: path.iterations)
        }
        let azimuths = problem.restore(path.azimuth1, path.azimuth2)
        return GeodesicSolution(
            distance: path.distance,
            initialAzimuth: azimuths.initial.bearingDegrees,
            finalAzimuth: azimuths.final.bearingDegrees,
            iterations: path.iterations
        )
    }

    static func solve(_ problem: CanonicalProblem) -> Path {
        let β1 = reducedLatitude(problem.lat1), β2 = reducedLatitude(problem.lat2)
        let λ12 = UnitAngle(degrees: problem.lon12)
        // Same or opposite meridian, or point 1 at the pole (so point 2 is on a meridian through it).
        // Leaving at azimuth λ12 heads along it: north for 0°, south over the pole for 180°, and from
        // the pole, with the pole's azimuth measured from its own meridian, straight to point 2.
        if λ12.sine == 0 || β1.cosine == 0, let path = meridional(β1, β2, azimuth1: λ12) {
            return path
        }
        // Both on the equator: the equator is the shortest path until its conjugate point,
        // (1 − f) · 180° along; beyond that the shortest path leaves it, north or south.
        if problem.lat1 == 0 && problem.lon12 <= (1 - WGS84.f) * 180 {
            let east = UnitAngle(sine: 1, cosine: 0)
            return Path(distance: WGS84.a * problem.lon12 * .pi / 180, azimuth1: east, azimuth2: east, iterations: 0)
        }
        return Search(β1: β1, β2: β2, λ12: problem.lon12 * .pi / 180).run()
    }

    /// The reduced latitude β of the geodetic latitude φ (degrees): tan β = (1 − f) tan φ.
    static func reducedLatitude(_ φ: Double) -> UnitAngle {
        let latitude = UnitAngle(degrees: φ)
        return UnitAngle(y: (1 - WGS84.f) * latitude.sine, x: latitude.cosine)
    }

    /// The path along a meridian (sin α0 = 0) leaving point 1 at `azimuth1` and reaching point 2
    /// heading north; nil if it is not the shortest, which would be if it ran past the point
    /// conjugate to point 1, where the reduced length turns negative. (In the canonical frame that
    /// does not happen, but the check is cheap.) The conjugate point is near σ12 = π, so only the
    /// far half is checked: at σ12 = 0 rounding can leave the reduced length a hair below 0.
    static func meridional(_ β1: UnitAngle, _ β2: UnitAngle, azimuth1: UnitAngle) -> Path? {
        let σ1 = UnitAngle(y: β1.sine, x: azimuth1.cosine * β1.cosine)
        let σ2 = UnitAngle(y: β2.sine, x: β2.cosine)
        let turn = σ1.turn(to: σ2)
        // Rounding can leave a tiny negative sine for σ12 = 0 or π; neither is negative.
        let arc = GeodesicArc(k2: WGS84.ep2, σ1: σ1, σ2: σ2, σ12: atan2(max(0, turn.sine) + 0, turn.cosine))
        guard arc.σ12 < .pi / 2 || arc.reducedLength >= 0 else { return nil }
        let north = UnitAngle(sine: 0, cosine: 1)
        return Path(distance: arc.distance, azimuth1: azimuth1, azimuth2: north, iterations: 0)
    }
}

/// The length and reduced length of a geodesic between arc lengths σ1 and σ2 (σ1 ≤ σ2 ≤ σ1 + π)
/// on the auxiliary sphere, for the geodesic's k² = e′² cos² α0.
struct GeodesicArc {
    /// σ2 − σ1, radians, in [0, π].
    let σ12: Double
    let series: GeodesicSeries.Coefficients
    /// Meters.
    let distance: Double
    /// m12, meters: how far point 2 moves sideways per radian of change in the azimuth at point 1.
    /// Zero at the point conjugate to point 1, past which the geodesic is no longer the shortest.
    let reducedLength: Double

    init(k2: Double, σ1: UnitAngle, σ2: UnitAngle, σ12: Double) {
        self.σ12 = σ12
        let sqrtTerm = (1 + k2).squareRoot()
        series = GeodesicSeries.Coefficients(epsilon: k2 / ((1 + sqrtTerm) * (1 + sqrtTerm)))
        let ΔB1 = GeodesicSeries.sineSeries(series.c1, at: σ2) - GeodesicSeries.sineSeries(series.c1, at: σ1)
        let ΔB2 = GeodesicSeries.sineSeries(series.c2, at: σ2) - GeodesicSeries.sineSeries(series.c2, at: σ1)
        distance = WGS84.b * series.a1 * (σ12 + ΔB1)
        // m12 / b = w(σ2) cos σ1 sin σ2 − w(σ1) sin σ1 cos σ2 − cos σ1 cos σ2 (J(σ2) − J(σ1)),
        // with w(σ) = √(1 + k² sin² σ) and J = I1 − I2 (Karney 2013, eq. 38).
        let ΔJ = (series.a1 - series.a2) * σ12 + series.a1 * ΔB1 - series.a2 * ΔB2
        let w1 = (1 + k2 * σ1.sine * σ1.sine).squareRoot(), w2 = (1 + k2 * σ2.sine * σ2.sine).squareRoot()
        reducedLength = WGS84.b * (w2 * σ1.cosine * σ2.sine - w1 * σ1.sine * σ2.cosine - σ1.cosine * σ2.cosine * ΔJ)
    }
}
