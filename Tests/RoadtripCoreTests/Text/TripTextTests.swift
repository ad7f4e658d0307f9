@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// The words and numbers a trip is shown in, shared by the screens and the command line.
struct TripTextTests {
    @Test func stopCountsAndRoutes() {
        #expect(TripText.stopCount(1) == "1 stop")
        #expect(TripText.stopCount(0) == "0 stops")
        #expect(TripText.route(of: Fixtures.pacific.stops) == "Monterey → Morro Bay")
        #expect(TripText.route(of: Array(Fixtures.pacific.stops.prefix(1))) == "Monterey")
        #expect(TripText.route(of: []) == "")
    }

    static let road = LegFigures(meters: 29_100, seconds: 1_917, source: .road)
    static let estimate = LegFigures(meters: 40_000, seconds: 1_800, source: .estimate, reason: "no region covers Durness")

    /// Issue 35: a trip's distance is its legs' by road, added up, marked "≈" when one is an estimate.
    @Test func aTripsDistanceIsTheSumOfItsLegsByRoad() {
        #expect(TripText.distance(of: [], unit: .km) == "—")
        #expect(TripText.distance(of: [Self.road, Self.road], unit: .km) == "58.2 km")
        #expect(TripText.distance(of: [Self.road, Self.estimate], unit: .km) == "≈ 69.1 km")
        #expect(TripText.distance(meters: 1_609.344, isEstimate: false, legs: 1, unit: .mi) == "1.0 mi")
    }

    @Test func aLegsTimeIsShownToTheMinuteAndATotalAddsTheMinutesShown() {
        #expect(Self.road.shownSeconds == 1_920 && LegFigures.toTheMinute(89) == 60 && LegFigures.toTheMinute(90) == 120)
        // 31 min 57 s three times: 96 minutes shown, where the seconds make 95 min 51 s.
        let legs = [Self.road, Self.road, Self.road]
        #expect(legs.shownSeconds == 3 * 1_920 && legs.total.seconds == 3 * 1_917)
    }

    /// The summary line is the legs' sums, the estimates' settings said when one is in it.
    @Test func theSummaryAddsUpTheLegs() {
        let estimate = RouteEstimate()
        #expect(
            TripText.summaries(legs: [Self.road, Self.road], estimate: estimate, unit: .km)
                == ["Total distance: 58.2 km by road · 1 h 04 min driving", "Total 58.2 km by road · 1 h 04 min", "58.2 km · 1 h 04 min"])
        #expect(
            TripText.summaries(legs: [Self.road, Self.estimate], estimate: estimate, unit: .km) == [
                "Total distance: ≈ 69.1 km by road · ≈ 1 h 02 min driving (×1.25 at 80 km/h)",
                "Total distance: ≈ 69.1 km by road · ≈ 1 h 02 min driving",
                "Total ≈ 69.1 km by road · ≈ 1 h 02 min",
                "≈ 69.1 km · ≈ 1 h 02 min",
            ])
        #expect(TripText.summary(legs: [], estimate: estimate, unit: .km) == "Total distance: 0.0 km by road · 0 min driving")
    }

    @Test func numbersReadAsTyped() {
        #expect(TripText.decimal(1.25) == "1.25")
        #expect(TripText.decimal(80) == "80")
        #expect(TripText.decimal(49.7097) == "49.71")
    }

    @Test func numbersNoIntHoldsAreWrittenNotTrapped() {
        #expect(TripText.decimal(1e300) == "1e+300")
        #expect(TripText.decimal(.infinity) == "inf")
        #expect(TripText.decimal(.nan) == "nan")
        #expect(TripText.decimal(-2.5) == "-2.5")
    }

    @Test func namesAreQuotedClippedToFortyColumns() {
        #expect(TripText.quoted("Pacific Coast Drive", utf8: true) == "“Pacific Coast Drive”")
        let long = String(repeating: "Pacific Coast ", count: 80_000)
        let quoted = TripText.quoted(long, utf8: true)
        #expect(quoted == "“" + String(long.prefix(TripText.quotedWidth - 1)) + "…”")
    }

    @Test func speedsConvertBothWays() {
        #expect(abs(DistanceUnit.mi.speed(kmh: 80.4672) - 50) < 1e-9)
        #expect(abs(DistanceUnit.mi.kmh(speed: 50) - 80.4672) < 1e-9)
        #expect(DistanceUnit.km.speed(kmh: 80) == 80)
    }
}
