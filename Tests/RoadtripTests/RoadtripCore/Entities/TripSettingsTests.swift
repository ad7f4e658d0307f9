import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

/// The trip's `settings` object and a stop's stay in the file (SPEC §3): optional, written only
/// when chosen, read back the same, and a wrong value named with its place in the file.
struct TripSettingsTests {
    private static func file(trip fields: String, stop stopFields: String = "") -> Data {
        Data(#"""
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
        trip.settings = TripSettings(startDate: LocalDay(year: 2026, month: 7, day: 1), startTime: ClockTime(hour: 8, minute: 30),
                                     timeZone: "America/Los_Angeles", dailyLimitHours: 6.5, averageSpeedKmh: 90, roadFactor: 1.3,
                                     units: .mi, endsBySunset: true)
        trip.stops[0].stay = .hours(1.5)
        trip.stops[1].stay = .nights(2)
        trip.stops[2].overnight = true
        let data = try TripFile(trips: [trip]).encoded()
        #expect(try Self.decode(data).trips == [trip])
        let text = String(decoding: data, as: UTF8.self)
        for line in [#""startDate" : "2026-07-01""#, #""startTime" : "08:30""#, #""units" : "mi""#, #""endsBySunset" : true"#,
                     #""stayHours" : 1.5"#, #""stayNights" : 2"#, #""overnight" : true"#] {
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
        (#""settings": {"dailyLimitHours": 0},"#, "dailyLimitHours must be a number above 0, found 0.0"),
    ])
    func aWrongSettingIsNamedWithItsPlace(_ fields: String, _ reason: String) throws {
        #expect {
            try Self.decode(Self.file(trip: fields))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/tmp/trips.json") && text.contains(reason) && text.contains("line 1")
        }
    }

    @Test(arguments: [
        (#", "stayHours": 2, "stayNights": 1"#, "a stop gives stayHours or stayNights, not both"),
        (#", "stayNights": 1.5"#, "stayNights must be a whole number of nights from 1 to 365, found 1.5"),
        (#", "stayHours": 300"#, "stayHours must be a number of hours from 0 to 240, found 300.0"),
    ])
    func aWrongStayIsNamedWithItsPlace(_ fields: String, _ reason: String) throws {
        #expect {
            try Self.decode(Self.file(trip: "", stop: fields))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/tmp/trips.json") && text.contains(reason)
        }
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
