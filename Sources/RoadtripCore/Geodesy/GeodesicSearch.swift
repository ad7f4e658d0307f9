import Foundation

extension GeodesicInverse {
    /// The search for the azimuth α1 at point 1 of the geodesic that makes the longitude difference
    /// λ12, in the canonical frame, when neither a meridian nor the equator is the answer.
    ///
    /// Follow the geodesic that leaves point 1 at azimuth α1 ∈ [0, π] until it first reaches point
    /// 2's latitude heading north. The longitude difference it has made by then, λ12(α1), rises
    /// steadily from 0 (α1 = 0, due north along the meridian) to π (α1 = π, due south over the
    /// pole), so exactly one α1 gives the wanted λ12 and [0, π] brackets it. Newton's method closes
    /// in on it; a step that would leave the bracket, narrowed at every trial, is replaced by
    /// bisection, which cannot fail.
    struct Search {
        let β1: UnitAngle
        let β2: UnitAngle
        /// The wanted longitude difference, radians, in (0, π].
        let λ12: Double

        /// More trials than any input takes (see the tests): Newton's method converges in a handful,
        /// and bisection alone would narrow the bracket of width π to adjacent numbers in about 60.
        static let maxIterations = 100

        /// Converged once λ12(α1) is as close to the wanted λ12 as it can be computed: ω12 to a few
        /// units in its last place, the series correction to a few units in the last place of
        /// its terms, which are of order f n. Point 2 is then within 10⁻⁸ m of the geodesic's end.
        var residualTolerance: Double { 8 * Double.ulpOfOne * (λ12 + WGS84.f * WGS84.n) }

        func run() -> Path {
            // The bracket: λ12(low) ≤ λ12 ≤ λ12(high), starting from due north and due south.
            var low = UnitAngle(sine: 0, cosine: 1), high = UnitAngle(sine: 0, cosine: -1)
            var α1 = startingAzimuth()
            if !α1.isStrictlyBetween(low, high) { α1 = low.halfway(to: high) }
            var trial = follow(α1), best = trial
            for iteration in 1..<Search.maxIterations {
                if abs(trial.residual) <= residualTolerance { return trial.path(iteration) }
                if trial.residual < 0 { low = α1 } else { high = α1 }
                let step = -trial.residual / trial.slope
                var next = abs(step) < .pi ? α1.rotated(by: step) : low // `low`: no usable Newton step
                if !next.isStrictlyBetween(low, high) { next = low.halfway(to: high) }
                // No representable progress left: the bracket has closed, or the step is too small.
                if next == α1 || next == low || next == high { return best.path(iteration) }
                α1 = next
                trial = follow(α1)
                if abs(trial.residual) < abs(best.residual) { best = trial }
            }
            return best.path(Search.maxIterations)
        }

        /// One trial: the geodesic leaving point 1 at azimuth α1, followed to where it
        /// first reaches point 2's latitude heading north.
        struct Trial {
            var azimuth1: UnitAngle
            var azimuth2: UnitAngle
            var distance: Double
            /// λ12(α1) − the wanted λ12, radians.
            var residual: Double
            /// dλ12/dα1.
            var slope: Double

            func path(_ iterations: Int) -> Path {
                Path(distance: distance, azimuth1: azimuth1, azimuth2: azimuth2, iterations: iterations)
            }
        }

        func follow(_ azimuth1: UnitAngle) -> Trial {
            // Clairaut: sin α cos β is the same all along the geodesic; at the equator it is sin α0.
            let sinα0 = azimuth1.sine * β1.cosine
            let cosα0 = hypot(azimuth1.cosine, azimuth1.sine * β1.sine)
            // cos α cos β at either end; at point 2 it is +√(cos² α1 cos² β1 + cos² β2 − cos² β1),
            // positive because the geodesic arrives there heading north.
            let northward1 = azimuth1.cosine * β1.cosine
            let northward2 = (northward1 * northward1 + cosSquaredDifference).squareRoot()
            // Arc lengths σ from the equator crossing, and longitudes ω, on the auxiliary sphere:
            // tan σ = tan β / cos α, tan ω = sin α0 tan σ.
            let σ1 = UnitAngle(y: β1.sine, x: northward1), σ2 = UnitAngle(y: β2.sine, x: northward2)
            let arc = GeodesicArc(k2: WGS84.ep2 * cosα0 * cosα0, σ1: σ1, σ2: σ2, σ12: spans(northward1, northward2, sinα0: 1))
            let ω12 = spans(northward1, northward2, sinα0: sinα0)
            let ΔB3 = GeodesicSeries.sineSeries(arc.series.c3, at: σ2) - GeodesicSeries.sineSeries(arc.series.c3, at: σ1)
            let λ12OfTrial = ω12 - WGS84.f * sinα0 * arc.series.a3 * (arc.σ12 + ΔB3)
            return Trial(
                azimuth1: azimuth1,
                azimuth2: UnitAngle(y: sinα0, x: northward2),
                distance: arc.distance,
                residual: λ12OfTrial - λ12,
                // Turning α1 by dα1 moves point 2 sideways by m12 dα1, which along its parallel
                // (radius a cos β2, crossed at azimuth α2) is dλ12 = m12 dα1 / (a cos α2 cos β2).
                slope: arc.reducedLength / (WGS84.a * northward2)
            )
        }

        /// σ12 (for sinα0 = 1) or ω12, radians, in [0, π], from cos α cos β at the two ends.
        ///
        /// With σ = (sin β, cos α cos β) and ω = (sin α0 sin β, cos α cos β) as unscaled vectors,
        /// the sine of the angle between the ends is sin α0 (cos α1 cos β1 sin β2 − cos α2 cos β2 sin β1)
        /// over the lengths. Over a short line the two products are nearly equal, and each rounded
        /// separately would leave an error of 10⁻¹⁶ in an angle of perhaps 10⁻¹⁰, varying from one
        /// trial α1 to the next and stalling Newton's method. So when the line leaves point 1
        /// heading north, as a short one does in the canonical frame, the difference is rearranged
        /// to use sin β2 − sin β1 and
        /// cos α2 cos β2 − cos α1 cos β1 = (cos² β2 − cos² β1) / (cos α1 cos β1 + cos α2 cos β2),
        /// small differences fixed by the latitudes alone and formed once, without cancellation.
        /// (Heading south, as along a parallel, the two products have opposite signs and do not
        /// cancel.)
        func spans(_ northward1: Double, _ northward2: Double, sinα0: Double) -> Double {
            let cross =
                northward1 > 0
                ? northward1 * (β2.sine - β1.sine) - β1.sine * cosSquaredDifference / (northward1 + northward2)
                : northward1 * β2.sine - northward2 * β1.sine
            let dot = northward1 * northward2 + sinα0 * sinα0 * β1.sine * β2.sine
            // Never negative: the geodesic is followed forwards from point 1, for at most half a turn.
            return atan2(max(0, sinα0 * cross) + 0, dot)
        }

        /// cos² β2 − cos² β1, from whichever of cosines or sines is not close to 1, so that it is
        /// exactly 0 when |β2| = |β1|.
        var cosSquaredDifference: Double {
            if β1.cosine < -β1.sine {
                return (β2.cosine - β1.cosine) * (β2.cosine + β1.cosine)
            }
            return (β1.sine - β2.sine) * (β1.sine + β2.sine)
        }
    }
}

// MARK: - Where to start

extension GeodesicInverse.Search {
    func startingAzimuth() -> UnitAngle {
        let astroid = astroidStart()
        if let astroid, astroid.isCloseToAntipode { return astroid.azimuth }
        // Farther out the great circle is the better guess, unless its ω12 runs past π, which
        // turns it the wrong way (possible within a few kilometers of the antipode, near a pole).
        let spherical = sphericalStart()
        return spherical.sine > 0 ? spherical : astroid?.azimuth ?? spherical
    }

    /// The great circle on the auxiliary sphere, with the longitude difference there taken as
    /// ω12 = λ12 / w̄, w̄ = √(1 − e² cos² β̄) at the mean latitude (dλ/dω = √(1 − e² cos² β) along a
    /// geodesic). Good wherever point 2 is not close to the antipode of point 1.
    ///
    /// The northward part, cos β1 sin β2 − sin β1 cos β2 cos ω12, is written as
    /// sin(β2 − β1) + sin β1 cos β2 · 2 sin²(ω12 / 2) so that it keeps its sign and precision over a
    /// short line: along a parallel (β1 = β2) it is the small dip towards the pole that the
    /// geodesic makes, which 1 − cos ω12 would round away.
    func sphericalStart() -> UnitAngle {
        let meanCosβ = (β1.cosine + β2.cosine) / 2
        let ω12 = λ12 / (1 - WGS84.e2 * meanCosβ * meanCosβ).squareRoot()
        let halfSine = sin(ω12 / 2)
        let northward = (β2.sine * β1.cosine - β2.cosine * β1.sine) + β1.sine * β2.cosine * 2 * halfSine * halfSine
        return UnitAngle(y: β2.cosine * sin(ω12), x: northward)
    }

    /// Near the antipode of point 1 (Karney 2013, § 5). On the sphere every great circle from point 1
    /// passes through its antipode; on the ellipsoid the geodesic leaving at α1 falls short in
    /// longitude there by about f π cos β1 sin α1. In units of f π cos β1 of longitude (x) and
    /// f π cos² β1 of reduced latitude (y), measured from the antipode, the geodesics are the lines
    ///
    ///     x / sin α1 + y / cos α1 = −1,
    ///
    /// whose envelope, the caustic, is the astroid |x|^⅔ + |y|^⅔ = 1. Writing sin α1 = −x / (1 + μ),
    /// cos α1 = y / μ turns sin² + cos² = 1 into an equation for μ with one positive root, which
    /// picks the shortest of the lines through (x, y).
    ///
    /// Straight lines stand in for geodesics that curve (and for parallels and meridians that
    /// curve, near a pole) over a distance of about cos β1 from the antipode: at a distance of D
    /// astroid units, f π cos² β1 D, the start is off by about f π cos β1 D. The great circle of
    /// `sphericalStart` is off by about 1 / D instead, so it is the better one beyond
    /// D² = 1 / (f π cos β1).
    func astroidStart() -> (azimuth: UnitAngle, isCloseToAntipode: Bool)? {
        let unit = WGS84.f * .pi * β1.cosine
        let x = (λ12 - .pi) / unit
        let βSum = UnitAngle(
            sine: β1.sine * β2.cosine + β1.cosine * β2.sine,
            cosine: β1.cosine * β2.cosine - β1.sine * β2.sine
        ).radians
        let y = βSum / (unit * β1.cosine)
        let isClose = x * x + y * y < 1 / unit
        guard y != 0 else {
            // Point 2 on the antipodal parallel. Inside the astroid (|x| < 1) two mirror-image
            // lines pass through it; take the one heading south first. Outside, the line is
            // the one leaving due east, a degenerate start (the slope is 0/0 there): the
            // spherical one is better.
            return x > -1 ? (UnitAngle(y: -x, x: -(1 - x * x).squareRoot()), isClose) : nil
        }
        let μ = Self.astroidRoot(x: x, y: y)
        return (UnitAngle(y: -x / (1 + μ), x: y / μ), isClose)
    }

    /// The positive μ with x² / (1 + μ)² + y² / μ² = 1, for y ≠ 0.
    ///
    /// The left side falls from +∞ at μ = 0 towards 0 and is convex, so Newton's method started
    /// where it is still at least 1 climbs to the root without overshooting. Each term alone is at
    /// most 1, so μ ≥ |y| and 1 + μ ≥ |x|: the larger of those is such a start.
    static func astroidRoot(x: Double, y: Double) -> Double {
        var μ = max(abs(y), abs(x) - 1)
        for _ in 0..<50 {
            let p = 1 + μ
            let excess = x * x / (p * p) + y * y / (μ * μ) - 1
            let slope = -2 * x * x / (p * p * p) - 2 * y * y / (μ * μ * μ)
            let step = -excess / slope
            μ += step
            if !(step > 1e-12 * μ) { break }
        }
        return μ
    }
}
