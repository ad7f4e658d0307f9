import Foundation

/// An angle held as the unit vector (cos, sin) rather than as a number of radians.
///
/// The geodesic solver works with sines and cosines throughout: they are what the spherical
/// trigonometry on the auxiliary sphere uses, an angle of 0°, 90° or 180° gives exact zeros (so a
/// meridian, a pole or the equator is recognised by comparing with 0), and the difference of two
/// nearby angles comes out without the cancellation of subtracting two radian values near ±π.
struct UnitAngle: Equatable, Sendable {
    var sine: Double
    var cosine: Double

    init(sine: Double, cosine: Double) {
        self.sine = sine
        self.cosine = cosine
    }

    /// The direction of the vector (x, y), scaled to unit length; 0 for the zero vector.
    init(y: Double, x: Double) {
        let length = hypot(x, y)
        if length > 0 {
            self.init(sine: y / length, cosine: x / length)
        } else {
            self.init(sine: 0, cosine: 1)
        }
    }

    /// From degrees. The angle is first split into a multiple of 90° and a remainder within ±45°
    /// (both exact), so that the multiples of 90° come out as exact zeros and ones.
    init(degrees: Double) {
        guard degrees.isFinite else {
            self.init(sine: .nan, cosine: .nan)
            return
        }
        let rest = remainder(degrees, 90)
        let quarterTurns = (Int(remainder((degrees - rest) / 90, 4)) + 4) % 4
        let s = sin(rest * .pi / 180), c = cos(rest * .pi / 180)
        switch quarterTurns {
        case 0: self.init(sine: s, cosine: c)
        case 1: self.init(sine: c, cosine: -s)
        case 2: self.init(sine: -s, cosine: -c)
        default: self.init(sine: -c, cosine: s)
        }
    }

    var radians: Double { atan2(sine, cosine) }

    /// The angle turned through from `self` to `other` (other − self), unscaled.
    func turn(to other: UnitAngle) -> UnitAngle {
        UnitAngle(sine: cosine * other.sine - sine * other.cosine, cosine: cosine * other.cosine + sine * other.sine)
    }

    /// The same angle read as a bearing: degrees clockwise from north, in [0, 360).
    var bearingDegrees: Double {
        let degrees = atan2(sine, cosine) * 180 / .pi
        let bearing = degrees < 0 ? degrees + 360 : degrees + 0 // + 0: no bearing of -0.0
        return bearing < 360 ? bearing : 0 // -1e-17 + 360 rounds to 360
    }

    /// This angle plus δ radians.
    func rotated(by δ: Double) -> UnitAngle {
        let s = sin(δ), c = cos(δ)
        return UnitAngle(y: sine * c + cosine * s, x: cosine * c - sine * s)
    }

    /// Whether the angle lies strictly between `low` and `high`, all three within [0, π].
    func isStrictlyBetween(_ low: UnitAngle, _ high: UnitAngle) -> Bool {
        // Within [0, π] angles differ by at most π, so the sign of the sine of a difference orders them.
        sine > 0 && low.turn(to: self).sine > 0 && turn(to: high).sine > 0
    }

    /// The angle halfway from `self` to `other`, turning counterclockwise by at most π.
    func halfway(to other: UnitAngle) -> UnitAngle {
        let sum = UnitAngle(sine: sine + other.sine, cosine: cosine + other.cosine)
        // Half a turn apart the sum vanishes; halfway is then a quarter turn on.
        return hypot(sum.sine, sum.cosine) > 0 ? UnitAngle(y: sum.sine, x: sum.cosine) : UnitAngle(sine: cosine, cosine: -sine)
    }

    /// The direction pointing the other way.
    var reversed: UnitAngle { UnitAngle(sine: -sine, cosine: -cosine) }
}

/// An inverse problem restated, by swapping the points and mirroring the Earth, in the one form
/// the solver handles: point 1 in the southern hemisphere and at least as far from the equator as
/// point 2, point 2 east of point 1 by at most 180°.
///
///     lat1 ≤ 0,   lat1 ≤ lat2 ≤ −lat1,   0 ≤ lon12 ≤ 180
///
/// The ellipsoid is symmetric under each of these moves, so distances are unchanged and the
/// azimuths map back by the reverse moves (`restore`). It also fixes which of the two mirror-image
/// shortest paths is returned when there are two.
struct CanonicalProblem {
    private(set) var lat1: Double
    private(set) var lat2: Double
    private(set) var lon12: Double
    private var swapped = false
    private var mirroredNorthSouth = false
    private var mirroredEastWest = false

    init(from p1: Coordinate, to p2: Coordinate) {
        // + 0 turns -0.0 into +0.0: a signed zero latitude would put the auxiliary-sphere arc of a
        // point on the equator at -π rather than π. Latitudes beyond the poles are taken as the poles.
        var lat1 = min(90, max(-90, p1.latitude)) + 0, lon1 = p1.longitude
        var lat2 = min(90, max(-90, p2.latitude)) + 0, lon2 = p2.longitude
        swapped = abs(lat1) < abs(lat2)
        if swapped {
            swap(&lat1, &lat2)
            swap(&lon1, &lon2)
        }
        mirroredNorthSouth = lat1 > 0
        if mirroredNorthSouth {
            lat1 = 0 - lat1
            lat2 = 0 - lat2
        }
        let lon12 = CanonicalProblem.longitudeDifference(from: lon1, to: lon2)
        mirroredEastWest = lon12 < 0
        self.lat1 = lat1
        self.lat2 = lat2
        self.lon12 = abs(lon12)
    }

    /// The azimuths (at point 1 and at point 2) of the canonical solution, for the points as given.
    func restore(_ azimuth1: UnitAngle, _ azimuth2: UnitAngle) -> (initial: UnitAngle, final: UnitAngle) {
        var (α1, α2) = (azimuth1, azimuth2)
        if mirroredEastWest {
            α1.sine.negate()
            α2.sine.negate()
        }
        if mirroredNorthSouth {
            α1.cosine.negate()
            α2.cosine.negate()
        }
        // Solved from point 2 to point 1: travelled the other way, the path leaves point 1 opposite
        // to how it arrived there, and arrives at point 2 opposite to how it left it.
        return swapped ? (α2.reversed, α1.reversed) : (α1, α2)
    }

    /// lon2 − lon1 in degrees, reduced to (−180, 180].
    static func longitudeDifference(from lon1: Double, to lon2: Double) -> Double {
        let difference = remainder(lon2 - lon1, 360)
        return difference == -180 ? 180 : difference + 0
    }
}
