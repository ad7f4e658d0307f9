import Foundation
import Testing
@testable import RoadtripKit

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
        trip.roadFactor = 1.1
        trip.averageSpeedKmh = 100
        let estimate = RouteEstimate(for: trip)
        #expect(estimate.roadFactor == 1.1 && estimate.averageSpeedKmh == 100)
    }

    @Test func durationsRoundToTheMinute() {
        #expect(RouteEstimate.formatDuration(seconds: 0) == "0 min")
        #expect(RouteEstimate.formatDuration(seconds: 29) == "0 min")
        #expect(RouteEstimate.formatDuration(seconds: 45 * 60) == "45 min")
        #expect(RouteEstimate.formatDuration(seconds: 3600) == "1 h")
        #expect(RouteEstimate.formatDuration(seconds: 16 * 3600 + 10 * 60 + 20) == "16 h 10 min")
        #expect(RouteEstimate.formatDuration(seconds: 1234 * 3600) == "1,234 h")
    }
}

@Suite struct CoordinateParserTests {
    @Test(arguments: [
        ("37.7749, -122.4194", 37.7749, -122.4194),
        ("37.7749 -122.4194", 37.7749, -122.4194),
        ("  37.7749,-122.4194 ", 37.7749, -122.4194),
        ("48.8566 N 2.3522 E", 48.8566, 2.3522),
        ("48.8566N 2.3522E", 48.8566, 2.3522),
        ("33.8688S, 151.2093E", -33.8688, 151.2093),
        ("33.8688° S, 151.2093° E", -33.8688, 151.2093),
        ("36.6002° N, 121.8947° W", 36.6002, -121.8947),
        ("-90, 180", -90, 180),
        ("0 0", 0, 0),
    ])
    func readsCommonForms(text: String, latitude: Double, longitude: Double) throws {
        #expect(try CoordinateParser.parse(text) == Coordinate(latitude: latitude, longitude: longitude))
    }

    @Test func refusesOutOfRange() {
        #expect(throws: CoordinateParser.Failure.latitudeOutOfRange(91)) { try CoordinateParser.parse("91, 0") }
        #expect(throws: CoordinateParser.Failure.longitudeOutOfRange(-181)) { try CoordinateParser.parse("0, -181") }
        #expect(throws: CoordinateParser.Failure.latitudeOutOfRange(-95)) { try CoordinateParser.parse("95 S 10 E") }
    }

    @Test(arguments: ["", "Monterey", "1", "1, 2, 3", "nan, 0", "inf, 0", "12 N", "-12 N 3 E", "1e999, 0"])
    func refusesWhatIsNotCoordinates(text: String) {
        #expect(throws: CoordinateParser.Failure.self) { try CoordinateParser.parse(text) }
    }

    @Test func messagesAreSentences() {
        #expect(CoordinateParser.Failure.latitudeOutOfRange(91).description == "Latitude 91.0 is out of range: it must be between -90 and 90.")
        #expect(CoordinateParser.Failure.unreadable("x").description.contains("36.6002, -121.8947"))
    }
}
