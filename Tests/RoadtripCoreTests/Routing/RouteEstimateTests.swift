import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct RouteEstimateTests {
    @Test func defaultsAreARoadFactorOf1_25At80() {
        let estimate = RouteEstimate(for: Fixtures.pacific)
        #expect(estimate.roadFactor == 1.25)
        #expect(estimate.averageSpeedKmh == 80)
        #expect(estimate.roadMeters(geodesicMeters: 100_000) == 125_000)
        #expect(estimate.drivingSeconds(geodesicMeters: 64_000) == 3600)
    }

    @Test func aTripsOwnSettingsWin() {
        var trip = Fixtures.pacific
        trip.settings.roadFactor = 1.1
        trip.settings.averageSpeedKmh = 100
        let estimate = RouteEstimate(for: trip)
        #expect(estimate.roadFactor == 1.1 && estimate.averageSpeedKmh == 100)
    }

    @Test func durationsRoundToTheMinute() {
        #expect(RouteEstimate.formatDuration(seconds: 0) == "0 min")
        #expect(RouteEstimate.formatDuration(seconds: 29) == "0 min")
        #expect(RouteEstimate.formatDuration(seconds: 45 * 60) == "45 min")
        #expect(RouteEstimate.formatDuration(seconds: 3600) == "1 h 00 min")
        #expect(RouteEstimate.formatDuration(seconds: 3600 + 5 * 60) == "1 h 05 min")
        #expect(RouteEstimate.formatDuration(seconds: 16 * 3600 + 10 * 60 + 20) == "16 h 10 min")
        #expect(RouteEstimate.formatDuration(seconds: 1234 * 3600) == "1,234 h 00 min")
    }

    /// `Int(_:)` traps on these: a speed of 1e-300 km/h in a file made `show` and `plan` die.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, Double(Int.max) * 60, -60])
    func aDurationNoTripCanTakeIsADashNotATrap(_ seconds: Double) {
        #expect(RouteEstimate.formatDuration(seconds: seconds) == "—")
    }

    @Test func theLongestDurationsStillRead() {
        #expect(RouteEstimate.formatDuration(seconds: -0.0) == "0 min")
        #expect(RouteEstimate.formatDuration(seconds: 1e15) == "277,777,777,777 h 47 min")
    }

    @Test func theDefaultSpeedIsARoundNumberInTheUnitShown() {
        #expect(RouteEstimate(for: Trip(name: "A"), unit: .km).averageSpeedKmh == 80)
        let miles = RouteEstimate(for: Trip(name: "A"), unit: .mi).averageSpeedKmh
        #expect(TripText.decimal(DistanceUnit.mi.speed(kmh: miles)) == "50")
        // A speed of the trip's own is the trip's in any unit.
        var trip = Trip(name: "A")
        trip.settings.averageSpeedKmh = 100
        #expect(RouteEstimate(for: trip, unit: .mi).averageSpeedKmh == 100)
    }
}
