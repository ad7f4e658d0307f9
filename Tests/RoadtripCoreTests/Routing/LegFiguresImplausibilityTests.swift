import Testing
@testable import RoadtripCore

/// The one rule figures from outside roadtrip are checked by (issue 52, item 7): the leg cache's
/// lines and a Valhalla service's answers alike.
struct LegFiguresImplausibilityTests {
    static let vella = Coordinate(latitude: 42.5078, longitude: 1.5211), pas = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let krems = Coordinate(latitude: 48.4097, longitude: 15.6150)

    /// Over the pass: 32.8 km of road in 26.5 minutes, for 17.5 km as the crow flies.
    @Test func aDriveThatCanBeIsTaken() {
        #expect(LegFigures.implausibility(meters: 32_821, seconds: 1_590, from: Self.vella, to: Self.pas) == nil)
    }

    /// The issue's leg: 1.0 km in a minute from Andorra to Krems, 1,280 km apart.
    @Test func aRoadShorterThanTheStraightLineCannotBe() throws {
        let doubt = LegFigures.implausibility(meters: 1_000, seconds: 60, from: Self.vella, to: Self.krems)
        guard case .shorterThanTheStraightLine(let geodesic)? = doubt else { Issue.record("\(String(describing: doubt))"); return }
        #expect(DistanceUnit.km.format(meters: geodesic) == "1,280 km", "\(geodesic)")
    }

    /// A road may end up to a kilometer from each stop: that much shorter than the straight line
    /// is still a road; half of it is not.
    @Test func aRoadSnappedAKilometerShortAtEachEndIsTaken() {
        let geodesic = Geodesy.distance(from: Self.vella, to: Self.pas)
        #expect(LegFigures.implausibility(meters: geodesic - 2_000, seconds: 1_200, from: Self.vella, to: Self.pas) == nil)
        #expect(
            LegFigures.implausibility(meters: geodesic / 2, seconds: 1_200, from: Self.vella, to: Self.pas)
                == .shorterThanTheStraightLine(geodesicMeters: geodesic))
    }

    /// Faster than 300 km/h over the road: 1,600 km in a minute; 32.8 km in 10 s.
    @Test func aDriveFasterThanAnyVehicleCannotBe() {
        #expect(LegFigures.implausibility(meters: 1_600_000, seconds: 60, from: Self.vella, to: Self.krems) == .fasterThanAnyVehicle)
        #expect(LegFigures.implausibility(meters: 32_821, seconds: 10, from: Self.vella, to: Self.pas) == .fasterThanAnyVehicle)
    }

    /// Negative, not finite, past the Earth's circumference, slower than walking pace allows.
    @Test(arguments: [(-6_572.0, 1_590.0), (32_821, -1), (.nan, 1_590), (32_821, .infinity), (50_000_000, 3_600_000), (32_821, 1e9)])
    func figuresNoDriveHasCannotBe(_ figures: (meters: Double, seconds: Double)) {
        #expect(LegFigures.implausibility(meters: figures.meters, seconds: figures.seconds, from: Self.vella, to: Self.pas) == .notADrive)
    }
}
