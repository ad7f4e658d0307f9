import Foundation

/// The three integrals along a geodesic, as Fourier series in the arc length σ on the auxiliary
/// sphere (Karney 2013, "Algorithms for geodesics", §§ 3–4).
///
/// Along a geodesic whose equatorial azimuth is α0, put k² = e′² cos² α0 and
/// ε = (√(1 + k²) − 1) / (√(1 + k²) + 1), so that √(1 + k² sin² σ) = √(1 − 2ε cos 2σ + ε²) / (1 − ε).
/// Then, from the equator crossing,
///
///     distance           s / b  = I1(σ) = ∫ √(1 + k² sin² σ) dσ        = A1 (σ + Σ C1[l] sin 2lσ)
///     (reduced length)           I2(σ) = ∫ 1 / √(1 + k² sin² σ) dσ    = A2 (σ + Σ C2[l] sin 2lσ)
///     longitude  (λ − ω)/(−f sin α0) = I3(σ) = ∫ (2 − f) / (1 + (1 − f) √(1 + k² sin² σ)) dσ
///                                                                     = A3 (σ + Σ C3[l] sin 2lσ)
///
/// The coefficients below come from expanding the integrands in ε (and, for I3, in the third
/// flattening n = f / (2 − f), with f = 2n / (1 + n)): √(1 − 2ε cos 2σ + ε²) = |1 − ε e^{2iσ}|, whose
/// binomial series multiply out to a cosine series in 2σ that integrates term by term. I1 and I2
/// are kept to ε⁶; I3, which enters multiplied by f, to total degree 5 in ε and n. For WGS-84
/// (ε ≤ 0.0017) the terms left out are below 10⁻¹⁸ of the result, far under a millimeter.
enum GeodesicSeries {
    /// The coefficients of one geodesic's three series, for its value of ε.
    struct Coefficients {
        var a1: Double
        var c1: [Double]
        var a2: Double
        var c2: [Double]
        var a3: Double
        var c3: [Double]

        init(epsilon ε: Double) {
            let ε2 = ε * ε
            a1 = polynomial(a1TimesOneMinusEpsilon, ε2) / (1 - ε)
            a2 = polynomial(a2OverOneMinusEpsilon, ε2) * (1 - ε)
            // C1[l] and C2[l] are ε^l times a polynomial in ε².
            c1 = Coefficients.evenSeries(c1Table, ε)
            c2 = Coefficients.evenSeries(c2Table, ε)
            a3 = polynomial(a3InEpsilon, ε)
            c3 = c3InEpsilon.map { polynomial($0, ε) }
        }

        private static func evenSeries(_ table: [[Double]], _ ε: Double) -> [Double] {
            var power = 1.0
            return table.map { row in
                power *= ε
                return power * polynomial(row, ε * ε)
            }
        }
    }

    /// Σ c[l − 1] sin 2lσ for l = 1 … c.count, by Clenshaw's recurrence (σ given as a unit vector).
    ///
    /// sin 2(l+1)σ = 2 cos 2σ · sin 2lσ − sin 2(l−1)σ, so the sum folds from the highest term down
    /// with two running values and one sine at the end, instead of one sine per term.
    static func sineSeries(_ c: [Double], at σ: UnitAngle) -> Double {
        let sin2σ = 2 * σ.sine * σ.cosine
        let twoCos2σ = 2 * (σ.cosine - σ.sine) * (σ.cosine + σ.sine)
        var next = 0.0, afterNext = 0.0
        for coefficient in c.reversed() {
            (next, afterNext) = (coefficient + twoCos2σ * next - afterNext, next)
        }
        return next * sin2σ
    }

    // MARK: - The expansions

    /// A1 · (1 − ε) as a polynomial in ε².
    private static let a1TimesOneMinusEpsilon: [Double] = [1, 1.0 / 4, 1.0 / 64, 1.0 / 256]
    /// A2 / (1 − ε) as a polynomial in ε².
    private static let a2OverOneMinusEpsilon: [Double] = [1, 1.0 / 4, 9.0 / 64, 25.0 / 256]

    /// Row l − 1: C1[l] / ε^l as a polynomial in ε².
    private static let c1Table: [[Double]] = [
        [-1.0 / 2, 3.0 / 16, -1.0 / 32],
        [-1.0 / 16, 1.0 / 32, -9.0 / 2048],
        [-1.0 / 48, 3.0 / 256],
        [-5.0 / 512, 3.0 / 512],
        [-7.0 / 1280],
        [-7.0 / 2048],
    ]

    /// Row l − 1: C2[l] / ε^l as a polynomial in ε².
    private static let c2Table: [[Double]] = [
        [1.0 / 2, 1.0 / 16, 1.0 / 32],
        [3.0 / 16, 1.0 / 32, 35.0 / 2048],
        [5.0 / 48, 5.0 / 256],
        [35.0 / 512, 7.0 / 512],
        [63.0 / 1280],
        [77.0 / 2048],
    ]

    /// A3: entry [j] is the coefficient of ε^j, itself a polynomial in n.
    private static let a3Table: [[Double]] = [
        [1],
        [-1.0 / 2, 1.0 / 2],
        [-1.0 / 4, -1.0 / 8, 3.0 / 8],
        [-1.0 / 16, -3.0 / 16, -1.0 / 16],
        [-3.0 / 64, -1.0 / 32],
        [-3.0 / 128],
    ]

    /// C3[l] for l = 1 … 5: entry [l − 1][j] is the coefficient of ε^j, a polynomial in n.
    private static let c3Table: [[[Double]]] = [
        [[], [1.0 / 4, -1.0 / 4], [1.0 / 8, 0, -1.0 / 8], [3.0 / 64, 3.0 / 64, -1.0 / 64], [5.0 / 128, 1.0 / 64], [3.0 / 128]],
        [[], [], [1.0 / 16, -3.0 / 32, 1.0 / 32], [3.0 / 64, -1.0 / 32, -3.0 / 64], [3.0 / 128, 1.0 / 128], [5.0 / 256]],
        [[], [], [], [5.0 / 192, -3.0 / 64, 5.0 / 192], [3.0 / 128, -5.0 / 192], [7.0 / 512]],
        [[], [], [], [], [7.0 / 512, -7.0 / 256], [7.0 / 512]],
        [[], [], [], [], [], [21.0 / 2560]],
    ]

    /// A3 and C3 with WGS-84's n put in once: polynomials in ε alone.
    private static let a3InEpsilon: [Double] = a3Table.map { polynomial($0, WGS84.n) }
    private static let c3InEpsilon: [[Double]] = c3Table.map { $0.map { polynomial($0, WGS84.n) } }
}

/// Σ coefficients[i] · x^i, by Horner's rule.
private func polynomial(_ coefficients: [Double], _ x: Double) -> Double {
    coefficients.reversed().reduce(0) { $0 * x + $1 }
}
