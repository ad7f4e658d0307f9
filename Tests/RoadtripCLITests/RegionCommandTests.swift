import Foundation
@testable import OSMImport
@testable import RoadtripCLI
@testable import RoadtripRegions
import TextCanvas
import Testing
import RoadtripTestSupport

/// What `region add` and `region list` print: every line harmless on a terminal, every sentence whole.
@MainActor
@Suite struct RegionCommandTests {
    /// A clipboard write (OSC 52) and a screen clear in a file's name.
    static let hostile = "x\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J.osm.pbf"

    init() {
        TextWidth.adoptUTF8Locale()
    }

    static func info(sourceFile: String, roads: Bool = true) -> RegionInfo {
        RegionInfo(
            name: "x", sourceFile: sourceFile, sourceBytes: 1_000, sha256: String(repeating: "a", count: 64),
            added: Date(timeIntervalSince1970: 1_790_000_000), bounds: .init(south: 1, west: 2, north: 3, east: 4),
            places: 5, roads: roads ? 7 : 0, format: RegionInfo.currentFormat, roadDatabase: roads ? RegionInfo.roadsFolderName : nil)
    }

    /// Issue 34, case 10: "Checking …" and "Reading …" printed the file's name raw.
    @Test func theProgressLineShowsAFilesNameHarmless() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let line = ProgressLine(enabled: true, descriptor: ends[1])
        line.show(RegionImport.Progress.reading(file: Self.hostile, bytes: 1, total: 2, pass: 1).text)
        line.clear()
        close(ends[1])
        let written = String(decoding: FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        #expect(written.hasPrefix("\rChecking x"), "\(written.debugDescription)")
        // The line's own controls are a carriage return and "erase to the end of the line".
        let others = written.replacingOccurrences(of: "\u{1B}[K", with: "").unicodeScalars.filter { ($0.value < 0x20 && $0 != "\r") || $0.value == 0x7F }
        #expect(others.isEmpty, "\(written.debugDescription)")
    }

    /// Issue 34, case 10: "Added region … from …" printed the file's name raw.
    @Test func theSummaryShowsAFilesNameHarmless() {
        let text = RegionCommand.summary(Self.info(sourceFile: "/tmp/" + Self.hostile), seconds: 1.25)
        #expect(!text.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
        #expect(
            text.hasPrefix("Added region x: 5 places and 7 roads from x\u{FFFD}]52;c;aGVsbG8=\u{FFFD}\u{FFFD}[2J.osm.pbf (1.0 KB) in 1.2 s.")
                && text.hasSuffix(".\n"))
    }

    /// Issue 37: a region an older roadtrip added is listed with its figures, and the sentence
    /// saying its places are not searched follows the table whole; in JSON it is its `problem`.
    @Test func aRegionOfAnOlderFormatIsListedWithItsSentence() throws {
        var info = Self.info(sourceFile: "/maps/x.osm.pbf")
        info.format = 1
        let region = RegionShelf.Installed(name: "x", folder: URL(fileURLWithPath: "/r/x"), info: .success(info))
        let sentence = try #require(region.placesProblem?.description)
        #expect(sentence.hasPrefix("Region x was added by an older roadtrip") && sentence.contains("`roadtrip region add /maps/x.osm.pbf`"))
        let table = RegionCommand.List.table([region])
        #expect(table.contains("x.osm.pbf (1.0 KB)") && table.hasSuffix("\n\n" + sentence + "\n"), "\(table)")
        #expect(RegionCommand.List.entry(region).problem == sentence && RegionCommand.List.entry(region).places == 5)
        info.format = RegionInfo.currentFormat
        let current = RegionShelf.Installed(name: "x", folder: URL(fileURLWithPath: "/r/x"), info: .success(info))
        #expect(RegionCommand.List.entry(current).problem == nil && !RegionCommand.List.table([current]).contains("older"))
    }

    /// Issue 34, case 11: a region with places and no roads says that its legs are not routed.
    @Test func aRegionWithoutRoadsSaysSo() {
        #expect(
            RegionCommand.summary(Self.info(sourceFile: "/tmp/v.osm", roads: false), seconds: 0.1)
                == "Added region x: 5 places and no roads to route on from v.osm (1.0 KB) in 0.1 s. Legs in it are estimated, not routed.\n")
    }
}
