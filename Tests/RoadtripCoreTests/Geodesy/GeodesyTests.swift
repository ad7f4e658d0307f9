import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// One inverse problem solved by GeographicLib. The cases are in GeodesicReference.swift beside
/// this file, written by Scripts/geodesic-reference.py.
struct GeodesicReferenceCase: Sendable {
    var label: String
    var from: Coordinate
    var to: Coordinate
    /// Meters.
    var s12: Double
    /// Degrees clockwise from north, in (−180, 180].
    var azi1: Double
    var azi2: Double
    /// False where there is no one shortest path for GeographicLib to have found: coincident
    /// points (no direction at all), and lat2 = −lat1 where the path is not its own mirror image
    /// through the midpoint, so that the mirror image, leaving at azi2, is just as short (exact
    /// antipodes over either pole, nearly antipodal points on the equator north or south of it).
    var azimuthIsUnique: Bool

    init(
        _ label: String, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
        s12: Double, azi1: Double, azi2: Double, azimuthIsUnique: Bool
    ) {
        self.label = label
        from = Coordinate(latitude: lat1, longitude: lon1)
        to = Coordinate(latitude: lat2, longitude: lon2)
        self.s12 = s12
        self.azi1 = azi1
        self.azi2 = azi2
        self.azimuthIsUnique = azimuthIsUnique
    }

    var comment: Comment {
        "\(label): (\(from.latitude), \(from.longitude)) → (\(to.latitude), \(to.longitude))"
    }
}

/// The angle between two directions given in degrees, in [0, 180].
private func angleBetween(_ a: Double, _ b: Double) -> Double {
    abs(remainder(a - b, 360))
}

/// How closely an azimuth can be compared, degrees: 10⁻⁶°, or over a line shorter than 30 cm
/// whatever turns its far end by 5 · 10⁻⁹ m. A latitude stored as a Double in degrees is itself
/// only placed to 10⁻⁹ m or so, and a few roundings of that size in either implementation turn the
/// direction between two points a millimeter apart by some 10⁻⁴° (both GeographicLib and this code
/// are that far from the exact direction for some such pairs).
private func azimuthTolerance(overDistance s: Double) -> Double {
    max(1e-6, 5e-9 / s * 180 / .pi)
}

@Suite struct GeodesyTests {
    // MARK: - Facts a person can check (values from GeographicLib)

    @Test func oneDegreeOfLatitudeAtTheEquatorIs110Point574Kilometers() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 1, longitude: 0))
        #expect(abs(d - 110_574.389) < 0.001)
    }

    @Test func oneDegreeOfLongitudeOnTheEquatorIs111Point319Kilometers() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 1))
        #expect(abs(d - 111_319.491) < 0.001)
    }

    @Test func kennedyToHeathrowIs5555Kilometers() {
        let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781), lhr = Coordinate(latitude: 51.4700, longitude: -0.4543)
        let solution = Geodesy.inverse(from: jfk, to: lhr)
        #expect(abs(solution.distance - 5_554_908.791) < 0.001)
        #expect(abs(solution.initialAzimuth - 51.381648) < 1e-6)
        #expect(abs(solution.finalAzimuth - 107.982829) < 1e-6)
    }

    @Test func fromTheEquatorToThePoleIs10002Kilometers() {
        let d = Geodesy.distance(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 90, longitude: 0))
        #expect(abs(d - 10_001_965.729) < 0.001)
    }

    @Test func antipodesOnTheEquatorAreClosestOverAPole() {
        // Half the meridian, 20,003.931 km, is shorter than half the equator, 20,037.508 km.
        let solution = Geodesy.inverse(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 180))
        #expect(abs(solution.distance - 20_003_931.459) < 0.001)
        #expect(solution.initialAzimuth == 0 || solution.initialAzimuth == 180)
    }

    @Test func montereyToBigSurIs37Kilometers() {
        #expect(abs(Geodesy.distance(from: Fixtures.monterey, to: Fixtures.bigSur) - 37_411.655) < 0.001)
    }

    @Test func azimuthsOfTheCardinalDirections() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(Geodesy.inverse(from: origin, to: Coordinate(latitude: 1, longitude: 0)).initialAzimuth == 0)
        #expect(Geodesy.inverse(from: origin, to: Coordinate(latitude: 0, longitude: 1)).initialAzimuth == 90)
        #expect(Geodesy.inverse(from: origin, to: Coordinate(latitude: -1, longitude: 0)).initialAzimuth == 180)
        #expect(Geodesy.inverse(from: origin, to: Coordinate(latitude: 0, longitude: -1)).initialAzimuth == 270)
    }

    @Test func theSamePointIsZeroApartFacingNorth() {
        #expect(Geodesy.distance(from: Fixtures.monterey, to: Fixtures.monterey) == 0)
        #expect(Geodesy.inverse(from: Fixtures.monterey, to: Fixtures.monterey).initialAzimuth == 0)
        // The North Pole, given with two longitudes, is still one point.
        let pole = Geodesy.inverse(from: Coordinate(latitude: 90, longitude: 0), to: Coordinate(latitude: 90, longitude: 120))
        #expect(pole == GeodesicSolution(distance: 0, initialAzimuth: 0, finalAzimuth: 0, iterations: 0))
    }

    @Test func lengthAddsTheLegs() {
        let points = [Fixtures.monterey, Fixtures.bigSur, Fixtures.morroBay]
        let legs = Geodesy.distance(from: points[0], to: points[1]) + Geodesy.distance(from: points[1], to: points[2])
        #expect(Geodesy.length(of: points) == legs)
        #expect(Geodesy.length(of: [Fixtures.monterey]) == 0)
    }

    // MARK: - Against GeographicLib

    @Test func theReferenceCoversTheHardCases() {
        let labels = GeodesicReferenceCase.all.map(\.label)
        #expect(labels.count >= 400)
        #expect(labels.filter { $0.hasPrefix("nearly antipodal") }.count >= 100)
        #expect(labels.filter { $0.hasPrefix("short") }.count >= 40)
    }

    /// Karney's method is accurate to some 15 nm; these agree to 35 nm, asserted to a micrometer.
    @Test func everyDistanceAgreesWithGeographicLib() {
        for c in GeodesicReferenceCase.all {
            let d = Geodesy.distance(from: c.from, to: c.to)
            #expect(abs(d - c.s12) <= 1e-6, c.comment)
        }
    }

    @Test func everyUniqueAzimuthAgreesWithGeographicLib() {
        for c in GeodesicReferenceCase.all where c.azimuthIsUnique {
            let solution = Geodesy.inverse(from: c.from, to: c.to)
            #expect(angleBetween(solution.initialAzimuth, c.azi1) <= azimuthTolerance(overDistance: c.s12), c.comment)
            #expect(angleBetween(solution.finalAzimuth, c.azi2) <= azimuthTolerance(overDistance: c.s12), c.comment)
        }
    }

    /// Where there are two shortest paths, mirror images through the midpoint, the one found is
    /// GeographicLib's or its mirror image, which leaves at GeographicLib's final azimuth.
    @Test func whereThePathIsNotUniqueItIsOneOfTheShortest() {
        for c in GeodesicReferenceCase.all where !c.azimuthIsUnique && c.s12 > 0 {
            let initial = Geodesy.inverse(from: c.from, to: c.to).initialAzimuth
            let tolerance = azimuthTolerance(overDistance: c.s12)
            #expect(angleBetween(initial, c.azi1) <= tolerance || angleBetween(initial, c.azi2) <= tolerance, c.comment)
        }
    }

    @Test func coincidentReferencePointsAreZeroApartFacingNorth() {
        for c in GeodesicReferenceCase.all where c.s12 == 0 {
            let solution = Geodesy.inverse(from: c.from, to: c.to)
            #expect(solution.distance == 0 && solution.initialAzimuth == 0 && solution.finalAzimuth == 0, c.comment)
        }
    }

    @Test func theWayBackIsTheSameDistanceInReverse() {
        for c in GeodesicReferenceCase.all {
            let there = Geodesy.inverse(from: c.from, to: c.to), back = Geodesy.inverse(from: c.to, to: c.from)
            #expect(there.distance == back.distance, c.comment)
            if c.azimuthIsUnique {
                let tolerance = azimuthTolerance(overDistance: c.s12)
                #expect(angleBetween(back.initialAzimuth, there.finalAzimuth + 180) <= tolerance, c.comment)
                #expect(angleBetween(back.finalAzimuth, there.initialAzimuth + 180) <= tolerance, c.comment)
            }
        }
    }

    // MARK: - Robustness

    /// Every pair on a grid that includes the poles, the equator, the antimeridian, antipodes and
    /// points a hair off them, and sweeps of random, short and nearly antipodal pairs: a finite
    /// answer, bearings in range, a distance no longer than half a meridian, and few trials.
    @Test func finiteAndQuickForEveryInput() {
        var worstIterations = 0
        for (a, b) in Self.gridPairs() + Self.sweepPairs() {
            let solution = Geodesy.inverse(from: a, to: b)
            let ok =
                solution.distance.isFinite && solution.distance >= 0 && solution.distance <= 20_003_931.459
                && (0..<360).contains(solution.initialAzimuth) && (0..<360).contains(solution.finalAzimuth)
                && solution.iterations <= 10
            #expect(ok, "\(a) → \(b): \(solution)")
            worstIterations = max(worstIterations, solution.iterations)
        }
        print("Geodesy: at most \(worstIterations) trials") // 6 when written
    }

    private static func gridPairs() -> [(Coordinate, Coordinate)] {
        let latitudes = [-90, -89.999_999_9, -60, -45, -1, -1e-9, 0, 1e-9, 0.5, 1, 30, 45, 60, 89.999_999_9, 90]
        let longitudes = [-180, -179.999_999_9, -90, 0, 1e-9, 45, 179.5, 179.999_999_9, 180]
        let grid = latitudes.flatMap { lat in longitudes.map { Coordinate(latitude: lat, longitude: $0) } }
        return grid.flatMap { a in grid.map { (a, $0) } }
    }

    private static func sweepPairs() -> [(Coordinate, Coordinate)] {
        var random = SeededRandom(seed: 1)
        func anywhere() -> Coordinate {
            Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random))
        }
        /// ±10⁻¹² to ±1.
        func nudge() -> Double {
            .random(in: -1...1, using: &random) * pow(10, .random(in: -12...0, using: &random))
        }
        var pairs: [(Coordinate, Coordinate)] = []
        for _ in 0..<10_000 {
            let a = anywhere()
            let nearAntipode = Coordinate(latitude: min(90, max(-90, -a.latitude + nudge())), longitude: remainder(a.longitude + 180 + nudge(), 360))
            let nearby = Coordinate(latitude: min(90, max(-90, a.latitude + nudge())), longitude: remainder(a.longitude + nudge(), 360))
            pairs += [(a, anywhere()), (a, nearAntipode), (a, nearby)]
        }
        return pairs
    }

    @Test func nonFiniteInputGivesNaN() {
        let solution = Geodesy.inverse(from: Coordinate(latitude: .nan, longitude: 0), to: Fixtures.monterey)
        #expect(solution.distance.isNaN && solution.initialAzimuth.isNaN)
    }

    /// The reference cases solved round after round, as a timing loop would: every answer finite,
    /// found in few trials, and the same on every call (the solver keeps nothing between calls).
    /// How long one inverse takes is for the benchmarks (Sources/RoadtripBench), not a unit test.
    @Test func everyReferenceCaseIsSolvedInFewTrialsAndTheSameEveryTime() {
        let cases = GeodesicReferenceCase.all
        let first = cases.map { Geodesy.inverse(from: $0.from, to: $0.to) }
        for (c, solution) in zip(cases, first) {
            #expect(solution.distance.isFinite && solution.iterations <= 10, c.comment)
        }
        for _ in 0..<3 {
            #expect(cases.map { Geodesy.inverse(from: $0.from, to: $0.to) } == first)
        }
    }
}
