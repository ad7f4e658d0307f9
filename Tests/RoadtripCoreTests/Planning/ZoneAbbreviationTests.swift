import Foundation
@testable import RoadtripCore
import Testing

/// Zones by the names people use, read from the system's zoneinfo files (tzdata, which
/// `make test` installs): letters where tzdata has them, Foundation's "GMT-3" where it has numbers.
struct ZoneAbbreviationTests {
    /// Noon UTC on a date.
    static func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
        LocalDay(year: year, month: month, day: day).instant(hour: 12, minute: 0, in: TimeZone(secondsFromGMT: 0)!)
    }

    static func name(_ identifier: String, _ instant: Date) throws -> String {
        ZoneAbbreviation.name(of: try #require(TimeZone(identifier: identifier)), at: instant)
    }

    @Test func tokyoIsJST() throws {
        #expect(try Self.name("Asia/Tokyo", Self.noon(2026, 7, 1)) == "JST")
        #expect(try Self.name("Asia/Tokyo", Self.noon(2026, 1, 15)) == "JST")
    }

    @Test func londonIsBSTInSummerAndGMTInWinter() throws {
        #expect(try Self.name("Europe/London", Self.noon(2026, 7, 1)) == "BST")
        #expect(try Self.name("Europe/London", Self.noon(2026, 1, 15)) == "GMT")
    }

    @Test func parisIsCESTInSummerAndCETInWinter() throws {
        #expect(try Self.name("Europe/Paris", Self.noon(2026, 7, 1)) == "CEST")
        #expect(try Self.name("Europe/Paris", Self.noon(2026, 11, 25)) == "CET")
    }

    @Test func johannesburgIsSAST() throws {
        #expect(try Self.name("Africa/Johannesburg", Self.noon(2026, 7, 1)) == "SAST")
    }

    @Test func kolkataIsIST() throws {
        #expect(try Self.name("Asia/Kolkata", Self.noon(2026, 7, 1)) == "IST")
    }

    /// tzdata writes "-03" for São Paulo: no customary abbreviation, so the offset as before.
    @Test func saoPauloKeepsItsOffset() throws {
        #expect(try Self.name("America/Sao_Paulo", Self.noon(2026, 7, 1)) == "GMT-3")
    }

    /// Long past the last transition in the file: the footer's rule names the time.
    @Test func farFutureDatesUseTheFootersNames() throws {
        #expect(try Self.name("Europe/London", Self.noon(2090, 7, 1)) == "BST")
        #expect(try Self.name("Europe/London", Self.noon(2090, 12, 1)) == "GMT")
        #expect(try Self.name("America/Los_Angeles", Self.noon(2090, 7, 1)) == "PDT")
    }

    /// Before the zones were standardised: the file's own names for those times.
    @Test func historicTimesHaveTheirNames() throws {
        // British Double Summer Time, 1941.
        #expect(try Self.name("Europe/London", Self.noon(1941, 6, 1)) == "BDST")
    }

    /// A zone made from an offset has no file: Foundation's name as before.
    @Test func anOffsetZoneKeepsFoundationsName() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 9 * 3600))
        #expect(ZoneAbbreviation.name(of: zone, at: Self.noon(2026, 7, 1)) == ZoneAbbreviation.foundationName(of: zone, at: Self.noon(2026, 7, 1)))
    }

    /// The itinerary's rows name the zone of each stop: Tokyo to Osaka in JST, not GMT+9.
    @Test func itineraryRowsShowJST() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let stops = [
            Stop(name: "Tokyo", location: Coordinate(latitude: 35.68, longitude: 139.77)),
            Stop(name: "Osaka", location: Coordinate(latitude: 34.69, longitude: 135.50)),
        ]
        let day = LocalDay(year: 2026, month: 7, day: 1)
        let itinerary = ItineraryPlanner(
            stops: stops, legMeters: [400_000], estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 100),
            settings: TripSettings(startDate: day), timeZones: [tokyo, tokyo], today: day
        ).plan()
        let rows = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km)
        #expect(rows.filter { $0.kind == .visit }.map(\.zone) == ["JST", "JST"])
        #expect(rows.filter { $0.kind == .visit }.map(\.time) == ["      → 09:00", "13:00"])
    }

    @Test func identifiersThatAreNotZoneNamesReadNoFile() {
        #expect(ZoneAbbreviation.path(of: "Europe/Paris", in: "/z") == "/z/Europe/Paris")
        #expect(ZoneAbbreviation.path(of: "Etc/GMT+9", in: "/z") == "/z/Etc/GMT+9")
        #expect(ZoneAbbreviation.path(of: "../../etc/passwd", in: "/z") == nil)
        #expect(ZoneAbbreviation.path(of: "/etc/passwd", in: "/z") == nil)
        #expect(ZoneAbbreviation.path(of: "Europe//Paris", in: "/z") == nil)
        #expect(ZoneAbbreviation.path(of: "", in: "/z") == nil)
    }

    @Test func numericNamesAreNotCustomary() {
        #expect(ZoneAbbreviation.isCustomary("JST"))
        #expect(ZoneAbbreviation.isCustomary("ChST"))
        #expect(!ZoneAbbreviation.isCustomary("-03"))
        #expect(!ZoneAbbreviation.isCustomary("+0530"))
        #expect(!ZoneAbbreviation.isCustomary(""))
    }

    @Test func footerRulesGiveTheirNames() {
        #expect(ZoneInfoFile.ruleNames("GMT0BST,M3.5.0/1,M10.5.0") == .init(standard: "GMT", daylight: "BST"))
        #expect(ZoneInfoFile.ruleNames("<-03>3") == .init(standard: "-03", daylight: nil))
        #expect(ZoneInfoFile.ruleNames("IST-5:30") == .init(standard: "IST", daylight: nil))
        #expect(ZoneInfoFile.ruleNames("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0") == .init(standard: "+1030", daylight: "+11"))
        #expect(ZoneInfoFile.ruleNames("") == nil)
    }

    /// Damaged files are not trusted: nil, never a crash or a name from garbage.
    @Test func damagedFilesAreRefused() throws {
        let london = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/London"))
        #expect(ZoneInfoFile(data: london) != nil)
        for length in [0, 3, 20, 44, 60, 200, london.count / 2] {
            #expect(ZoneInfoFile(data: london.prefix(length)) == nil, "cut at \(length)")
        }
        #expect(ZoneInfoFile(data: Data("not a zone file at all, but long enough to have a header in it".utf8)) == nil)
    }
}
