import Foundation
@testable import RoadtripCore
import Testing

/// Degrees, minutes, seconds as decimal degrees.
private func dms(_ degrees: Double, _ minutes: Double, _ seconds: Double = 0) -> Double {
    degrees + minutes / 60 + seconds / 3600
}

@Suite struct CoordinateParserTests {
    static let readable: [(String, Double, Double)] = [
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
        ("S33.8688 E151.2093", -33.8688, 151.2093),
        ("151.2093 E, 33.8688 S", -33.8688, 151.2093),
        ("33°51′35″S 151°12′40″E", -dms(33, 51, 35), dms(151, 12, 40)),
        ("33°51'35\"S 151°12'40\"E", -dms(33, 51, 35), dms(151, 12, 40)),
        ("33°51'35''S, 151°12'40''E", -dms(33, 51, 35), dms(151, 12, 40)),
        ("33 51 35 S 151 12 40 E", -dms(33, 51, 35), dms(151, 12, 40)),
        ("36°36.01′N 121°53.68′W", dms(36, 36.01), -dms(121, 53.68)),
        ("48°51′24″N, 2°21′8″E", dms(48, 51, 24), dms(2, 21, 8)),
        // The ASCII forms the program prints under LANG=C read back.
        ("36.6002d N, 121.8947d W", 36.6002, -121.8947),
        ("36d36'1\"N 121d53'41\"W", dms(36, 36, 1), -dms(121, 53, 41)),
        ("36.6002 deg N, 121.8947deg W", 36.6002, -121.8947),
        ("33 degrees 51' S, 151 degree 12' E", -dms(33, 51), dms(151, 12)),
        ("36.6002D,-121.8947D", 36.6002, -121.8947),
    ]

    @Test(arguments: readable)
    func readsCommonForms(text: String, latitude: Double, longitude: Double) throws {
        #expect(try CoordinateParser.parse(text) == Coordinate(latitude: latitude, longitude: longitude))
    }

    @Test func refusesOutOfRange() {
        #expect(throws: CoordinateParser.Failure.latitudeOutOfRange(91)) { try CoordinateParser.parse("91, 0") }
        #expect(throws: CoordinateParser.Failure.longitudeOutOfRange(-181)) { try CoordinateParser.parse("0, -181") }
        #expect(throws: CoordinateParser.Failure.latitudeOutOfRange(-95)) { try CoordinateParser.parse("95 S 10 E") }
    }

    @Test(arguments: [
        "", "Monterey", "1", "1, 2, 3", "nan, 0", "inf, 0", "12 N", "-12 N 3 E", "1e999, 0",
        "12 N 3 S", "12 E 3 W", "33.5°30′ N 151 E", "12,", "N, E", "1.2.3, 4",
        "36dd N 121 W", "d36 N 121 W", "36 days N 121 W",
    ])
    func refusesWhatIsNotCoordinates(text: String) {
        #expect(throws: CoordinateParser.Failure.self) { try CoordinateParser.parse(text) }
    }

    @Test func minutesAndSecondsMustBeBelowSixty() {
        #expect(throws: CoordinateParser.Failure.self) { try CoordinateParser.parse("33°61′0″S 151°0′0″E") }
        #expect(throws: CoordinateParser.Failure.self) { try CoordinateParser.parse("33°0′60″S 151°0′0″E") }
    }

    @Test func whatLooksLikeCoordinates() {
        #expect(CoordinateParser.looksLikeCoordinates("37.7, -122"))
        #expect(CoordinateParser.looksLikeCoordinates("-33 151"))
        #expect(CoordinateParser.looksLikeCoordinates(" N36.6 W121.9"))
        #expect(!CoordinateParser.looksLikeCoordinates("Nice"))
        #expect(!CoordinateParser.looksLikeCoordinates("Sydney"))
        #expect(!CoordinateParser.looksLikeCoordinates(""))
    }

    @Test func messagesAreSentences() {
        #expect(CoordinateParser.Failure.latitudeOutOfRange(91).description == "Latitude 91.0 is out of range: it must be between -90 and 90.")
        #expect(CoordinateParser.Failure.unreadable("x").description.contains("36.6002, -121.8947"))
    }
}
