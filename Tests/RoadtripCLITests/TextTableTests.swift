import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing
import RoadtripTestSupport

/// Tables measure text, so these run on the main actor in a UTF-8 locale (see TextWidthTests).
@MainActor
@Suite struct TextTableTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func wideAndAccentedNamesAreKeptAndAligned() {
        let text = TextTable.render([["Tōkyō 東京", "1"], ["Füssen", "22"]], rightAligned: [1])
        #expect(text == "Tōkyō 東京   1\nFüssen      22\n")
    }

    @Test func oneLongNameDoesNotWidenEveryRow() {
        let long = Trip(name: String(repeating: "Very long name ", count: 70_000), stops: Fixtures.pacific.stops)
        let lines = ListCommand.table(for: [Fixtures.pacific, long, Fixtures.alps], unit: .km).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { TextWidth.width($0) < 120 }, "\(lines.map(\.count))")
        #expect(lines[1].contains("Very long name Very long name Very long\u{2026}"))
        // The other rows are padded to the clipped width only.
        #expect(lines[0].range(of: "3 stops") != nil && lines[0].count == lines[1].count)
    }
}
