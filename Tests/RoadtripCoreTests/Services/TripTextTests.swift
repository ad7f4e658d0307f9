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

    @Test func aTripOfFewerThanTwoStopsHasNoDistance() {
        #expect(TripText.distance(of: Fixtures.empty, unit: .km) == "—")
        #expect(TripText.distance(of: Fixtures.pacific, unit: .km) == "170 km")
        #expect(TripText.distance(of: Fixtures.pacific, meters: 1_609.344, unit: .mi) == "1.0 mi")
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
