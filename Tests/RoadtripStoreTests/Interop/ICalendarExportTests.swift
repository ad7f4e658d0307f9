import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The iCalendar export (RFC 5545): its text rules (folding, escaping, CRLF), the VTIMEZONEs made
/// from Foundation's transitions, and the events of a planned trip. ICalendarParserTests reads
/// the files with a real parser.
struct ICalendarExportTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, in zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> Date {
        LocalDay(year: year, month: month, day: day).instant(hour: hour, minute: minute, in: zone)
    }

    // MARK: Text

    @Test func shortLinesAreNotFolded() {
        let line = String(repeating: "a", count: 75)
        #expect(ICalendarText.folded(line) == [line])
    }

    @Test func longLinesFoldAt75OctetsWithALeadingSpace() {
        let line = "DESCRIPTION:" + String(repeating: "0123456789", count: 20)
        let folded = ICalendarText.folded(line)
        #expect(folded.count == 3)
        #expect(folded.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded[0].utf8.count == 75 && folded[1].utf8.count == 75)
        #expect(folded.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded[0] + folded.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    /// Two-, three- and four-octet characters are never cut: each line is whole UTF-8, at most 75
    /// octets, and unfolding gives the line back.
    @Test(arguments: ["é", "東", "🚗", "aé東🚗"])
    func foldingNeverSplitsACharacter(piece: String) {
        let line = "SUMMARY:" + String(repeating: piece, count: 60)
        let folded = ICalendarText.folded(line)
        #expect(folded.count > 1)
        // Each part is a String of whole scalars, so whole UTF-8; it is also as full as the next
        // character allows.
        for (part, next) in zip(folded, folded.dropFirst()) {
            #expect(part.utf8.count <= 75 && part.utf8.count + UTF8.width(next.unicodeScalars.dropFirst().first!) > 75)
        }
        #expect(folded.last!.utf8.count <= 75)
        #expect(folded[0] + folded.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    @Test func textValuesEscapeBackslashSemicolonCommaAndLineBreaks() {
        #expect(ICalendarText.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendarText.escaped("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendarText.escaped("tab\tkept, bell\u{7} dropped") == "tab\tkept\\, bell  dropped")
        #expect(ICalendarText.escaped("東京 🗼: ok") == "東京 🗼: ok")
    }

    @Test func parameterValuesWithSeparatorsAreQuoted() {
        #expect(ICalendarText.parameterValue("Europe/Paris") == "Europe/Paris")
        #expect(ICalendarText.parameterValue("a:b") == "\"a:b\"")
        #expect(ICalendarText.parameterValue("say \"hi\"") == "say hi")
    }

    @Test func theStreamEndsEveryLineWithCRLF() {
        let text = ICalendarText.stream(["BEGIN:VCALENDAR", "X:" + String(repeating: "x", count: 100), "END:VCALENDAR"])
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            #expect(index > 0 && bytes[index - 1] == UInt8(ascii: "\r"))
        }
        #expect(text.components(separatedBy: "\r\n").count == 5)
    }

    // MARK: Time zones

    @Test func offsetsAreWrittenAsRFC5545Wants() {
        #expect(ICalendarTimeZone.offsetText(0) == "+0000")
        #expect(ICalendarTimeZone.offsetText(3600) == "+0100")
        #expect(ICalendarTimeZone.offsetText(19_800) == "+0530")
        #expect(ICalendarTimeZone.offsetText(-12_600) == "-0330")
        #expect(ICalendarTimeZone.offsetText(-75) == "-000115")
    }

    @Test func wallClockTimes() {
        #expect(ICalendarTimeZone.utc(Self.instant(2026, 11, 25, 9, 5)) == "20261125T090500Z")
        #expect(ICalendarTimeZone.wallClock(Self.instant(2026, 12, 31, 23, 30), offset: 3600) == "20270101T003000")
        #expect(ICalendarTimeZone.wallClock(Self.instant(1969, 12, 31, 23, 0), offset: 0) == "19691231T230000")
        #expect(ICalendarTimeZone.wallClock(Self.instant(2028, 2, 29, 12), offset: -36_000) == "20280229T020000")
    }

    /// London from February to November 2026: GMT, then BST from 29 March at 01:00 GMT, then GMT
    /// again from 25 October at 02:00 BST; DTSTART is the clock time just before each change.
    @Test func londonAcrossBothChangesOf2026() {
        let lines = ICalendarTimeZone.lines(
            for: Self.london, identifier: "Europe/London",
            from: Self.instant(2026, 2, 1), to: Self.instant(2026, 11, 30))
        #expect(
            lines == [
                "BEGIN:VTIMEZONE", "TZID:Europe/London",
                "BEGIN:STANDARD", "DTSTART:20260201T000000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:GMT", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20260329T010000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "TZNAME:BST", "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20261025T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT", "END:STANDARD",
                "END:VTIMEZONE",
            ])
    }

    @Test func aZoneWithoutDaylightTimeHasOneObservance() {
        let lines = ICalendarTimeZone.lines(for: Self.tokyo, identifier: "Asia/Tokyo", from: Self.instant(2025, 6, 1), to: Self.instant(2027, 6, 1))
        #expect(
            lines == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo",
                "BEGIN:STANDARD", "DTSTART:20250601T090000", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "TZNAME:JST", "END:STANDARD",
                "END:VTIMEZONE",
            ])
    }

    // MARK: Events

    static let places = FakePlaces([
        Place(
            name: "London", admin1: "England", admin1Code: "ENG", country: "United Kingdom", countryCode: "GB",
            coordinate: Coordinate(latitude: 51.5074, longitude: -0.1278), population: 8_900_000, timeZone: "Europe/London"),
        Place(
            name: "Dover", admin1: "England", admin1Code: "ENG", country: "United Kingdom", countryCode: "GB",
            coordinate: Coordinate(latitude: 51.1279, longitude: 1.3134), population: 31_000, timeZone: "Europe/London"),
        Place(
            name: "Calais", admin1: "Hauts-de-France", admin1Code: "32", country: "France", countryCode: "FR",
            coordinate: Coordinate(latitude: 50.9513, longitude: 1.8587), population: 73_000, timeZone: "Europe/Paris"),
        Place(
            name: "Paris", admin1: "Île-de-France", admin1Code: "11", country: "France", countryCode: "FR",
            coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), population: 2_100_000, timeZone: "Europe/Paris"),
    ])

    /// London to Paris over the Channel, a lunch stop and a night in Calais, starting at 09:00 on
    /// Saturday 24 October 2026, the day before both zones leave summer time.
    static let channel: Trip = {
        var trip = Trip(
            id: UUID(uuidString: "00000000-0000-0000-0000-0000000000c5")!, name: "Channel, crossed",
            stops: [
                InteropFixtures.stop("London", 51.5074, -0.1278),
                InteropFixtures.stop("Dover", 51.1279, 1.3134, notes: "Lunch; the white cliffs, then the ferry\nBook ahead", stay: .hours(2)),
                InteropFixtures.stop("Calais", 50.9513, 1.8587, stay: .nights(1)),
                InteropFixtures.stop("Paris", 48.8566, 2.3522),
            ])
        trip.settings = TripSettings(startDate: LocalDay(year: 2026, month: 10, day: 24))
        return trip
    }()

    static func channelCalendar() -> String {
        // The fixture is a valid trip: a failure shows as a calendar that matches nothing.
        let data = try? TripExport.data(
            for: channel, format: .ics, now: InteropFixtures.now, creator: "roadtrip 0.1.0",
            calendar: .init(places: places, unit: .km, today: LocalDay(year: 2026, month: 7, day: 1)))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "export failed"
    }

    /// The unfolded content lines.
    static func contentLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast()
    }

    /// Each VEVENT's properties, by name (parameters kept in the name: "DTSTART;TZID=…").
    static func events(_ text: String) -> [[String: String]] {
        var events: [[String: String]] = []
        var current: [String: String]?
        for line in contentLines(text) {
            if line == "BEGIN:VEVENT" { current = [:]; continue }
            if line == "END:VEVENT", let event = current { events.append(event); current = nil; continue }
            guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
            current?[String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        return events
    }

    @Test func aCalendarHasItsHeaderAndAVTimezonePerZone() {
        let lines = Self.contentLines(Self.channelCalendar())
        #expect(
            Array(lines.prefix(6)) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//roadtrip//roadtrip 0.1.0//EN", "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH", #"X-WR-CALNAME:Channel\, crossed"#,
            ])
        #expect(lines.last == "END:VCALENDAR")
        #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:Europe/London", "TZID:Europe/Paris"])
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 5)
    }

    @Test func drivesAndStaysInOrderEachInItsStopsZone() throws {
        let events = Self.events(Self.channelCalendar())
        #expect(
            events.map { $0["SUMMARY"] ?? "" } == [
                "Drive London → Dover", "Stay in Dover", "Drive Dover → Calais", "Stay in Calais · 1 night", "Drive Calais → Paris",
            ])
        let id = "00000000-0000-0000-0000-0000000000c5"
        #expect(
            events.map { $0["UID"] ?? "" } == [
                "\(id)-drive-1@roadtrip", "\(id)-stay-2@roadtrip", "\(id)-drive-2@roadtrip",
                "\(id)-stay-3@roadtrip", "\(id)-drive-3@roadtrip",
            ])
        #expect(events.allSatisfy { $0["DTSTAMP"] == "20260701T100000Z" })
        // The first drive leaves London at 09:00 BST.
        #expect(events[0]["DTSTART;TZID=Europe/London"] == "20261024T090000")
        // The crossing leaves in London's zone and arrives in Paris's.
        let crossing = events[2]
        #expect(crossing.keys.contains("DTSTART;TZID=Europe/London") && crossing.keys.contains("DTEND;TZID=Europe/Paris"))
        #expect(crossing["LOCATION"] == "Calais")
        #expect(crossing["GEO"] == "50.951300;1.858700")
        // The night in Calais ends the next morning at 09:00, now CET.
        #expect(events[3]["DTEND;TZID=Europe/Paris"] == "20261025T090000")
        #expect(events[3]["DESCRIPTION"] == "1 night in Calais.")
        #expect(events[4]["DTSTART;TZID=Europe/Paris"] == "20261025T090000")
    }

    @Test func aStaysDescriptionCarriesTheStopsNotesEscaped() {
        let stay = Self.events(Self.channelCalendar())[1]
        #expect(stay["DESCRIPTION"] == #"2 h 00 min in Dover.\n\nLunch\; the white cliffs\, then the ferry\nBook ahead"#)
        #expect(stay["GEO"] == "51.127900;1.313400")
        #expect(stay["DTSTART;TZID=Europe/London"].map { $0 < stay["DTEND;TZID=Europe/London"] ?? "" } == true)
    }

    @Test func aDrivesDescriptionGivesItsDistanceAndTime() {
        let drive = Self.events(Self.channelCalendar())[0]
        let description = drive["DESCRIPTION"] ?? ""
        #expect(description.hasPrefix(#"London to Dover: ≈ "#), "\(description)")
        #expect(description.contains(" km\\, ≈ ") && description.contains("of driving (estimated)."), "\(description)")
    }

    @Test func bothZonesShowTheirChangeBackToStandardTime() {
        let lines = Self.contentLines(Self.channelCalendar())
        #expect(lines.contains("DTSTART:20261025T020000") && lines.contains("TZNAME:GMT"))
        #expect(lines.contains("DTSTART:20261025T030000") && lines.contains("TZNAME:CET"))
        #expect(lines.contains("TZNAME:CEST") && lines.contains("TZNAME:BST"))
    }

    @Test func theSameTripGivesTheSameBytes() {
        #expect(Self.channelCalendar() == Self.channelCalendar())
    }

    @Test func everyLineIsAtMost75OctetsAndEndsInCRLF() throws {
        var trip = Self.channel
        trip.stops[1].notes = String(repeating: "Fish & chips, 東京 🗼; ", count: 20)
        let text = String(
            decoding: try TripExport.data(
                for: trip, format: .ics, now: InteropFixtures.now, creator: "roadtrip 0.1.0",
                calendar: .init(places: Self.places, unit: .km, today: LocalDay(year: 2026, month: 7, day: 1))),
            as: UTF8.self)
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") && !$0.contains("\r") })
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    }

    @Test func aTripWithNothingToDriveIsRefused() {
        #expect(TripExport.refusal(for: InteropFixtures.empty, format: .ics)?.contains("a calendar needs a drive") == true)
        #expect(TripExport.refusal(for: InteropFixtures.single, format: .ics)?.contains("add a second stop") == true)
        #expect(TripExport.refusal(for: InteropFixtures.single, format: .gpx) == nil)
        #expect(TripExport.refusal(for: Self.channel, format: .ics) == nil)
    }

    @Test func theFileNameSaysICalendar() {
        #expect(ExportFile.format(of: URL(fileURLWithPath: "/tmp/trip.ics")) == .ics)
        #expect(ExportFile.format(of: URL(fileURLWithPath: "/tmp/TRIP.ICS")) == .ics)
        #expect(ExportFile.suggestedName(for: Self.channel, format: .ics) == "Channel, crossed.ics")
    }
}
