import Foundation
import Testing
import RoadtripTestSupport

/// The route map: `roadtrip map` against golden snapshots, and the map of the trip detail screen driven
/// in tmux. Set ROADTRIP_RECORD_SNAPSHOTS=1 to write the snapshots again after a deliberate change.
@Suite("Map, end to end")
struct MapEndToEndTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// Runs `roadtrip map` on the sample trips (after `setup` commands) and compares with the snapshot.
    func check(_ name: String, map arguments: [String], setup: [[String]] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        for command in setup {
            let result = try CommandLineEndToEndTests.roadtrip(command, in: directory)
            #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))", sourceLocation: sourceLocation)
        }
        let result = try CommandLineEndToEndTests.roadtrip(["map"] + arguments, in: directory)
        #expect(result.status == 0, "\(CommandLineEndToEndTests.describe(result))", sourceLocation: sourceLocation)
        let file = Self.snapshots.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["ROADTRIP_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
            try Data(result.standardOutput.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            result.standardOutput == expected, "roadtrip map \(arguments.joined(separator: " ")) differs from \(file.path):\n\(result.standardOutput)",
            sourceLocation: sourceLocation)
    }

    @Test("The sample Pacific drive, Braille")
    func pacificDrive() throws {
        try check("pacific-coast-drive", map: ["Pacific Coast Drive", "--width", "60", "--height", "24"])
    }

    @Test("A trip across the antimeridian (Anchorage → Petropavlovsk → Tokyo)")
    func acrossTheAntimeridian() throws {
        try check(
            "north-pacific", map: ["North Pacific", "--width", "72", "--height", "20"],
            setup: [["new", "North Pacific", "Anchorage", "Petropavlovsk-Kamchatsky", "Tokyo"]])
    }

    @Test("Iceland in ASCII, in miles")
    func icelandASCII() throws {
        try check("iceland-ascii", map: ["Iceland Ring Road", "--width", "64", "--height", "20", "--ascii", "--units", "mi"])
    }

    @Test("map follows the locale: Braille under UTF-8, ASCII under LANG=C, ASCII with --ascii")
    func followsTheLocale() throws {
        let directory = try TemporaryDirectory.withSampleTrips()
        defer { directory.remove() }
        func isBraille(_ scalar: Unicode.Scalar) -> Bool { (0x2801...0x28FF).contains(scalar.value) }
        let utf8 = try CommandLineEndToEndTests.roadtrip(["map", "1"], in: directory)
        #expect(utf8.status == 0 && utf8.standardOutput.unicodeScalars.contains(where: isBraille), "\(utf8.standardOutput)")
        let ascii = try CommandLineEndToEndTests.roadtrip(["map", "1"], in: directory, variables: ["LANG": "C"])
        #expect(ascii.status == 0 && ascii.standardOutput.utf8.allSatisfy { $0 < 0x80 }, "\(ascii.standardOutput)")
        // The same drawing as --ascii in a UTF-8 locale, labels and scale bar included, but in ASCII.
        let forced = try CommandLineEndToEndTests.roadtrip(["map", "1", "--ascii"], in: directory, variables: ["LANG": "C"])
        #expect(forced.standardOutput == ascii.standardOutput)
        #expect(ascii.standardOutput.split(separator: "\n").count == 24)
    }

    @Test("A trip near the pole and a one-stop trip draw without trouble")
    func poleAndOneStop() throws {
        try check(
            "svalbard", map: ["Svalbard", "--width", "50", "--height", "16"],
            setup: [["new", "Svalbard", "Longyearbyen", "79.9, 11.0", "80.5, 25.0"]])
        try check(
            "one-stop", map: ["Just Paris", "--width", "40", "--height", "12"],
            setup: [["new", "Just Paris", "Paris, France"]])
    }

    @Test("Open a trip in a wide terminal, focus the map, zoom and pan: the map changes; 0 fits it again")
    func zoomAndPanInTheTripScreen() async throws {
        let session = try await TmuxSession(width: 130, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        func mapPart(_ screen: String) -> String {
            screen.components(separatedBy: "\n").dropFirst(1).prefix(26).map { String($0.dropFirst(80)) }.joined(separator: "\n")
        }
        let fitted = try await session.waitUntil("the map beside the stops") { screen in
            mapPart(screen).unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } && mapPart(screen).contains("Monterey")
        }
        try await session.sendKeys("m")
        try await session.waitFor("0 Fit")
        var previous = mapPart(fitted)
        for key in ["+", "+", "l", "j", "-"] {
            try await session.sendKeys(key)
            let changed = try await session.waitUntil("the map to change after \(key)") { mapPart($0) != previous }
            previous = mapPart(changed)
        }
        try await session.sendKeys("0")
        try await session.waitUntil("the fitted map again") { mapPart($0) == mapPart(fitted) }
        try await session.sendKeys("Escape")
        try await session.waitFor("m Map")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }
}
