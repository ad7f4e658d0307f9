import Foundation

/// A point of a routed leg, as the road engine lists them: where it is, how far along the leg,
/// the speed the engine allowed on the stretch that ends there (the class's cruising speed, or a
/// lower tagged `maxspeed`), and whether another road meets it.
package struct DrivenPoint: Equatable, Sendable {
    package var coordinate: Coordinate
    package var meters: Double
    package var limitKmh: Double
    package var isJunction: Bool

    package init(_ coordinate: Coordinate, meters: Double, limitKmh: Double, isJunction: Bool = false) {
        self.coordinate = coordinate
        self.meters = meters
        self.limitKmh = limitKmh
        self.isJunction = isJunction
    }
}

/// How long a routed leg takes to drive: what the road engine does not know (issue 35). Routino
/// (and Valhalla) time a leg as its length at each road's speed; a driver slows for every bend,
/// turns at junctions and crawls through towns. From the leg's points:
///
/// - each stretch's speed is its allowed speed, capped in built-up areas (`townCap`: many
///   junctions close together, the way a village or a town looks from its roads);
/// - each point's speed is capped by the bend there (`CurveSpeed`, from the radius of the circle
///   through the road 20 m either side), and the leg starts and ends at rest;
/// - the vehicle reaches those speeds at its acceleration and leaves them at its deceleration
///   (a forward and a backward pass), so a bend costs the time of slowing for it, not a detour;
/// - a turn at a junction costs a pause by its angle (`turnSeconds`), and more across the
///   oncoming traffic (`oncomingSeconds`);
/// - each traffic control on the way (lights, a stop sign, a crossing, a hump: `controls`) costs
///   what `TrafficControl.seconds` says, as it does on the road graph's edges (issue 56).
///
/// The leg's time is the sum over its stretches. It knows nothing of traffic jams or grades.
package enum DriveTime {
    /// The seconds to drive `points` (in order, at least two) in a vehicle of `profile`, past the
    /// `controls` of their roads, where traffic keeps right (or left: `keepsLeft`).
    package static func seconds(
        of points: [DrivenPoint], profile: DrivingProfile, controls: TrafficControls = TrafficControls([]),
        keepsLeft: Bool = false
    ) -> Double {
        guard points.count >= 2 else { return 0 }
        let line = Line(points)
        let stretches = (1..<points.count).map { i in
            min(points[i].limitKmh, townCap(around: (points[i - 1].meters + points[i].meters) / 2, line: line, profile: profile, cruise: points[i].limitKmh))
        }.map { max($0, minimumKmh) / 3.6 }
        var atPoints = (0..<points.count).map { i -> Double in
            guard i > 0, i < points.count - 1 else { return 0 }
            let bend = CurveSpeed.kmh(radius: line.radius(at: i)) * profile.curveFactor / 3.6
            return min(stretches[i - 1], stretches[i], max(bend, minimumKmh / 3.6))
        }
        limitByAcceleration(&atPoints, line: line, profile: profile)
        var total = 0.0
        for i in 1..<points.count {
            total += stretchSeconds(line.length(i), from: atPoints[i - 1], to: atPoints[i], cruise: stretches[i - 1], profile: profile)
        }
        for i in 1..<points.count - 1 where points[i].isJunction {
            let turn = line.turn(at: i)
            total += turnSeconds(abs(turn), profile: profile) + oncomingSeconds(keepsLeft ? -turn : turn)
        }
        for i in 1..<points.count {
            for control in controls.on(from: points[i - 1].coordinate, to: points[i].coordinate) {
                total += TrafficControl.seconds(control.kind, passingAt: stretches[i - 1], profile: profile, share: control.share)
            }
        }
        return total
    }

    /// What a turn of `degrees` (positive to the left) costs for crossing the oncoming traffic
    /// with traffic on the right: a left turn waits for a gap where a right one does not (where
    /// traffic keeps left, the turn is given mirrored). OSRM 26's car profile charges 2 s for it
    /// (`oncoming_turn_penalty`), tapered by the turn's sharpness with its sigmoid (a bend to the
    /// left pays almost nothing); a U-turn's crossing is in `turnSeconds`.
    static func oncomingSeconds(_ degrees: Double) -> Double {
        guard degrees > 0, degrees < 170 else { return 0 }
        return oncomingTurnSeconds / (1 + exp(-(13 * degrees / 180 - 3.25)))
    }

    static let oncomingTurnSeconds = 2.0

    /// No stretch is driven slower than this, in km/h (a speed of 0 would never arrive).
    static let minimumKmh = 5.0

    /// What a turn of `degrees` (0: straight on, 180: back) at a junction costs beyond slowing for
    /// it: a share of the U-turn's pause, growing as the square of the sine of half the angle
    /// (nothing straight on, half at a right angle).
    package static func turnSeconds(_ degrees: Double, profile: DrivingProfile) -> Double {
        let half = min(abs(degrees), 180) / 2 * .pi / 180
        return profile.uTurnSeconds * sin(half) * sin(half)
    }

    /// Junctions closer together than this (per km, over `townWindow` either side) make a
    /// built-up area, at the vehicle's town speed; from `openJunctionsPerKm` down there is none.
    static let townJunctionsPerKm = 8.0, openJunctionsPerKm = 3.0, townWindow = 250.0

    /// The speed allowed `meters` along the leg by the junctions around it, in km/h.
    static func townCap(around meters: Double, line: Line, profile: DrivingProfile, cruise: Double) -> Double {
        townCap(junctionsPerKm: line.junctionsPerKm(around: meters, within: townWindow), profile: profile, cruise: cruise)
    }

    /// The speed allowed where `density` junctions come per km, in km/h.
    static func townCap(junctionsPerKm density: Double, profile: DrivingProfile, cruise: Double) -> Double {
        guard density > openJunctionsPerKm else { return .infinity }
        let open = min(max((townJunctionsPerKm - density) / (townJunctionsPerKm - openJunctionsPerKm), 0), 1)
        return profile.townKmh + max(cruise - profile.townKmh, 0) * open
    }

    /// Lowers each point's speed to what the vehicle can reach from the point before
    /// (accelerating) and slow from to the point after (braking).
    static func limitByAcceleration(_ speeds: inout [Double], line: Line, profile: DrivingProfile) {
        limitByAcceleration(&speeds, lengths: { line.length($0) }, profile: profile)
    }

    /// The same over stretches of `lengths(i)` meters each into point `i` (from 1).
    static func limitByAcceleration(_ speeds: inout [Double], lengths: (Int) -> Double, profile: DrivingProfile) {
        for i in speeds.indices.dropFirst() {
            speeds[i] = min(speeds[i], (speeds[i - 1] * speeds[i - 1] + 2 * profile.acceleration * lengths(i)).squareRoot())
        }
        for i in speeds.indices.dropLast().reversed() {
            speeds[i] = min(speeds[i], (speeds[i + 1] * speeds[i + 1] + 2 * profile.deceleration * lengths(i + 1)).squareRoot())
        }
    }

    /// The seconds to drive `meters` entering at `from` and leaving at `to` (m/s, both reachable),
    /// at most at `cruise`: speeding up, cruising, slowing down, or a peak below cruise if short.
    static func stretchSeconds(_ meters: Double, from: Double, to: Double, cruise: Double, profile: DrivingProfile) -> Double {
        guard meters > 0 else { return 0 }
        let (a, b) = (profile.acceleration, profile.deceleration)
        let rising = (cruise * cruise - from * from) / (2 * a), falling = (cruise * cruise - to * to) / (2 * b)
        if rising + falling <= meters {
            return (cruise - from) / a + (cruise - to) / b + (meters - rising - falling) / cruise
        }
        let peak = ((2 * a * b * meters + b * from * from + a * to * to) / (a + b)).squareRoot()
        return max(peak - from, 0) / a + max(peak - to, 0) / b
    }
}

extension DriveTime {
    /// A leg's points with what the model asks of them: the length of each stretch, the bend and
    /// the turn at each point (from the road `reach` meters either side), the junctions' density.
    struct Line {
        let points: [DrivenPoint]
        /// How far from a point its bend is measured: far enough that the few meters between two
        /// nodes of one junction do not read as a hairpin, near enough for a hairpin to be one.
        static let reach = 20.0
        private let junctions: [Double]
        private let meters: [Double]

        init(_ points: [DrivenPoint]) {
            self.points = points
            meters = points.map(\.meters)
            junctions = points.dropFirst().dropLast().filter(\.isJunction).map(\.meters)
        }

        /// The length of the stretch that ends at point `i`.
        func length(_ i: Int) -> Double { max(points[i].meters - points[i - 1].meters, 0) }

        /// The radius of the circle through the road `reach` before point `i`, the point and
        /// `reach` after it, in meters (infinity on a straight road).
        func radius(at i: Int) -> Double {
            let (before, after) = sides(of: i)
            let (ab, bc, ac) = (before.length, after.length, hypot(before.x + after.x, before.y + after.y))
            let cross = abs(before.x * after.y - before.y * after.x)
            guard cross > 1e-9 else { return .infinity }
            return ab * bc * ac / (2 * cross)
        }

        /// How far the road turns at point `i`, in degrees (0: straight on, ±180: back; positive
        /// to the left).
        func turn(at i: Int) -> Double {
            let (before, after) = sides(of: i)
            return atan2(before.x * after.y - before.y * after.x, before.x * after.x + before.y * after.y) * 180 / .pi
        }

        /// Junctions per km within `window` meters either side of `meters` along the leg.
        func junctionsPerKm(around meters: Double, within window: Double) -> Double {
            let (low, high) = (meters - window, meters + window)
            let count = index(in: junctions, after: high) - index(in: junctions, after: low)
            let covered = min(high, points[points.count - 1].meters) - max(low, 0)
            return Double(count) / (max(covered, window) / 1_000)
        }

        /// The road into point `i` and out of it, as vectors in meters (east, north) over `reach`.
        private func sides(of i: Int) -> (PlaneVector, PlaneVector) {
            let centre = points[i].coordinate, here = points[i].meters
            let before = offset(of: location(at: here - Self.reach), from: centre)
            let after = offset(of: location(at: here + Self.reach), from: centre)
            return (PlaneVector(x: -before.x, y: -before.y), after)
        }

        /// The point `meters` along the leg (clamped to its ends), between the points around it.
        private func location(at meters: Double) -> Coordinate {
            let end = index(in: self.meters, after: meters)
            guard end > 0 else { return points[0].coordinate }
            guard end < points.count else { return points[points.count - 1].coordinate }
            let (a, b) = (points[end - 1], points[end])
            let share = b.meters > a.meters ? (meters - a.meters) / (b.meters - a.meters) : 0
            return Coordinate(
                latitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * share,
                longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * share)
        }

        /// `point` seen from `centre`, in meters east and north (a plane is exact enough over 20 m).
        private func offset(of point: Coordinate, from centre: Coordinate) -> PlaneVector {
            let metersPerDegree = 6_371_008.8 * .pi / 180
            return PlaneVector(
                x: (point.longitude - centre.longitude) * cos(centre.latitude * .pi / 180) * metersPerDegree,
                y: (point.latitude - centre.latitude) * metersPerDegree)
        }

        /// How many of `sorted` are at most `value`.
        private func index(in sorted: [Double], after value: Double) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= value { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// A vector in a plane, in meters.
    struct PlaneVector {
        let x: Double, y: Double
        var length: Double { hypot(x, y) }
    }
}
