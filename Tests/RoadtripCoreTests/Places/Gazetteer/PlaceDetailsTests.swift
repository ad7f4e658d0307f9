import Foundation
@testable import IndexWriting
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// Issue 37: a place's opening hours, brand, operator and sockets, kept from its tags for showing,
/// and stored in the place index (format version 5) beside the places that have them.
@Suite struct PlaceDetailsTests {
    static let charger: [String: String] = [
        "amenity": "charging_station", "name": "Autohof", "operator": "Ionity", "opening_hours": "24/7",
        "socket:type2_combo": "4", "socket:type2_combo:output": "350 kW", "socket:chademo": "yes", "socket:type2": "no",
        "socket:type2_combo:voltage": "920", "capacity": "4", "charging_station:output": "350 kW",
    ]

    @Test func onlyTheDetailsAreKeptAndASocketTaggedNoIsNone() throws {
        let details = try #require(PlaceDetails(tags: Self.charger))
        #expect(
            Set(details.tags.keys) == [
                "operator", "opening_hours", "socket:type2_combo", "socket:type2_combo:output", "socket:chademo",
                "socket:type2", "charging_station:output",
            ])
        #expect(
            details.sockets == [
                PlaceDetails.Socket(type: "chademo", count: nil, output: nil),
                PlaceDetails.Socket(type: "type2_combo", count: 4, output: "350 kW"),
            ])
        #expect(details.sockets.map(\.name) == ["CHAdeMO", "CCS"])
        #expect(details.operatorName == "Ionity" && details.openingHours == "24/7" && details.output == "350 kW" && details.brand == nil)
        #expect(PlaceDetails(tags: ["amenity": "fuel", "name": "Shell"]) == nil, "nothing to keep")
    }

    @Test func theStoredTextIsOneLineATagSortedAndReadsBack() throws {
        let details = try #require(PlaceDetails(tags: ["brand": " Shell ", "opening_hours": "Mo-Fr 06:00-22:00;\nSa 07:00-20:00", "operator": ""]))
        #expect(details.storedText == "brand=Shell\nopening_hours=Mo-Fr 06:00-22:00; Sa 07:00-20:00")
        #expect(PlaceDetails(storedText: details.storedText) == details)
        // Whatever a damaged index holds reads as some details or none, never a failure.
        #expect(PlaceDetails(storedText: "no equals sign\n=\nbrand=") == nil)
        #expect(PlaceDetails(storedText: "brand=a=b")?.brand == "a=b")
        #expect(PlaceDetails(tags: ["opening_hours": String(repeating: "x", count: 1_000)])?.openingHours?.count == PlaceDetails.longestValue)
    }

    @Test func theSummaryShowsSocketsPowerWhoAndHoursButNotWhatTheNameSays() throws {
        let charger = try #require(PlaceDetails(tags: Self.charger))
        #expect(charger.summary(besides: "Autohof") == "CHAdeMO, 4× CCS (350 kW) · Ionity · 24/7")
        #expect(charger.summary(besides: "IONITY Autohof") == "CHAdeMO, 4× CCS (350 kW) · 24/7")
        let station = try #require(PlaceDetails(tags: ["maxpower": "22 kW", "socket:type2": "2", "brand": "EnBW", "operator": "EnBW AG"]))
        #expect(station.summary(besides: "EV charging") == "2× Type 2 · 22 kW · EnBW", "the station's power where no socket has its own")
        let fuel = try #require(PlaceDetails(tags: ["operator": "ESSO"]))
        #expect(fuel.summary(besides: "ESSO") == "")
    }
}

/// The details in the place index: written with the places that have them, read back with each
/// place, and an index of version 4 (before them) still read, with none.
@Suite struct GazetteerNotesTests {
    static let shell = PlaceDetails(tags: ["brand": "Shell", "opening_hours": "24/7"])
    static let source = GazetteerSource(
        countries: [], regions: [],
        places: [
            .init(
                geonameID: 1, name: "Shell", latitude: 42.51, longitude: 1.54, countryCode: "", admin1Code: "", population: 0,
                alternateNames: [], kind: .fuel, weight: 10, details: shell),
            .init(
                geonameID: 2, name: "Toilets", latitude: 42.52, longitude: 1.55, countryCode: "", admin1Code: "", population: 0,
                alternateNames: [], kind: .toilets, weight: 5),
            .init(
                geonameID: 3, name: "Shell", latitude: 48.41, longitude: 15.6, countryCode: "", admin1Code: "", population: 0,
                alternateNames: [], kind: .fuel, weight: 10, details: shell),
            .init(
                geonameID: 4, name: "Hotel Ordino", latitude: 42.5556, longitude: 1.5334, countryCode: "", admin1Code: "", population: 0,
                alternateNames: [], kind: .hotel, weight: 10, details: PlaceDetails(tags: ["opening_hours": "Mo-Su 08:00-20:00"])),
        ])

    static func index(_ bytes: [UInt8]) throws -> Gazetteer {
        try Gazetteer(bytes: GazetteerBytes(copying: bytes), path: "test.bin", source: "test")
    }

    @Test func eachPlaceHasItsDetailsAndTheSameDetailsAreStoredOnce() throws {
        let bytes = try GazetteerWriter.bytes(for: Self.source).bytes
        let gazetteer = try Self.index(bytes)
        let found = gazetteer.search("Shell", limit: 5)
        #expect(found.count == 2 && found.allSatisfy { $0.details == Self.shell && $0.kind == .fuel && $0.kindText == "fuel station" })
        #expect(gazetteer.search("Toilets", limit: 1).first.map { $0.details == nil && $0.kind == .toilets } == true)
        #expect(gazetteer.search("Hotel Ordino", limit: 1).first?.details?.openingHours == "Mo-Su 08:00-20:00")
        let near = gazetteer.places(within: 2, of: Coordinate(latitude: 42.515, longitude: 1.545)).map(\.place)
        #expect(Set(near.map(\.name)) == ["Shell", "Toilets"] && near.first { $0.kind == .fuel }?.details == Self.shell)
        #expect(gazetteer.tables.notes.count == 3 * GazetteerFormat.Note.size)
        let text = Array(Self.shell!.storedText.utf8)
        #expect(bytes.indices.filter { bytes[$0...].starts(with: text) }.count == 1)
    }

    /// `bytes` of version 5 made a file of version 4: its section table cut to twelve, the notes
    /// left unreferenced where they lie.
    static func version4(_ bytes: [UInt8]) -> [UInt8] {
        var old = bytes
        old[8] = 4
        old[12] = UInt8(GazetteerFormat.sectionCount(ofVersion: 4))
        let headerSize = GazetteerFormat.headerSize(sections: GazetteerFormat.sectionCount(ofVersion: 4))
        let checksum = old.withUnsafeBytes { GazetteerFormat.checksum(of: UnsafeRawBufferPointer(rebasing: $0[..<headerSize])) }
        withUnsafeBytes(of: checksum.littleEndian) { old.replaceSubrange(GazetteerFormat.checksumOffset..<GazetteerFormat.checksumOffset + 4, with: $0) }
        return old
    }

    /// The built-in index stays of version 4 until it is made again: read as before, with no details.
    @Test func anIndexOfVersion4IsReadWithoutDetails() throws {
        let gazetteer = try Self.index(Self.version4(try GazetteerWriter.bytes(for: Self.source).bytes))
        #expect(gazetteer.tables.notes.count == 0)
        let shell = try #require(gazetteer.search("Shell", limit: 1).first)
        #expect(shell.kind == .fuel && shell.details == nil)
        var unknown = Self.version4(try GazetteerWriter.bytes(for: Self.source).bytes)
        unknown[8] = 3
        #expect(throws: GazetteerError.wrongVersion(path: "test.bin", found: 3, expected: GazetteerFormat.version)) { try Self.index(unknown) }
    }

    /// A damaged notes section gives wrong details or none, and reads nothing outside itself.
    @Test func damagedNotesGiveWrongDetailsAtWorst() throws {
        var bytes = try GazetteerWriter.bytes(for: Self.source).bytes
        let table = GazetteerFormat.sectionTableOffset + 8 * GazetteerFormat.Section.notes.rawValue
        let offset = bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: table, as: UInt32.self)) }
        for index in 0..<(3 * GazetteerFormat.Note.size) { bytes[offset + index] = 0xFF }
        let gazetteer = try Self.index(bytes)
        #expect(gazetteer.search("Shell", limit: 5).allSatisfy { $0.details == nil })
    }
}
