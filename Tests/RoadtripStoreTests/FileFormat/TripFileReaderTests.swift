import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The one-pass reader against the path it stands in for (`JSONTextLocator`, then `JSONDecoder`,
/// then the duplicate-id check): on every file it must give exactly what that path gives — the
/// same strings byte for byte, the same bits in every Double — or nothing at all, and it must give
/// nothing for every file that path refuses.
@Suite struct TripFileReaderTests {
    // MARK: The check

    /// What `TripFileStore.decode` gave before the reader: nil where it threw.
    static func oldPath(_ data: Data) -> TripFile? {
        guard JSONTextLocator(data).syntaxError() == nil,
            let file = try? JSONDecoder().decode(TripFile.self, from: data),
            TripFileStore.firstDuplicateID(in: file) == nil
        else { return nil }
        return file
    }

    /// Reads `bytes` both ways and checks they agree; returns what each gave.
    @discardableResult
    static func checkAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> (reader: TripFile?, old: TripFile?) {
        let data = Data(bytes)
        let old = oldPath(data)
        let read = TripFileReader.read(data)
        if let read {
            let text = String(decoding: bytes.prefix(2_000), as: UTF8.self)
            #expect(old != nil, "the reader took a file the old path refuses: \(text)", sourceLocation: sourceLocation)
            if let old {
                #expect(read == old, "\(text)", sourceLocation: sourceLocation)
                #expect(exactDump(read) == exactDump(old), "\(text)", sourceLocation: sourceLocation)
            }
        }
        return (read, old)
    }

    /// Every value of a file, exactly: strings as their UTF-8 bytes, Doubles as their bits (so
    /// -0 is not 0), unknown fields in the order of their names' bytes.
    static func exactDump(_ file: TripFile) -> [String] {
        func text(_ string: String?) -> String { string.map { "\(Array($0.utf8))" } ?? "nil" }
        func number(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "nil" }
        func json(_ value: JSONValue) -> String {
            switch value {
            case .null: return "null"
            case .bool(let bool): return "\(bool)"
            case .number(.decimal(let decimal)): return "decimal \(decimal)"
            case .number(.double(let double)): return "double \(number(double))"
            case .string(let string): return "string \(text(string))"
            case .array(let array): return "[\(array.map(json).joined(separator: ","))]"
            case .object(let object): return fields(object)
            }
        }
        func fields(_ fields: UnknownFields) -> String {
            let sorted = fields.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            return "{" + sorted.map { "\(text($0.key)):\(json($0.value))" }.joined(separator: ",") + "}"
        }
        func stayText(_ stay: Stay?) -> String {
            switch stay {
            case .hours(let hours): return "hours \(number(hours))"
            case .nights(let nights): return "nights \(nights)"
            case nil: return "nil"
            }
        }
        var lines = ["version \(file.version)", "file \(fields(file.unknownFields))"]
        for trip in file.trips {
            lines.append(
                "trip \(trip.id) \(text(trip.name)) \(number(trip.settings.roadFactor)) \(number(trip.settings.averageSpeedKmh)) \(fields(trip.unknownFields))")
            lines.append(
                "settings \(trip.settings.startDate.map(String.init(describing:)) ?? "nil") \(trip.settings.startTime.map(String.init(describing:)) ?? "nil") "
                    + "\(text(trip.settings.timeZone)) \(number(trip.settings.dailyLimitHours)) \(trip.settings.units?.rawValue ?? "nil") "
                    + "\(trip.settings.endsBySunset) \(fields(trip.settings.unknownFields))")
            for stop in trip.stops {
                lines.append(
                    "stop \(stop.id) \(text(stop.name)) \(number(stop.location.latitude)) \(number(stop.location.longitude)) "
                        + "\(text(stop.region)) \(text(stop.country)) \(text(stop.notes)) \(fields(stop.unknownFields)) \(fields(stop.locationUnknownFields)) "
                        + "\(stop.overnight) \(stayText(stop.stay))")
            }
        }
        return lines
    }

    static func corpus() throws -> [(name: String, bytes: [UInt8])] {
        try FuzzRegressionTests.corpus("fuzz-trip-file")
    }

    // MARK: Files that exist

    @Test func theSeedCorpusReadsAsJSONDecoderReadsIt() throws {
        for seed in try Self.corpus() {
            let (read, old) = Self.checkAgreement(seed.bytes)
            let shouldFail = seed.name.hasPrefix("syntax-error") || seed.name.hasPrefix("wrong-type")
            #expect((old == nil) == shouldFail, "\(seed.name)")
            #expect((read == nil) == shouldFail, "\(seed.name): the reader stepped aside from a good file")
        }
    }

    @Test func theTestsFixturesReadAsJSONDecoderReadsThem() throws {
        let files = [
            Fixtures.iOSFile,
            TripFileTests.fileWithUnknownFields,
            String(decoding: try TripFile(trips: Fixtures.trips).encoded(), as: UTF8.self),
            String(decoding: try TripFile(trips: []).encoded(), as: UTF8.self),
            #"{"trips": []}"#,
            #"{"version": null, "trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Bare"}]}"#,
        ]
        for text in files {
            let (read, _) = Self.checkAgreement(Array(text.utf8))
            #expect(read != nil, "\(text)")
        }
    }

    @Test func nastyInputsOfTheFuzzTestsAgree() {
        let inputs = [
            "", "\u{FEFF}", " \n\t\r\n ", "1", "[]", "null", "{}", #"{"trips": null}"#, #"{"trips": {}}"#,
            #"{"trips": [], "version": NaN}"#, #"{"version": 99999999999999999999999999, "trips": []}"#,
            #"{"version": 1.5, "trips": []}"#, #"{"version": -0e-0, "trips": []}"#, #"{"version": 2147483648, "trips": []}"#,
            #"{"version": 2147483647, "trips": []}"#, #"{"version": "1", "trips": []}"#, #"{"version": 1e1, "trips": []}"#,
            #"{"trips": [{"id": "not-a-uuid", "name": "A", "waypoints": []}]}"#,
            #"{"trips": [], "x": "abc"#, #"{"trips": [], "x": "\ud800"}"#, #"{"trips": [], "x": "\udc00\ud800"}"#,
            #"{"trips": [], "x": "\u0000"}"#, #"{"trips": [], "trips": []}"#, #"{"trips": []} {}"#, #"{"trips": [],}"#,
            #"{"trips": [1,]}"#, #"{"trips": [], "x": 01}"#, #"{"trips": [], "x": 1.}"#, #"{"trips": [], "x": .5}"#,
            #"{"trips": [], "x": 1e}"#, #"{"trips": [], "x": -}"#, #"{"trips": [], "x": +1}"#, #"{"trips": [], "x": 1e400}"#,
            #"{"trips": [], "x": 1e-400}"#, #"{"trips": [], "x": tru}"#, #"{"trips": [], "x": nul}"#, #"{"trips": [], "x": [}"#,
            #"{"trips": [], "x": {"a": 1, "a": 2}}"#, #"{"trips": [], "x": {"a": 1, "\u0061": 2}}"#, #"{"trips": [], "x": "\x"}"#,
            #"{"trips": [], "x": "\u12"}"#, #"{"trips": [], "x": "\uZZZZ"}"#, "{\"trips\": [], \"x\": \"a\u{1}b\"}",
            "{\"trips\": [], \"x\": \"\u{7F}\"}", "{\"trips\":[]}\u{0}", "{\"trips\":[] }\n\n",
        ]
        for text in inputs {
            Self.checkAgreement(Array(text.utf8))
        }
        Self.checkAgreement(Array(#"{"trips": [], "x": ""#.utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array(#""}"#.utf8))
        Self.checkAgreement([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        for depth in [200, 253, 254, 255, 256, 257, 600] {
            Self.checkAgreement(Array((#"{"trips": [], "deep": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8))
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            Self.checkAgreement(Array(#"{"trips": [], "deep": \#(objects)}"#.utf8))
        }
    }

    // MARK: Chosen by hand

    private static let trip = #""id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A""#

    /// A file of one stop at `latitude`, `longitude` (JSON text), and `extra` fields in the stop.
    private static func stopFile(latitude: String, longitude: String = "0", extra: String = "") -> [UInt8] {
        Array(
            #"{"trips": [{\#(trip), "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "location": {"latitude": \#(latitude), "longitude": \#(longitude)}\#(extra)}]}]}"#
                .utf8)
    }

    @Test(arguments: [
        #", "stayHours": 1.5"#, #", "stayHours": 0"#, #", "stayHours": 241"#, #", "stayHours": -1"#, #", "stayHours": "2""#,
        #", "stayNights": 1"#, #", "stayNights": 2.0"#, #", "stayNights": 2.5"#, #", "stayNights": 0"#, #", "stayNights": 1e2"#,
        #", "stayNights": 366"#, #", "stayNights": 1e300"#, #", "stayHours": 2, "stayNights": 1"#, #", "stayHours": null, "stayNights": 1"#,
        #", "overnight": true"#, #", "overnight": false"#, #", "overnight": null"#, #", "overnight": 1"#, #", "overnight": "yes""#,
    ])
    func stayFieldsReadAsJSONDecoderReadsThem(_ fields: String) {
        let (read, old) = Self.checkAgreement(Self.stopFile(latitude: "1", extra: fields))
        #expect((read == nil) == (old == nil), "\(fields)")
    }

    @Test(arguments: [
        "0", "-0", "-0.0", "0.0", "-0e5", "0e-400", "-0E+0", "1E5", "1e+1", "1e-5", "1E-05", "36.6002", "-121.8947",
        "36.600200000000001", "36.60020000000000000000000000000001", "3.6600200000000001e1", "366002e-4", "0.0000366002e6",
        "90", "-90", "90.0", "9e1", "89.99999999999999", "0.1", "0.30000000000000004", "4.9e-324", "2.5e-324",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "9007199254740993e-14", "12345678901234567890e-18",
        "1234567890123456789012345e-24", "0." + String(repeating: "0", count: 400) + "1", "1" + String(repeating: "0", count: 40) + "e-40",
        "90.00000000000001", "90.000000000000001", "1e-400", "2.4e-324", "1e2", "-1e400",
    ])
    func latitudesReadAsJSONDecoderReadsThem(_ latitude: String) {
        let (read, old) = Self.checkAgreement(Self.stopFile(latitude: latitude))
        #expect((read == nil) == (old == nil), "\(latitude)")
    }

    @Test(arguments: [
        #""roadFactor": 1.3"#, #""roadFactor": null"#, #""averageSpeedKmh": 1e300"#, #""averageSpeedKmh": -0"#,
        #""roadFactor": 1.7976931348623157e308"#, #""roadFactor": 1.7976931348623159e308"#, #""roadFactor": "1.3""#,
        #""waypoints": null"#, #""waypoints": []"#, #""waypoints": {}"#, #""name": null"#, #""name": 5"#,
        #""colour": "teal""#, #""nested": {"a": [1, {"b": null}], "c": 12345678901234567890, "d": 1e200}"#,
        #""averageSpeed\u212Amh": 80"#, #""averageSpeed\u212Amh": 80, "averageSpeedKmh": 90"#,
        #""n\u0061me": "B""#, #""\u00e9": 1, "e\u0301": 2"#, #""é": 1, "e\u0301": 2"#, #""": 1"#, #""": 1, "": 2"#,
        #""x": 1e-400"#, #""x": 98765432109876543210987654321098765432109876543210"#, #""x": -0.0"#, #""x": 1E+2"#,
        #""settings": {}"#, #""settings": null"#, #""settings": []"#, #""settings": {"startDate": "2026-07-01", "startTime": "08:30"}"#,
        #""settings": {"startDate": "2026-02-30"}"#, #""settings": {"startTime": "8:30"}"#, #""settings": {"units": "mi", "endsBySunset": true}"#,
        #""settings": {"units": "miles"}"#, #""settings": {"dailyLimitHours": 0}"#, #""settings": {"dailyLimitHours": 7.5, "timeZone": "Europe/Berlin"}"#,
        #""settings": {"roadFactor": 1.4}, "roadFactor": 1.1, "averageSpeedKmh": 70"#, #""settings": {"later": [1]}"#,
        #""settings": {"endsBySunset": 1}"#, #""settings": {"startDate": "2026-07-01", "startDate": "2026-07-02"}"#,
    ])
    func tripFieldsReadAsJSONDecoderReadsThem(_ fields: String) {
        let text = #"{"trips": [{\#(Self.trip), \#(fields)}]}"#
        let (read, old) = Self.checkAgreement(Array(text.utf8))
        #expect((read == nil) == (old == nil), "\(text)")
    }

    @Test(arguments: [
        "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "8f8c4e5b-2c4b-4e7a-9c59-3a0e6e1a5f01", "8f8C4e5B-2c4B-4e7A-9c59-3a0E6e1A5f01",
        #"\u0038F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01"#, #"8F8C4E5B\u002D2C4B-4E7A-9C59-3A0E6E1A5F01"#,
        "8F8C4E5B2C4B-4E7A-9C59-3A0E6E1A5F01", "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F0", "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F011",
        "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F0G", "8F8C4E5B-2C4B-4E7A-9C59+3A0E6E1A5F01", "{8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01}",
        "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F0é", "", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    ])
    func idsReadAsJSONDecoderReadsThem(_ id: String) {
        let text = #"{"trips": [{"id": "\#(id)", "name": "A"}]}"#
        let (read, old) = Self.checkAgreement(Array(text.utf8))
        #expect((read == nil) == (old == nil), "\(text)")
    }

    @Test func aNameSpelledWithEscapesIsTheSameName() {
        let (read, _) = Self.checkAgreement(
            Array(#"{"tr\u0069ps": [{"\u0069d": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Z\u00fcrich \ud83d\ude00 \"\\\/\b\f\n\r\t\u0000"}]}"#.utf8))
        #expect(read?.trips.first?.name == "Zürich 😀 \"\\/\u{8}\u{C}\n\r\t\u{0}")
        #expect(TripFileReader.read(Data(#"{"trips": [], "tr\u0069ps": []}"#.utf8)) == nil)
        #expect(TripFileReader.read(Data(#"{"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "n\u0061me": "B"}]}"#.utf8)) == nil)
    }

    /// Significands around 2^53 and exponents around ±22, where the exact multiply-or-divide stops
    /// being exact and the reader must hand over to the full parser.
    @Test func numbersAtTheEdgesOfTheFastPathAreCorrectlyRounded() throws {
        var random = SeededRandom(seed: 53)
        var numbers: [String] = []
        for exponent in -26...26 {
            for _ in 0..<40 {
                let significand = [
                    UInt64.random(in: 1...(1 << 53), using: &random), (1 << 53) - UInt64.random(in: 0...3, using: &random),
                    (1 << 53) + UInt64.random(in: 1...3, using: &random), UInt64.random(in: 1...999_999_999_999_999_999, using: &random),
                    UInt64.random(in: 1...99, using: &random),
                ].randomElement(using: &random)!
                numbers.append("\(significand)e\(exponent)")
            }
        }
        let trips = stride(from: 0, to: numbers.count, by: 2).map { index in
            #"{"id": "00000000-0000-0000-0000-\#(String(format: "%012d", index))", "name": "T", "roadFactor": \#(numbers[index]), "averageSpeedKmh": -\#(numbers[index + 1])}"#
        }
        let (read, _) = Self.checkAgreement(Array(#"{"trips": [\#(trips.joined(separator: ","))]}"#.utf8))
        #expect(read != nil)
    }

    @Test func aByteOrderMarkAndAnyWhitespaceAreRead() {
        let text =
            " \r\n\t{ \"trips\" :\n[ { \"id\"\t:\"8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01\" , \"name\" : \"A\" , \"waypoints\" : [ ] } ] ,\"version\":1 } \n"
        #expect(Self.checkAgreement([0xEF, 0xBB, 0xBF] + Array(text.utf8)).reader != nil)
        #expect(Self.checkAgreement(Array(text.utf8)).reader != nil)
        #expect(Self.checkAgreement([0xEF, 0xBB] + Array(text.utf8)).reader == nil)
        #expect(Self.checkAgreement(Array(text.utf8) + [0xEF, 0xBB, 0xBF]).reader == nil)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let read = try #require(TripFileReader.read(Data(Self.stopFile(latitude: "-0", longitude: "-0.0e3"))))
        let location = read.trips[0].stops[0].location
        #expect(location.latitude.sign == .minus && location.longitude.sign == .minus)
    }

    @Test func duplicateIDsAreLeftToTheOldPath() {
        let id = "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01"
        let stop = { (id: String) in #"{"id": "\#(id)", "name": "S", "location": {"latitude": 1, "longitude": 2}}"# }
        let twoTrips = #"{"trips": [{"id": "\#(id)", "name": "A"}, {"id": "\#(id.lowercased())", "name": "B"}]}"#
        #expect(Self.checkAgreement(Array(twoTrips.utf8)) == (nil, nil))
        let stopsInTwoTrips =
            #"{"trips": [{"id": "\#(id)", "name": "A", "waypoints": [\#(stop("1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99"))]},"#
            + #"{"id": "00000000-0000-0000-0000-000000000002", "name": "B", "waypoints": [\#(stop("1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99"))]}]}"#
        #expect(Self.checkAgreement(Array(stopsInTwoTrips.utf8)) == (nil, nil))
        let tripAndStopShareOne = #"{"trips": [{"id": "\#(id)", "name": "A", "waypoints": [\#(stop(id))]}]}"#
        #expect(Self.checkAgreement(Array(tripAndStopShareOne.utf8)).reader != nil)
    }

    @Test func aLargeGeneratedFileReadsTheSame() throws {
        var random = SeededRandom(seed: 10)
        let trips = (0..<20).map { index in
            Trip(
                id: UUID(), name: "Trip \(index)",
                stops: (0..<200).map { stop in
                    Stop(
                        id: UUID(), name: "Stop \(stop) ü",
                        location: Coordinate(
                            latitude: Double.random(in: -90...90, using: &random),
                            longitude: Double.random(in: -180...180, using: &random)))
                })
        }
        let data = try TripFile(trips: trips).encoded()
        let read = try #require(TripFileReader.read(data))
        #expect(read.trips == trips)
        #expect(Self.exactDump(read) == Self.exactDump(try #require(Self.oldPath(data))))
        #expect(try TripFileStore(url: URL(fileURLWithPath: "/tmp/x.json")).decode(data) == read)
    }

    // MARK: Generated files

    @Test func generatedFilesReadAsJSONDecoderReadsThem() {
        for seed in 0..<400 as Range<UInt64> {
            var generator = FileGenerator(seed: seed)
            let text = generator.file()
            let (read, old) = Self.checkAgreement(Array(text.utf8))
            #expect(old != nil, "seed \(seed): the generator wrote a file the old path refuses: \(text)")
            #expect(read != nil, "seed \(seed): the reader stepped aside from a good file: \(text)")
        }
    }

    @Test func generatedFilesWithDuplicateIDsAreRefusedByBoth() {
        var refused = 0
        for seed in 0..<200 as Range<UInt64> {
            var generator = FileGenerator(seed: seed)
            generator.duplicateIDs = true
            let (read, old) = Self.checkAgreement(Array(generator.file().utf8))
            #expect((read == nil) == (old == nil), "seed \(seed)")
            if old == nil { refused += 1 }
        }
        #expect(refused > 40)
    }

    /// Broken copies of good files: whatever the old path refuses, the reader must refuse too
    /// (`checkAgreement`), and what both read must be the same.
    @Test func brokenFilesAreRefusedWhereTheOldPathRefusesThem() {
        var refusedByTheOldPath = 0
        var random = SeededRandom(seed: 2026)
        for seed in 0..<250 as Range<UInt64> {
            var generator = FileGenerator(seed: seed)
            let text = generator.file()
            for mutant in Self.mutants(of: text, using: &random) {
                let (_, old) = Self.checkAgreement(mutant)
                if old == nil { refusedByTheOldPath += 1 }
            }
        }
        #expect(refusedByTheOldPath > 1_000)
    }

    /// Versions of `text` with one thing wrong, or possibly wrong.
    static func mutants(of text: String, using random: inout SeededRandom) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        let interesting: [UInt8] = Array("{}[]:,\"\\0-+eE. ntf9u".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        var mutants: [[UInt8]] = []
        mutants.append(Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))) // truncated
        for _ in 0..<4 {
            var changed = bytes
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: changed[position] = interesting.randomElement(using: &random)!
            case 1: changed.insert(interesting.randomElement(using: &random)!, at: position)
            default: changed.remove(at: position)
            }
            mutants.append(changed)
        }
        // Text-level breakages: each replaces the first or a random occurrence of a pattern.
        let replacements: [(String, String)] = [
            (#""name":"#, #""name": "twice", "name":"#), (#""name":"#, #""n\u0061me": "twice", "name":"#),
            (#"{"trips":"#, #"{"tr\u0069ps": [], "trips":"#), (#""latitude":"#, #""latitude": 91, "x":"#),
            (#""latitude":"#, #""latitude": 90.0000001, "x":"#), (#""longitude":"#, #""longitude": -180.5, "y":"#),
            (#"{"trips":"#, #"{"version": 1.5, "trips":"#), (#"{"trips":"#, #"{"version": "1", "trips":"#),
            (#""name":"#, #""name": 5, "x":"#), (#""name":"#, #""name": null, "x":"#), (#""id":"#, #""id": 7, "x":"#),
            (#""location":"#, #""location": [], "x":"#), (#""waypoints":"#, #""waypoints": {}, "x":"#),
            (#""latitude":"#, #""latitude": "1", "x":"#), (#""name":""#, #""name":"\ud800"#), (#""name":""#, #""name":"\udc00"#),
            (#""name":""#, #""name":"\ud83d\u0041"#), (#""name":""#, #""name":"\u00"#), (#""id":""#, #""id":"x"#),
            (#""latitude":"#, #""latitude":01, "x":"#), (#""latitude":"#, #""latitude":1e999, "x":"#),
            (#""latitude":"#, #""latitude":1e-999, "x":"#), ("}", ",}"), ("]", ",]"), ("\"", "'"),
        ]
        for (pattern, replacement) in replacements where text.contains(pattern) {
            mutants.append(Array(text.replacingOccurrences(of: pattern, with: replacement).utf8))
            if let range = text.range(of: pattern) {
                mutants.append(Array(text.replacingCharacters(in: range, with: replacement).utf8))
            }
        }
        return mutants
    }
}

/// Writes random valid data files, the same for the same seed: names with escapes, emoji and
/// escaped control characters; numbers written in many ways; fields no type models, at every
/// level; optional fields absent or null; fields in any order; whitespace of every kind.
struct FileGenerator {
    var random: SeededRandom
    /// Reuse ids now and then (trips', stops', a trip's as a stop's, which is allowed).
    var duplicateIDs = false
    private var ids: [String] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func file() -> String {
        var fields: [(String, String)] = [("trips", array((0..<int(0...4)).map { _ in trip() }))]
        switch int(0...5) {
        case 0: break
        case 1: fields.append(("version", "null"))
        default: fields.append(("version", ["1", "1.0", "1e0", "0", "2", "10E-1", "-0", "2147483647", "0.1e1"].randomElement(using: &random)!))
        }
        fields += unknownFields()
        let text = object(fields)
        return (chance(0.2) ? "\u{FEFF}" : "") + space() + text + space()
    }

    private mutating func trip() -> String {
        var fields = [("id", string(id())), ("name", string(name()))]
        switch int(0...4) {
        case 0: break
        case 1: fields.append(("waypoints", "null"))
        default: fields.append(("waypoints", array((0..<int(0...5)).map { _ in stop() })))
        }
        for key in ["roadFactor", "averageSpeedKmh"] {
            switch int(0...2) {
            case 0: break
            case 1: fields.append((key, "null"))
            default: fields.append((key, number(Double.random(in: -1e6...1e6, using: &random))))
            }
        }
        return object(fields + unknownFields())
    }

    private mutating func stop() -> String {
        var location = [
            ("latitude", number(Double.random(in: -90...90, using: &random))),
            ("longitude", number(Double.random(in: -180...180, using: &random))),
        ]
        if chance(0.1) {
            location = [
                ("latitude", ["90", "-90", "9e1", "-0"].randomElement(using: &random)!),
                ("longitude", ["180", "-180.0", "1.8E2", "0"].randomElement(using: &random)!),
            ]
        }
        var fields = [("id", string(id())), ("name", string(name())), ("location", object(location + unknownFields()))]
        for key in ["region", "country", "notes"] {
            switch int(0...2) {
            case 0: break
            case 1: fields.append((key, "null"))
            default: fields.append((key, string(name())))
            }
        }
        switch int(0...4) {
        case 0: fields.append(("stayHours", ["1.5", "0", "240", "2e0", "null"].randomElement(using: &random)!))
        case 1: fields.append(("stayNights", ["1", "2.0", "365", "1e2", "null"].randomElement(using: &random)!))
        default: break
        }
        if chance(0.3) { fields.append(("overnight", ["true", "false", "null"].randomElement(using: &random)!)) }
        return object(fields + unknownFields())
    }

    // MARK: Pieces

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    private mutating func space() -> String {
        chance(0.6) ? "" : ["", " ", "\n", "\t", "\r\n  ", " \n\t "].randomElement(using: &random)!
    }

    /// Fields in a random order, with random whitespace around every token.
    private mutating func object(_ fields: [(String, String)]) -> String {
        let members = fields.shuffled(using: &random).map { name, value in space() + string(name) + space() + ":" + space() + value + space() }
        return "{" + members.joined(separator: ",") + space() + "}"
    }

    private mutating func array(_ elements: [String]) -> String {
        "[" + space() + elements.map { $0 + space() }.joined(separator: "," + space()) + "]"
    }

    /// `text` in quotes as is: its escapes are already written.
    private func string(_ text: String) -> String { "\"" + text + "\"" }

    private mutating func id() -> String {
        if duplicateIDs, !ids.isEmpty, chance(0.15) { return ids.randomElement(using: &random)! }
        var generator = random
        let uuid = UUID(uuid: withUnsafeBytes(of: (generator.next(), generator.next())) { $0.load(as: uuid_t.self) })
        random = generator
        var text = uuid.uuidString
        if chance(0.3) { text = text.lowercased() }
        if chance(0.05) { text = #"\u00"# + String(text.utf8.first!, radix: 16) + text.dropFirst() } // first digit escaped
        ids.append(text)
        return text
    }

    /// A name as written in JSON: plain text, escapes, and characters from all over Unicode.
    private mutating func name() -> String {
        let pieces = [
            "Monterey", "Big Sur", " ", "a", "Zürich", "東京", "😀", "👨‍👩‍👧", "e\u{301}", "K", "ﬁ", "\u{7F}", "\u{2028}",
            #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0000"#, #"\u001f"#, #"\u00e9"#, #"\u00E9"#,
            #"\u4e2d"#, #"\ud83d\ude00"#, #"\uD83C\uDDEB\uD83C\uDDF7"#, #"\u0041"#, #"\u212A"#, #"\uFFFF"#, "Road Trip 2026",
        ]
        return (0..<int(0...6)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// `value` written in one of the many ways JSON allows.
    private mutating func number(_ value: Double) -> String {
        let written: String
        switch int(0...11) {
        case 0: written = "\(value)"
        case 1: written = String(format: "%.17g", value)
        case 2: written = String(format: "%.6f", value)
        case 3: written = String(format: "%e", value)
        case 4: written = String(format: "%.3E", value)
        case 5: written = String(format: "%.25f", value)
        case 6: written = "\(Int64(value * 1_000_000))e-6"
        case 7: written = String(format: "%.0f", value)
        case 8: written = String(format: "%.20e", value).replacingOccurrences(of: "e+", with: "e")
        case 9: written = "\(Int64(value * 1_000))" + "000000000000000000000" + "E-24"
        case 10:
            written = ["0", "-0", "0.0", "-0.0", "0e10", "-0E-5", "1", "-1", "1E1", "1e-5", "4.9e-324", "2.2250738585072014e-308"].randomElement(
                using: &random)!
        default: written = String(value).replacingOccurrences(of: "e", with: "E")
        }
        return written
    }

    /// Fields no type models (most objects have none), with values of every kind.
    private mutating func unknownFields() -> [(String, String)] {
        guard chance(0.3) else { return [] }
        return (0..<int(1...3)).map { index in ("u\(index)-" + (chance(0.5) ? name() : ""), jsonValue(depth: 0)) }
    }

    private mutating func jsonValue(depth: Int) -> String {
        switch int(0...(depth > 3 ? 5 : 7)) {
        case 0: return "null"
        case 1: return chance(0.5) ? "true" : "false"
        case 2:
            return [
                "12345678901234567890", "98765432109876543210987654321", "1e200", "-1E-200", "-0.0", "0.1", "1E5", "123.456e-7",
                "2.5e3", "-0", "0", "3", "1e-130", "1.5e127", "340282366920938463463374607431768211455",
            ].randomElement(using: &random)!
        case 3: return number(Double.random(in: -1e10...1e10, using: &random))
        case 4, 5: return string(name())
        case 6: return array((0..<int(0...3)).map { _ in jsonValue(depth: depth + 1) })
        default: return object((0..<int(0...3)).map { index in ("k\(index)" + name(), jsonValue(depth: depth + 1)) })
        }
    }
}
