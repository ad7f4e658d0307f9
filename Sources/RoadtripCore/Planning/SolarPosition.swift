import Foundation

/// Where the sun is at one instant, as NOAA's Solar Calculator works it out: from the Julian
/// century, the geometric mean longitude and anomaly, the equation of centre, the apparent
/// longitude and the corrected obliquity, the declination and the equation of time.
/// Good to about a minute of sunrise and sunset between ±72° of latitude from 1800 to 2100.
struct SolarPosition: Sendable {
    /// Degrees north of the celestial equator.
    var declination: Double
    /// Minutes that apparent solar time runs ahead of mean solar time.
    var equationOfTime: Double

    init(at instant: Date) {
        let julianDay = instant.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let centre = Self.equationOfCentre(meanAnomaly: meanAnomaly, t: t)
        // The nutation and aberration corrections share the longitude of the Moon's ascending node.
        let node = 125.04 - 1_934.136 * t
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(radians(node))
        let obliquity = Self.meanObliquity(t: t) + 0.00256 * cos(radians(node))
        declination = degrees(asin(sin(radians(obliquity)) * sin(radians(apparentLongitude))))
        equationOfTime = Self.equationOfTime(
            obliquity: obliquity, meanLongitude: meanLongitude,
            meanAnomaly: meanAnomaly, eccentricity: eccentricity)
    }

    /// The hour angle in degrees, either side of solar noon, at which the sun's centre is
    /// `zenith` degrees from the zenith; nil when it never is on this day: `.neverBelow` /
    /// `.neverAbove` say which way it misses.
    func hourAngle(latitude: Double, zenith: Double) -> HourAngle {
        let phi = radians(latitude), delta = radians(declination)
        let cosine = (cos(radians(zenith)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
        if cosine < -1 { return .neverBelow }
        if cosine > 1 { return .neverAbove }
        return .degrees(degrees(acos(cosine)))
    }

    enum HourAngle: Equatable, Sendable {
        case degrees(Double)
        /// The sun stays nearer the zenith than asked all day (midnight sun for sunrise's zenith).
        case neverBelow
        /// The sun stays farther from the zenith than asked all day (polar night).
        case neverAbove
    }

    private static func equationOfCentre(meanAnomaly: Double, t: Double) -> Double {
        let m = radians(meanAnomaly)
        return sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t)
            + sin(3 * m) * 0.000289
    }

    private static func meanObliquity(t: Double) -> Double {
        23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
    }

    private static func equationOfTime(
        obliquity: Double, meanLongitude: Double,
        meanAnomaly: Double, eccentricity e: Double
    ) -> Double {
        let y = pow(tan(radians(obliquity) / 2), 2)
        let l = radians(meanLongitude), m = radians(meanAnomaly)
        let radiansOfTime =
            y * sin(2 * l) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l)
            - 0.5 * y * y * sin(4 * l) - 1.25 * e * e * sin(2 * m)
        return 4 * degrees(radiansOfTime)
    }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
