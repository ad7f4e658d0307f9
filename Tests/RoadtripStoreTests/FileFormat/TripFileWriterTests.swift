import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// `TripFileWriter` must give, for every file, the bytes JSONEncoder gave before it: a save that
/// changes nothing must leave the file as it was, and files written by older versions must read
/// the same. Each test compares the writer with that reference, byte for byte.
@Suite struct TripFileWriterTests {
    /// What `TripFile.encoded()` was before the writer.
    static func foundationBytes(_ file: TripFile) throws -> Data {
        var data = try JSONEncoder.deterministic().encode(file)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The writer's bytes (not `encoded()`, which would hide a writer that gave up) against the
    /// reference, with the first differing line when they differ.
    static func expectSameBytes(_ file: TripFile, _ label: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try foundationBytes(file)
        let written = try #require(TripFileWriter.data(for: file), "the writer gave up on \(label())", sourceLocation: sourceLocation)
        guard written != expected else { return }
        let writtenLines = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            (0..<min(writtenLines.count, expectedLines.count)).first { writtenLines[$0] != expectedLines[$0] }
            ?? min(writtenLines.count, expectedLines.count)
        Issue.record(
            """
            \(label()): line \(line + 1) differs
            writer:      \(line < writtenLines.count ? String(writtenLines[line]).debugDescription : "(end)")
            JSONEncoder: \(line < expectedLines.count ? String(expectedLines[line]).debugDescription : "(end)")
            """, sourceLocation: sourceLocation)
    }

    // MARK: Files as they are

    @Test func fixtures() throws {
        try Self.expectSameBytes(TripFile(trips: Fixtures.trips), "Fixtures.trips")
        try Self.expectSameBytes(TripFile(trips: []), "no trips")
        try Self.expectSameBytes(TripFile(trips: [Fixtures.empty]), "a trip without stops")
        try Self.expectSameBytes(try JSONDecoder().decode(TripFile.self, from: Data(Fixtures.iOSFile.utf8)), "the iOS file")
    }

    /// Issue 57, item 3: the file's fields are named once (TripFileFields.swift). A file with every
    /// field of that table reads the same through the one-pass reader and the Codable path, and
    /// the writer writes back exactly the table's fields (less the two a trip had before its
    /// settings), so a field one of the three forgets fails here.
    @Test func everyFieldOfTheTableIsReadByBothReadersAndWrittenBack() throws {
        let text = """
            {"version": 1, "trips": [{"id": "00000000-0000-0000-0000-000000000001", "name": "All", "waypoints": [
              {"id": "00000000-0000-0000-0000-000000000002", "name": "A", "location": {"latitude": 48.4, "longitude": 15.6},
               "region": "Lower Austria", "country": "AT", "notes": "n", "stayHours": 2, "overnight": true},
              {"id": "00000000-0000-0000-0000-000000000003", "name": "B", "location": {"latitude": 48.2, "longitude": 15.3}, "stayNights": 1}],
             "settings": {"startDate": "2026-07-01", "startTime": "09:00", "timeZone": "Europe/Vienna", "dailyLimitHours": 6,
              "defaultStayHours": 1, "averageSpeedKmh": 70, "roadFactor": 1.3, "units": "mi", "endsBySunset": true, "route": "shortest",
              "vehicle": "van", "fuelLitresPer100Km": 7, "fuelPricePerLitre": 1.8, "currency": "EUR", "nightlyBudget": 90, "rangeKm": 500,
              "fuel": "diesel", "reservePercent": 15}}]}
            """
        let codable = try JSONDecoder().decode(TripFile.self, from: Data(text.utf8))
        let onePass = try #require(TripFileReader.read(Data(text.utf8)), "the one-pass reader gave up")
        #expect(onePass == codable)
        #expect(
            codable.trips[0].unknownFields.isEmpty && codable.trips[0].settings.unknownFields.isEmpty
                && codable.trips[0].stops.allSatisfy { $0.unknownFields.isEmpty }, "a field of the table was taken for an unknown one")
        try Self.expectSameBytes(codable, "every field")
        let written = try #require(TripFileWriter.data(for: codable))
        #expect(TripFileReader.read(written) == codable)
        let json = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let trip = try #require((json["trips"] as? [[String: Any]])?.first)
        let stops = try #require(trip["waypoints"] as? [[String: Any]])
        func names<Field: CodingKey & CaseIterable>(_ fields: Field.Type) -> Set<String> { Set(fields.allCases.map(\.stringValue)) }
        #expect(Set(json.keys) == names(FileField.self))
        #expect(Set(trip.keys) == names(TripField.self).subtracting(["roadFactor", "averageSpeedKmh"]))
        #expect(Set(stops.flatMap(\.keys)) == names(StopField.self))
        #expect(Set(stops.compactMap { ($0["location"] as? [String: Any])?.keys }.joined()) == names(LocationField.self))
        #expect(Set((trip["settings"] as? [String: Any] ?? [:]).keys) == names(SettingsField.self))
    }

    @Test func fuzzCorpusFilesThatDecode() throws {
        var decoded = 0
        for seed in try FuzzRegressionTests.corpus("fuzz-trip-file") {
            guard let file = try? FuzzRegressionTests.store.decode(Data(seed.bytes)) else { continue }
            decoded += 1
            if file.unknownFields.isEmpty {
                try Self.expectSameBytes(file, seed.name)
            } else {
                #expect(try file.encoded() == Self.foundationBytes(file), "\(seed.name)")
            }
        }
        #expect(decoded >= 5)
    }

    @Test func unknownFieldsInTripsStopsAndLocations() throws {
        var file = try JSONDecoder().decode(TripFile.self, from: Data(TripFileTests.fileWithUnknownFields.utf8))
        file.unknownFields = [:]
        file.trips.append(Fixtures.pacific)
        try Self.expectSameBytes(file, "unknown fields below the top")
    }

    /// Fields of the file's own go through JSONEncoder whole.
    @Test func unknownFieldsOfTheFile() throws {
        let file = try JSONDecoder().decode(TripFile.self, from: Data(TripFileTests.fileWithUnknownFields.utf8))
        #expect(TripFileWriter.data(for: file) == nil)
        #expect(try file.encoded() == Self.foundationBytes(file))
    }

    // MARK: Values that are hard to write

    @Test func everyControlCharacterAndOtherCharactersThatMightBeEscaped() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        let names = [
            controls, "\"quoted\" \\ back\\slash / a/b </script>", "\u{7F} \u{2028} \u{2029} \u{FEFF} \u{85}",
            "😀 👩‍👩‍👧 🇫🇷 e\u{301} \u{301} é 東京 \u{10FFFF}", "", " ", "\r\n",
        ]
        for name in names {
            var stop = Stop(id: Fixtures.uuid(7), name: name, location: Fixtures.monterey, region: name, country: name, notes: name)
            try Self.expectSameBytes(TripFile(trips: [Trip(id: Fixtures.uuid(8), name: name, stops: [stop])]), name.debugDescription)
            stop.unknownFields = [name: .string(name)]
            try Self.expectSameBytes(TripFile(trips: [Trip(id: Fixtures.uuid(8), name: name, stops: [stop])]), name.debugDescription)
        }
    }

    @Test func numbers() throws {
        let numbers: [Double] = [
            0, -0.0, 1, -1, 1.5, 100, 1e-7, 1e-5, 1e-4, 0.001, 1e15, 1e16, 1e21, 1e22,
            123456789012345680, 9007199254740992, 0.1 + 0.2, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 36.6002, -121.8947, 47.123456, 1e200,
        ]
        for number in numbers {
            var trip = Trip(
                id: Fixtures.uuid(1), name: "n",
                stops: [
                    Stop(id: Fixtures.uuid(2), name: "n", location: Coordinate(latitude: number, longitude: -number))
                ])
            trip.settings.roadFactor = number
            trip.settings.averageSpeedKmh = number
            try Self.expectSameBytes(TripFile(trips: [trip]), "\(number)")
        }
        for version in [0, 1, 2, 1_000_000, Int(Int32.max)] {
            try Self.expectSameBytes(TripFile(version: version, trips: []), "version \(version)")
        }
    }

    /// JSONEncoder refuses NaN and the infinities; a save of such a file fails as it did.
    @Test func numbersThatAreNotFiniteFailAsBefore() throws {
        for bad in [Double.nan, .infinity, -.infinity] {
            let variants: [(String, (inout Trip) -> Void)] = [
                ("latitude", { $0.stops[1].location.latitude = bad }),
                ("longitude", { $0.stops[2].location.longitude = bad }),
                ("roadFactor", { $0.settings.roadFactor = bad }),
                ("averageSpeedKmh", { $0.settings.averageSpeedKmh = bad }),
                (
                    "latitude of a stop with unknown fields",
                    {
                        $0.stops[0].unknownFields = ["stay": .bool(true)]
                        $0.stops[0].location.latitude = bad
                    }
                ),
            ]
            for (label, change) in variants {
                var trip = Fixtures.pacific
                change(&trip)
                let file = TripFile(trips: [Fixtures.alps, trip])
                #expect(TripFileWriter.data(for: file) == nil, "\(label) = \(bad)")
                let expected = String(describing: try #require(Self.error { try Self.foundationBytes(file) }))
                let actual = try #require(Self.error { try file.encoded() }, "\(label) = \(bad) was saved")
                #expect(actual is EncodingError)
                #expect(String(describing: actual) == expected, "\(label) = \(bad)")
            }
        }
    }

    private static func error(_ body: () throws -> Data) -> (any Error)? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: Random files

    @Test(arguments: 0..<400)
    func randomFile(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 7919 &+ 17)
        let file = RandomTripFile.make(using: &random)
        try Self.expectSameBytes(file, "seed \(seed)")
        var withFieldsOfItsOwn = file
        withFieldsOfItsOwn.unknownFields = RandomTripFile.unknownFields(using: &random)
        #expect(try withFieldsOfItsOwn.encoded() == Self.foundationBytes(withFieldsOfItsOwn), "seed \(seed)")
    }
}

/// Trip files of every shape: names full of characters to escape, numbers of every form, fields
/// present or not, and fields of a newer version (Decimals, nested objects) at every level.
enum RandomTripFile {
    static func make(using random: inout SeededRandom) -> TripFile {
        let trips = (0..<Int.random(in: 0...4, using: &random)).map { _ in trip(using: &random) }
        return TripFile(version: Bool.random(using: &random) ? 1 : Int.random(in: 0...Int(Int32.max), using: &random), trips: trips)
    }

    static func trip(using random: inout SeededRandom) -> Trip {
        let stops = (0..<Int.random(in: 0...5, using: &random)).map { _ in stop(using: &random) }
        var trip = Trip(id: uuid(using: &random), name: text(using: &random), stops: stops)
        if Bool.random(using: &random) { trip.settings.roadFactor = number(using: &random) }
        if Bool.random(using: &random) { trip.settings.averageSpeedKmh = number(using: &random) }
        if Bool.random(using: &random) { trip.settings.dailyLimitHours = number(using: &random) }
        if Bool.random(using: &random) { trip.settings.startDate = LocalDay(year: Int.random(in: 1...9999, using: &random), month: 7, day: 1) }
        if Bool.random(using: &random) { trip.settings.startTime = ClockTime(hour: Int.random(in: 0...23, using: &random), minute: 5) }
        if Bool.random(using: &random) { trip.settings.timeZone = text(using: &random) }
        if Bool.random(using: &random) { trip.settings.units = DistanceUnit.allCases.randomElement(using: &random) }
        trip.settings.endsBySunset = Bool.random(using: &random)
        if Bool.random(using: &random) { trip.settings.route = RoutePreference.allCases.randomElement(using: &random) }
        if Bool.random(using: &random) { trip.settings.vehicle = Vehicle.allCases.randomElement(using: &random) }
        if Int.random(in: 0..<6, using: &random) == 0 { trip.settings.unknownFields = unknownFields(using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { trip.unknownFields = unknownFields(using: &random) }
        return trip
    }

    static func stop(using random: inout SeededRandom) -> Stop {
        let location = Coordinate(latitude: number(using: &random), longitude: number(using: &random))
        var stop = Stop(
            id: uuid(using: &random), name: text(using: &random), location: location,
            region: Bool.random(using: &random) ? text(using: &random) : nil,
            country: Bool.random(using: &random) ? text(using: &random) : nil,
            notes: Bool.random(using: &random) ? text(using: &random) : nil)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: stop.stay = .hours(number(using: &random))
        case 1: stop.stay = .nights(Int.random(in: 1...365, using: &random))
        default: break
        }
        stop.overnight = Bool.random(using: &random)
        if Int.random(in: 0..<5, using: &random) == 0 { stop.unknownFields = unknownFields(using: &random) }
        if Int.random(in: 0..<5, using: &random) == 0 { stop.locationUnknownFields = unknownFields(using: &random) }
        return stop
    }

    static func uuid(using random: inout SeededRandom) -> UUID {
        var bytes = (random.next(), random.next())
        return withUnsafeBytes(of: &bytes) { raw in
            UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }

    static let pieces: [String] =
        [
            "a", "Z", "Monterey", " ", "7", "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}",
            "😀", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "\u{301}", "é", "東京", "\u{FEFF}", "\u{10FFFF}", "Zürich",
        ]
        + (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }

    static func text(using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// Coordinates, whole numbers, and the edges of Double's formatting: tiny, huge, -0,
    /// the switch to exponents, and any bit pattern that is a finite number.
    static func number(using random: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return Double.random(in: -180...180, using: &random)
        case 1: return (Double.random(in: -180...180, using: &random) * 1e6).rounded() / 1e6
        case 2: return Double(Int.random(in: -10_000_000...10_000_000, using: &random))
        case 3:
            return [
                0, -0.0, 1, 1e-7, 1e-4, 1e15, 1e16, 123456789012345680, 0.1 + 0.2, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                .leastNormalMagnitude, 9007199254740992, 1e21,
            ].randomElement(using: &random)!
        case 4: return Double.random(in: -1...1, using: &random) * pow(10, -Double(Int.random(in: 4...320, using: &random)))
        case 5: return Double.random(in: -10...10, using: &random) * pow(10, Double(Int.random(in: 14...307, using: &random)))
        default:
            while true {
                let number = Double(bitPattern: random.next())
                if number.isFinite { return number }
            }
        }
    }

    /// Keys around the known ones in sort order (never one of them: a newer version's fields are
    /// new names).
    static let knownKeys: Set = [
        "version", "trips", "id", "name", "waypoints", "roadFactor", "averageSpeedKmh",
        "location", "region", "country", "notes", "latitude", "longitude",
    ]
    static let keys = ["a", "Z", "zz", "altitude", "colour", "nameX", "id2", "é", "😀", "", "x\"y", "_", "a10", "a2", "B"]

    static func unknownFields(using random: inout SeededRandom) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let key = Bool.random(using: &random) ? keys.randomElement(using: &random)! : text(using: &random)
            guard !knownKeys.contains(key) else { continue }
            fields[key] = value(depth: 0, using: &random)
        }
        return fields.isEmpty ? ["extra": .null] : fields
    }

    static let decimals = ["12345678901234567890", "98765432109876543210.5", "-0.000001", "12.5", "0", "-7", "1e20", "1.50"]

    static func value(depth: Int, using random: inout SeededRandom) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(.decimal(Decimal(string: decimals.randomElement(using: &random)!)!))
        case 3: return .number(.double(Bool.random(using: &random) ? 1e200 : number(using: &random)))
        case 4, 5: return .string(text(using: &random))
        case 6: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                object[keys.randomElement(using: &random)!] = value(depth: depth + 1, using: &random)
            }
            return .object(object)
        }
    }
}
