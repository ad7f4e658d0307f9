import Foundation
@testable import RoadtripCore
import Testing

/// How a routed leg is driven (issue 35): class speeds, bends, junctions and towns, per vehicle.
struct DriveTimeTests {
    static let metersPerDegree = 6_371_008.8 * Double.pi / 180
    static let origin = Coordinate(latitude: 42.5, longitude: 1.5)

    /// A point `east` and `north` meters from `origin`.
    static func point(east: Double, north: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + north / metersPerDegree,
            longitude: origin.longitude + east / (metersPerDegree * cos(origin.latitude * .pi / 180)))
    }

    /// A leg through `vertices` (east, north in meters), every stretch allowed `kmh`, the points
    /// at `junctions` (indices) where other roads meet.
    static func leg(_ vertices: [(Double, Double)], kmh: Double, junctions: Set<Int> = []) -> [DrivenPoint] {
        var meters = 0.0
        return vertices.enumerated().map { index, vertex in
            if index > 0 {
                let previous = vertices[index - 1]
                meters += hypot(vertex.0 - previous.0, vertex.1 - previous.1)
            }
            return DrivenPoint(
                point(east: vertex.0, north: vertex.1), meters: meters, limitKmh: index == 0 ? 0 : kmh,
                isJunction: junctions.contains(index))
        }
    }

    /// A straight leg of `meters`, a point every 50 m.
    static func straight(_ meters: Double, kmh: Double, junctionEvery: Double? = nil) -> [DrivenPoint] {
        let steps = Int(meters / 50)
        let junctions = junctionEvery.map { every in Set((1..<steps).filter { Double($0 * 50).truncatingRemainder(dividingBy: every) == 0 }) } ?? []
        return leg((0...steps).map { (Double($0) * 50, 0) }, kmh: kmh, junctions: junctions)
    }

    /// A road up a slope in `bends` hairpins (each a half circle of `radius` meters, a point every
    /// 5 m of it) joined by straights of `straight` meters: about as long as `straight(…)` of the sum.
    static func hairpins(_ bends: Int, radius: Double, straight: Double, kmh: Double) -> [DrivenPoint] {
        var vertices: [(Double, Double)] = [(0, 0)]
        var (x, y, heading) = (0.0, 0.0, 1.0)
        for _ in 0..<bends {
            x += straight * heading
            vertices.append((x, y))
            let steps = Int(Double.pi * radius / 5)
            let centre = (x, y + radius)
            for step in 1...steps {
                let angle = -Double.pi / 2 + Double.pi * Double(step) / Double(steps)
                vertices.append((centre.0 + heading * radius * cos(angle), centre.1 + radius * sin(angle)))
            }
            (x, y, heading) = (vertices.last!.0, vertices.last!.1, -heading)
        }
        vertices.append((x + straight * heading, y))
        return leg(vertices, kmh: kmh)
    }

    static let car = DrivingProfile.of(.car)

    @Test func onAStraightOpenRoadTheTimeIsTheLengthAtTheClassSpeedPlusStartingAndStopping() throws {
        let seconds = DriveTime.seconds(of: Self.straight(10_000, kmh: 78), profile: Self.car)
        let cruise = 78 / 3.6
        let startAndStop = cruise / (2 * Self.car.acceleration) + cruise / (2 * Self.car.deceleration)
        #expect(abs(seconds - (10_000 / cruise + startAndStop)) < 0.5, "\(seconds)")
    }

    @Test func eachClassHasItsSpeedAndATaggedLimitBelowItCaps() {
        let car = Self.car.cruiseKmh
        #expect(
            car[.motorway]! > car[.trunk]! && car[.trunk]! > car[.primary]! && car[.primary]! > car[.secondary]!
                && car[.secondary]! > car[.tertiary]! && car[.tertiary]! > car[.residential]! && car[.residential]! > car[.service]!)
        // Below the 90 km/h national limit of Andorra that Routino's 96 km/h primary roads passed.
        #expect(car[.primary]! < 90)
        let primary = DriveTime.seconds(of: Self.straight(5_000, kmh: car[.primary]!), profile: Self.car)
        let limited = DriveTime.seconds(of: Self.straight(5_000, kmh: 50), profile: Self.car)
        let residential = DriveTime.seconds(of: Self.straight(5_000, kmh: car[.residential]!), profile: Self.car)
        #expect(primary < limited && limited < residential)
    }

    @Test func aHairpinRoadIsSlowerThanAStraightOneOfTheSameLengthAndClass() {
        let climb = Self.hairpins(8, radius: 12, straight: 400, kmh: 70)
        let length = climb.last!.meters
        let flat = Self.straight(length.rounded(.down) - length.truncatingRemainder(dividingBy: 50), kmh: 70)
        let (twisting, straight) = (DriveTime.seconds(of: climb, profile: Self.car), DriveTime.seconds(of: flat, profile: Self.car))
        #expect(twisting / length > 1.4 * straight / flat.last!.meters, "\(twisting) s for \(length) m against \(straight) s")
        // Each hairpin (12 m) is taken at about 18 km/h, not at the road's 70.
        #expect((16...20).contains(CurveSpeed.kmh(radius: 12)))
    }

    @Test func theCurveSpeedsAreTheGreenBooksAndGrowWithTheRadius() {
        #expect(CurveSpeed.kmh(radius: 15) == 20 && CurveSpeed.kmh(radius: 100) == 50 && CurveSpeed.kmh(radius: 490) == 100)
        #expect(CurveSpeed.kmh(radius: 80) == 45)
        #expect(CurveSpeed.kmh(radius: 2_000) == .infinity && CurveSpeed.kmh(radius: .infinity) == .infinity)
        let radii = stride(from: 1.0, to: 800, by: 7)
        #expect(zip(radii, radii.dropFirst()).allSatisfy { CurveSpeed.kmh(radius: $0) < CurveSpeed.kmh(radius: $1) })
    }

    @Test func aTurnAtAJunctionCostsByItsAngle() {
        #expect(DriveTime.turnSeconds(0, profile: Self.car) == 0)
        #expect(abs(DriveTime.turnSeconds(90, profile: Self.car) - Self.car.uTurnSeconds / 2) < 1e-9)
        #expect(DriveTime.turnSeconds(180, profile: Self.car) == Self.car.uTurnSeconds)
        // A right angle at a junction costs its pause and the slowing (a left turn, across the
        // oncoming traffic, a little more); the same corner where no road meets only the slowing.
        let corner = [(0.0, 0.0), (300, 0), (300, 300)]
        let atJunction = DriveTime.seconds(of: Self.leg(corner, kmh: 50, junctions: [1]), profile: Self.car)
        let bend = DriveTime.seconds(of: Self.leg(corner, kmh: 50), profile: Self.car)
        let straightOn = DriveTime.seconds(of: Self.leg([(0, 0), (300, 0), (600, 0)], kmh: 50), profile: Self.car)
        #expect(abs(atJunction - bend - Self.car.uTurnSeconds / 2 - DriveTime.oncomingSeconds(90)) < 1e-6)
        #expect(bend > straightOn + 2, "\(bend) against \(straightOn)")
    }

    @Test func aStretchThroughATownIsDrivenAtTheTownSpeed() {
        let open = DriveTime.seconds(of: Self.straight(3_000, kmh: 78, junctionEvery: 1_000), profile: Self.car)
        let town = DriveTime.seconds(of: Self.straight(3_000, kmh: 78, junctionEvery: 50), profile: Self.car)
        #expect(abs(open - DriveTime.seconds(of: Self.straight(3_000, kmh: 78), profile: Self.car)) < 1e-6)
        // 3 km at 35 km/h is 309 s; at 78, 138 s.
        #expect((300...330).contains(town), "\(town)")
    }

    @Test func eachVehicleDrivesTheSameRoadInItsOwnTime() {
        let climb = Self.hairpins(6, radius: 15, straight: 300, kmh: 60)
        let seconds = Vehicle.allCases.map { DriveTime.seconds(of: climb, profile: .of($0)) }
        let (car, motorcycle, van, camper) = (seconds[0], seconds[1], seconds[2], seconds[3])
        #expect(motorcycle < car && car < van && van < camper, "\(seconds)")
        #expect(Vehicle.allCases.map { DrivingProfile.of($0).vehicle } == Vehicle.allCases)
        // A camper drives no tracks; the others only when a track saves much.
        #expect(!DrivingProfile.of(.camper).drives(.track) && DrivingProfile.of(.car).drives(.track))
        #expect(DrivingProfile.of(.camper).heightMeters > 3 && DrivingProfile.of(.van).weightTonnes == 3.5)
    }

    @Test func aLegOfOnePointOrOfTwoAtOnePlaceTakesNoTime() {
        #expect(DriveTime.seconds(of: [], profile: Self.car) == 0)
        #expect(DriveTime.seconds(of: Array(Self.straight(0, kmh: 50).prefix(1)), profile: Self.car) == 0)
        #expect(DriveTime.seconds(of: Self.leg([(0, 0), (0, 0)], kmh: 50), profile: Self.car) == 0)
    }

    @Test func aShortStretchPeaksBelowItsCruiseAndTheTimeMatchesTheMotion() {
        // 100 m from rest to rest at 1.2 up and 1.5 down: the peak is √(2·1.2·1.5·100/2.7) = 11.55 m/s.
        let seconds = DriveTime.stretchSeconds(100, from: 0, to: 0, cruise: 30, profile: Self.car)
        let peak = (2 * 1.2 * 1.5 * 100 / 2.7).squareRoot()
        #expect(abs(seconds - (peak / 1.2 + peak / 1.5)) < 1e-9)
    }
}
