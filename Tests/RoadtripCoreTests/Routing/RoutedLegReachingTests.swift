import Foundation
import RoadtripCore
import Testing

/// Issue 56, item 1: a road between two stops is their leg only where it takes them there.
@Suite struct RoutedLegReachingTests {
    /// A point `meters` north and `east` meters east of 45° N, 7° E.
    static func point(north: Double, east: Double = 0) -> Coordinate {
        Coordinate(latitude: 45 + north / 111_132, longitude: 7 + east / 78_847)
    }

    static func leg(_ line: [Coordinate], meters: Double = 1_000, seconds: Double = 60) -> RoutedLeg {
        RoutedLeg(meters: meters, seconds: seconds, line: line, region: "r")
    }

    @Test func stopsAtTheirRoadKeepTheRoadsFigures() {
        let (a, b) = (Self.point(north: 0), Self.point(north: 900))
        let leg = Self.leg([Self.point(north: 0, east: 40), Self.point(north: 900, east: 40)])
        #expect(leg.reaching(from: (a, "A"), to: (b, "B")) == .road(leg))
    }

    /// Two stops 560 m apart, each 400 m from the one road point both meet: "0.0 km by road · 0
    /// min" was shown, with no mark.
    @Test func stopsThatMeetTheRoadAtOnePointHaveNoRoadLeg() {
        let (a, b) = (Self.point(north: 0, east: -280), Self.point(north: 0, east: 280))
        let road = Self.point(north: 280)
        #expect(
            Self.leg([road, road], meters: 0, seconds: 0).reaching(from: (a, "Mill"), to: (b, "Farm"))
                == .estimate(reason: "the road is farther from Mill and Farm than they are from each other"))
    }

    /// A stop 600 m from its road: the 600 m to it are driven at the access speed, and the line
    /// starts at the stop.
    @Test func aStopFarFromItsRoadAddsTheWayToIt() throws {
        let (a, b) = (Self.point(north: 0, east: -600), Self.point(north: 5_000))
        let line = [Self.point(north: 0), Self.point(north: 5_000)]
        guard case .road(let reached) = Self.leg(line, meters: 5_000, seconds: 300).reaching(from: (a, "A"), to: (b, "B")) else {
            Issue.record("a road leg"); return
        }
        let access = Geodesy.distance(from: a, to: line[0])
        #expect(abs(access - 600) < 2)
        #expect(reached.meters == 5_000 + access)
        #expect(abs(reached.seconds - (300 + access / (RoutedLeg.accessKmh / 3.6))) < 1e-9)
        #expect(reached.line == [a] + line)
    }

    @Test func aStopPastTheFarthestFromTheRoadHasNoRoadLeg() {
        let (a, b) = (Self.point(north: 0, east: -1_500), Self.point(north: 5_000))
        #expect(Self.leg([Self.point(north: 0), b]).reaching(from: (a, "Hut"), to: (b, "B")) == .estimate(reason: "Hut 1.5 km from the nearest road"))
    }
}
