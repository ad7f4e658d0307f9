import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import RoadtripTestSupport
import Testing

/// Inputs for the parsers that `make fuzz` (Scripts/fuzz, Sources/Fuzz/) exercises, run as plain
/// tests: the seed corpora in Tests/FuzzCorpus/, nasty inputs chosen by hand, and — the reason this
/// file exists — every input a fuzz run has crashed on, each as its own test, kept after the fix.
///
/// The checks are the fuzz targets' own: the decoder throws only a `DataFileError` about the text,
/// at a position inside it, and a file it accepts saves and reads back the same; the coordinate
/// parser throws only a `CoordinateParser.Failure` or returns a valid coordinate; the search returns
/// at most `limit` places, at valid coordinates.
@Suite struct FuzzRegressionTests {
    // MARK: The checks

    static let store = TripFileStore(url: URL(fileURLWithPath: "/fuzz/trips.json"))

    /// Decodes `bytes` as the fuzz target does; returns the error, or nil when the file was accepted.
    @discardableResult
    static func checkDecoder(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> DataFileError? {
        let data = Data(bytes)
        let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        do {
            let file = try store.decode(data)
            let reread = try? store.decode(try file.encoded())
            #expect(reread == file, "a decoded file does not read back the same after saving", sourceLocation: sourceLocation)
            return nil
        } catch {
            switch error {
            case let .invalidJSON(_, line, column, _):
                #expect((1...lineCount).contains(line) && column >= 1, "\(error)", sourceLocation: sourceLocation)
            case let .invalidContent(_, line, column, _, _):
                #expect(line.map { (1...lineCount).contains($0) } ?? true, "\(error)", sourceLocation: sourceLocation)
                #expect(column.map { $0 >= 1 } ?? true, "\(error)", sourceLocation: sourceLocation)
            default:
                Issue.record("decode gave an error that is not about the text: \(error)", sourceLocation: sourceLocation)
            }
            #expect(error.description.contains("/fuzz/trips.json"), sourceLocation: sourceLocation)
            return error
        }
    }

    /// Parses `text` as the fuzz target does; returns the coordinate, or nil when it was refused.
    @discardableResult
    static func checkCoordinates(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Coordinate? {
        _ = CoordinateParser.looksLikeCoordinates(text)
        do {
            let coordinate = try CoordinateParser.parse(text)
            #expect(coordinate.isValid, "parse(\(text.debugDescription)) gave \(coordinate)", sourceLocation: sourceLocation)
            return coordinate
        } catch {
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
            return nil
        }
    }

    static func checkSearch(_ text: String, limit: Int = 10, in gazetteer: Gazetteer, sourceLocation: SourceLocation = #_sourceLocation) {
        let results = gazetteer.search(text, limit: limit)
        #expect(results.count <= max(limit, 0), "search(\(text.debugDescription)) gave \(results.count) places", sourceLocation: sourceLocation)
        for place in results {
            #expect(place.coordinate.isValid, "\(place.name) at \(place.coordinate)", sourceLocation: sourceLocation)
        }
        if let coordinate = try? CoordinateParser.parse(text), let place = gazetteer.nearest(to: coordinate) {
            #expect(place.coordinate.isValid, "nearest(\(coordinate)) gave \(place.name) at \(place.coordinate)", sourceLocation: sourceLocation)
        }
    }

    /// The files of Tests/FuzzCorpus/<target>/, the seeds every fuzz run starts from.
    static func corpus(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = TestsFolder.url.appendingPathComponent("FuzzCorpus/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    // MARK: Seed corpora

    @Test func decoderSeedsReadOrFailWithTheirPosition() throws {
        let seeds = try Self.corpus("fuzz-trip-file")
        #expect(seeds.count >= 5)
        for seed in seeds {
            let error = Self.checkDecoder(seed.bytes)
            let shouldFail = seed.name.hasPrefix("syntax-error") || seed.name.hasPrefix("wrong-type")
            #expect((error != nil) == shouldFail, "\(seed.name): \(String(describing: error))")
        }
    }

    @Test func coordinateSeedsParseOrFailWithAFailure() throws {
        let seeds = try Self.corpus("fuzz-coordinates")
        #expect(seeds.count >= 10)
        let parsed = seeds.filter { Self.checkCoordinates(String(decoding: $0.bytes, as: UTF8.self)) != nil }
        // The last few seeds are out of range on purpose.
        #expect(parsed.count >= seeds.count - 3, "\(seeds.count - parsed.count) seeds refused")
    }

    @Test func searchSeedsFindPlaces() throws {
        let gazetteer = try RealGazetteer.get()
        for seed in try Self.corpus("fuzz-search") {
            let text = String(decoding: seed.bytes, as: UTF8.self)
            Self.checkSearch(text, in: gazetteer)
        }
    }

    // MARK: Nasty inputs, chosen by hand

    @Test(
        arguments: [
            ("empty", ""),
            ("only a byte order mark", "\u{FEFF}"),
            ("only whitespace", " \n\t\r\n "),
            ("a bare number", "1"),
            ("a top-level array", "[]"),
            ("null", "null"),
            ("NaN as a number", #"{"trips": [], "version": NaN}"#),
            (
                "Infinity as a latitude",
                #"{"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "location": {"latitude": Infinity, "longitude": 0}}]}]}"#
            ),
            (
                "NaN as a string",
                #"{"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "location": {"latitude": "NaN", "longitude": 0}}]}]}"#
            ),
            (
                "a huge latitude",
                #"{"trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "A", "waypoints": [{"id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "B", "location": {"latitude": 1e400, "longitude": 0}}]}]}"#
            ),
            ("a version too big for Int", #"{"version": 99999999999999999999999999, "trips": []}"#),
            ("a fractional version", #"{"version": 1.5, "trips": []}"#),
            ("a negative zero exponent", #"{"version": -0e-0, "trips": []}"#),
            ("a zero with an exponent Decimal refuses", #"{"trips": [], "x": 0e200, "y": -0e-200, "z": [0E+999]}"#),
            ("a bad UUID", #"{"trips": [{"id": "not-a-uuid", "name": "A", "waypoints": []}]}"#),
            ("an unclosed string", #"{"trips": [], "x": "abc"#),
            ("a lone surrogate escape", #"{"trips": [], "x": "\ud800"}"#),
            ("a NUL escape", #"{"trips": [], "x": "\u0000"}"#),
            ("a duplicated key", #"{"trips": [], "trips": []}"#),
            ("trailing text", #"{"trips": []} {}"#),
            ("a trailing comma", #"{"trips": [],}"#),
        ] as [(String, String)])
    func nastyDataFilesFailWithATypedError(_ name: String, _ text: String) {
        Self.checkDecoder(Array(text.utf8))
    }

    @Test func invalidUTF8InADataFileIsATypedError() {
        let bytes = Array(#"{"trips": [], "x": ""#.utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        Self.checkDecoder(bytes)
        Self.checkDecoder([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]) // UTF-16 with a byte order mark
    }

    /// (511 levels under the root object is the one depth the reader takes and the writer refuses:
    /// see `aFileNestedAsDeepAsTheReaderAllowsCanBeSaved` below.)
    @Test func deepNestingIsATypedError() {
        for depth in [100, 510, 512, 513, 10_000, 200_000] {
            let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            Self.checkDecoder(Array(#"{"trips": [], "deep": \#(arrays)}"#.utf8))
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            Self.checkDecoder(Array(#"{"trips": [], "deep": \#(objects)}"#.utf8))
            Self.checkDecoder(Array(String(repeating: "[", count: depth).utf8))
        }
    }

    @Test func aLocatorPathPastTheDocumentStaysInside() {
        let text = Array("{\"trips\": [\n {\"waypoints\": []}\n]}".utf8)
        let locator = JSONTextLocator(text)
        let position = locator.position(of: [.key("trips"), .index(0), .key("waypoints"), .index(7), .key("location")])
        #expect(position == JSONTextLocator.Position(line: 2, column: 16))
        #expect(locator.position(of: [.index(3)]) != nil)
        #expect(JSONTextLocator([UInt8]()).position(of: [.key("trips")]) == nil)
    }

    @Test(arguments: [
        "", " ", ",", "-", "+", "N", "NS", "N1", "1", "1,", ",1", "1,2,3",
        "nan, nan", "NaN NaN", "inf, 0", "-inf -inf", "infinity, 0", "1e5, 0", "0x10, 0",
        String(repeating: "9", count: 400) + ", 0", "0, " + String(repeating: "9", count: 400),
        "0." + String(repeating: "0", count: 5_000) + "1, 0",
        "90.00000000000000000001, 180.0000000000000000001", "-90, -180", "90, 180",
        "٣٦, ١٢١", "½, ¼", "³, ²", "𝟑𝟔, 𝟏𝟐𝟏", "Ⅻ, Ⅳ",
        "1°2°3°4° N, 5 E", "1.5°30′ N, 0", "59°59′59.9999″N 0", "0°60′N 0°E", "0 0 60 N 0 E",
        "N-5 E5", "--5, 5", "5 S S, 5", "S 5 N, 5", "36.6 N 121.9 N", "36.6 E 121.9 W",
        "\u{0}, \u{0}", "36.6\u{301}, 121.9", "36.6\u{2028}121.9", String(repeating: "1 ", count: 2_000),
        String(repeating: "′", count: 1_000), String(repeating: "''", count: 1_000) + "1, 1",
    ])
    func nastyCoordinatesFailWithAFailureOrAreValid(_ text: String) {
        Self.checkCoordinates(text)
    }

    @Test func invalidUTF8AsCoordinatesIsRefused() {
        let text = String(decoding: [0x33, 0x36, 0xFF, 0x2C, 0x20, 0xC3, 0x31, 0x32], as: UTF8.self)
        #expect(Self.checkCoordinates(text) == nil)
    }

    @Test(arguments: [
        "", " ", ",", ",,,,", ", ca", "ca,", "a,b,c,d,e,f,g,h", "-", "'", "\u{0}", "\u{FEFF}",
        "st st st st st st st st", "mt ft st pt mt ft st", "san " + String(repeating: "s", count: 300),
        String(repeating: "a ", count: 2_000), String(repeating: "x", count: 10_000),
        String(repeating: "e\u{301}", count: 1_000), "🚗🏔️", "👨‍👩‍👧‍👦 city", "ﬁnland", "ǅ", "İstanbul", "ß",
        "36.6002, -121.8947", "nan, nan", "90, 180", "-90, -180", "0, 0",
    ])
    func nastyQueriesReturnAtMostTheLimit(_ text: String) throws {
        Self.checkSearch(text, in: try RealGazetteer.get())
    }

    @Test func oddLimitsAndInvalidUTF8Queries() throws {
        let gazetteer = try RealGazetteer.get()
        for limit in [0, -1, 1, 1_000] {
            Self.checkSearch("san", limit: limit, in: gazetteer)
        }
        Self.checkSearch(String(decoding: [0x73, 0x61, 0xFF, 0xC3, 0x6E], as: UTF8.self), in: gazetteer)
    }

    // MARK: Crashes found by `make fuzz`
    //
    // One test per crashing input (from .build-fuzz/artifacts/), named for what went wrong, written
    // to fail until the bug is fixed, and kept afterwards.

    /// Found with the fuzz targets' read-save-read check (not by the fuzzer within 60 s): the reader
    /// (JSONTextLocator, maxDepth 512) accepts an unknown field of arrays or objects nested 511
    /// levels below the root object — 512 levels in all — but Foundation's JSONEncoder refuses that depth ("Unable to
    /// encode the given top-level value to JSON"), so such a file opens and then can never be saved:
    /// every save fails with `unwritable` ("the trips could not be encoded (…)", a message that
    /// prints the whole file). 510 levels save; 512 are refused when reading. Fails until the reader
    /// and the writer agree on a depth.
    @Test(arguments: [
        String(repeating: "[", count: 511) + String(repeating: "]", count: 511),
        String(repeating: #"{"a":"#, count: 510) + "{}" + String(repeating: "}", count: 510),
    ])
    func aFileNestedAsDeepAsTheReaderAllowsCanBeSaved(_ deep: String) throws {
        let text = #"{"trips": [], "deep": \#(deep)}"#
        guard let file = try? Self.store.decode(Data(text.utf8)) else { return } // refusing it when reading is fine too
        let saved = try file.encoded()
        #expect(try Self.store.decode(saved) == file)
    }
}
