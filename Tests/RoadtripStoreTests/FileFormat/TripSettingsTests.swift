import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The trip's `settings` object and a stop's stay in the file (SPEC §3): optional, written only
/// when chosen, read back the same, and a wrong value named with its place in the file.
struct TripSettingsTests {
    private static func file(trip fields: String, stop stopFields: String = "") -> Data {
        Data(
            #"""
            {"version": 1, "trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", \#(fields)
              "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B",
                             "location": {"latitude": 1, "longitude": 2}\#(stopFields)}]}]}
            """#.utf8)
    }

    private static func decode(_ data: Data) throws(DataFileError) -> TripFile {
        try TripFileStore(url: URL(fileURLWithPath: "/tmp/trips.json")).decode(data)
    }

    @Test func aTripWithoutSettingsIsWrittenWithoutThem() throws {
        let text = String(decoding: try TripFile(trips: [Fixtures.pacific]).encoded(), as: UTF8.self)
        #expect(!text.contains("settings"))
        #expect(!text.contains("stay"))
        #expect(!text.contains("overnight"))
    }

    @Test func everySettingRoundTrips() throws {
        var trip = Fixtures.pacific
        trip.settings = TripSettings(
            startDate: LocalDay(year: 2026, month: 7, day: 1), startTime: ClockTime(hour: 8, minute: 30),
            timeZone: "America/Los_Angeles", dailyLimitHours: 6.5, averageSpeedKmh: 90, roadFactor: 1.3,
            units: .mi, endsBySunset: true)
        trip.settings.route = .shortest
        trip.settings.vehicle = .van
        trip.settings.fuelLitresPer100Km = 7.5
        trip.settings.fuelPricePerLitre = 1.85
        trip.settings.currency = "€"
        trip.settings.nightlyBudget = 120
        trip.settings.rangeKm = 420
        trip.settings.reservePercent = 20
        trip.settings.defaultStayHours = 0.5
        trip.settings.fuel = .diesel
        trip.stops[0].stay = .hours(1.5)
        trip.stops[1].stay = .nights(2)
        trip.stops[2].overnight = true
        let data = try TripFile(trips: [trip]).encoded()
        #expect(try Self.decode(data).trips == [trip])
        let text = String(decoding: data, as: UTF8.self)
        for line in [
            #""startDate" : "2026-07-01""#, #""startTime" : "08:30""#, #""units" : "mi""#, #""endsBySunset" : true"#,
            #""route" : "shortest""#, #""vehicle" : "van""#, #""fuelLitresPer100Km" : 7.5"#, #""fuelPricePerLitre" : 1.85"#,
            #""currency" : "€""#, #""nightlyBudget" : 120"#, #""rangeKm" : 420"#, #""reservePercent" : 20"#, #""defaultStayHours" : 0.5"#,
            #""fuel" : "diesel""#,
            #""stayHours" : 1.5"#, #""stayNights" : 2"#, #""overnight" : true"#,
        ] {
            #expect(text.contains(line), "\(line)")
        }
    }

    /// Files written before trips had settings kept the estimate figures beside the stops.
    @Test func theEarlierEstimateFieldsAreReadIntoTheSettings() throws {
        let file = try Self.decode(Self.file(trip: #""roadFactor": 1.4, "averageSpeedKmh": 95,"#))
        #expect(file.trips[0].settings.roadFactor == 1.4)
        #expect(file.trips[0].settings.averageSpeedKmh == 95)
        let text = String(decoding: try file.encoded(), as: UTF8.self)
        #expect(text.contains(#""settings" : {"#))
        #expect(try Self.decode(Data(text.utf8)) == file)
    }

    @Test func theSettingsWinOverTheEarlierFields() throws {
        let file = try Self.decode(Self.file(trip: #""roadFactor": 1.4, "settings": {"roadFactor": 1.1},"#))
        #expect(file.trips[0].settings.roadFactor == 1.1)
    }

    @Test(arguments: [
        (#""settings": {"startDate": "2026-02-30"},"#, "startDate must be a date written YYYY-MM-DD, found “2026-02-30”"),
        (#""settings": {"startTime": "25:00"},"#, "startTime must be a time written HH:MM, found “25:00”"),
        (#""settings": {"units": "miles"},"#, "units must be “km” or “mi”, found “miles”"),
        (#""settings": {"dailyLimitHours": 0},"#, "dailyLimitHours must be a number of hours from 0.5 to 24, found 0.0"),
        (#""settings": {"fuelLitresPer100Km": 0},"#, "fuelLitresPer100Km must be a number of litres per 100 km from 1 to 50, found 0.0"),
        (#""settings": {"nightlyBudget": -5},"#, "nightlyBudget must be a price per night from 0 to 10000000, found -5.0"),
        (#""settings": {"rangeKm": 1},"#, "rangeKm must be a distance in km from 10 to 5000, found 1.0"),
        (#""settings": {"fuel": "coal"},"#, "fuel must be “petrol”, “diesel” or “electric”, found “coal”"),
        (#""settings": {"currency": "euro coins"},"#, "currency must be a symbol or code of 1 to 8 characters, such as “€” or “EUR”, found “euro coins”"),
    ])
    func aWrongSettingIsNamedWithItsPlace(_ fields: String, _ reason: String) throws {
        #expect {
            try Self.decode(Self.file(trip: fields))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/tmp/trips.json") && text.contains(reason) && text.contains("line 1")
        }
    }

    /// These made `show`, `plan` and the planner die (SIGILL) in `RouteEstimate.formatDuration`.
    @Test(arguments: [
        ("averageSpeedKmh", "1e-300", "a speed in km/h from 5 to 200, found 1e-300"),
        ("roadFactor", "1e300", "a number from 1 to 3, found 1e+300"),
        ("dailyLimitHours", "1e300", "a number of hours from 0.5 to 24, found 1e+300"),
        ("averageSpeedKmh", "200.000001", "a speed in km/h from 5 to 200, found 200.000001"),
        ("roadFactor", "0.999", "a number from 1 to 3, found 0.999"),
        ("dailyLimitHours", "0.49", "a number of hours from 0.5 to 24, found 0.49"),
    ])
    func aSettingOutsideTheFormsRangeIsNamedWithItsPlace(_ key: String, _ value: String, _ reason: String) throws {
        let error = #expect(throws: DataFileError.self) {
            try Self.decode(Self.file(trip: #""settings": {"\#(key)": \#(value)},"#))
        }
        guard case let .invalidContent(_, line, column, field, found) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(field == "trips[0].settings.\(key)")
        #expect(line == 1 && column == 103 + key.count)
        #expect(found == "\(key) must be \(reason)")
    }

    @Test(arguments: [
        ("averageSpeedKmh", 5.0), ("averageSpeedKmh", 200), ("roadFactor", 1), ("roadFactor", 3), ("dailyLimitHours", 0.5), ("dailyLimitHours", 24),
    ])
    func theEndsOfEachRangeAreKept(_ key: String, _ value: Double) throws {
        let settings = try Self.decode(Self.file(trip: #""settings": {"\#(key)": \#(value)},"#)).trips[0].settings
        #expect([settings.averageSpeedKmh, settings.roadFactor, settings.dailyLimitHours].contains(value))
    }

    /// The fields of files from before trips had settings: a nonsensical one was always passed
    /// over (the default used); one out of range now is too, instead of reaching the estimates.
    @Test func earlierFieldsOutOfRangeArePassedOver() throws {
        let file = try Self.decode(Self.file(trip: #""roadFactor": 1e300, "averageSpeedKmh": 1e-300,"#))
        #expect(file.trips[0].settings.roadFactor == nil && file.trips[0].settings.averageSpeedKmh == nil)
        let kept = try Self.decode(Self.file(trip: #""roadFactor": 3, "averageSpeedKmh": 5,"#))
        #expect(kept.trips[0].settings.roadFactor == 3 && kept.trips[0].settings.averageSpeedKmh == 5)
    }

    @Test(arguments: [
        (#", "stayHours": 2, "stayNights": 1"#, "a stop gives stayHours or stayNights, not both"),
        (#", "stayNights": 1.5"#, "stayNights must be a whole number of nights from 1 to 365, found 1.5"),
        (#", "stayHours": 300"#, "stayHours must be a number of hours from 0 to 240, found 300.0"),
        (#", "stayNights": 1e300"#, "stayNights must be a whole number of nights from 1 to 365, found 1e+300"),
        (#", "stayHours": 1e300"#, "stayHours must be a number of hours from 0 to 240, found 1e+300"),
    ])
    func aWrongStayIsNamedWithItsPlace(_ fields: String, _ reason: String) throws {
        #expect {
            try Self.decode(Self.file(trip: "", stop: fields))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/tmp/trips.json") && text.contains(reason)
        }
    }

    /// A bad stayNights was reported "in trips[0].waypoints[0].stayHours".
    @Test(arguments: [(#", "stayNights": 1.5"#, "stayNights"), (#", "stayNights": 400"#, "stayNights"), (#", "stayHours": -1"#, "stayHours")])
    func aWrongStayIsNamedByItsOwnField(_ fields: String, _ key: String) throws {
        let error = #expect(throws: DataFileError.self) { try Self.decode(Self.file(trip: "", stop: fields)) }
        guard case let .invalidContent(_, line, _, field, _) = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(field == "trips[0].waypoints[0].\(key)")
        #expect(line == 3)
    }

    @Test func unknownSettingsAreKept() throws {
        let file = try Self.decode(Self.file(trip: #""settings": {"ferries": "avoid", "units": "km"},"#))
        let again = try Self.decode(try file.encoded())
        #expect(again == file)
        #expect(String(decoding: try file.encoded(), as: UTF8.self).contains(#""ferries" : "avoid""#))
    }

    @Test func nightsCountAnOvernightAsOne() {
        #expect(Stay.nights(nil, overnight: false) == 0)
        #expect(Stay.nights(nil, overnight: true) == 1)
        #expect(Stay.nights(.hours(3), overnight: true) == 1)
        #expect(Stay.nights(.nights(3), overnight: false) == 3)
    }

    @Test(arguments: [("9:00", "09:00"), ("09:30", "09:30"), ("17", "17:00"), ("0745", "07:45"), (" 8:05 ", "08:05")])
    func clockTimesReadAsTyped(_ text: String, _ expected: String) {
        #expect(ClockTime(text)?.description == expected)
    }

    @Test(arguments: ["24:00", "9:60", "9:5", "", "noon", "9:00pm", "-1", "12345"])
    func clockTimesRefuseWhatIsNotOne(_ text: String) {
        #expect(ClockTime(text) == nil)
    }
}
