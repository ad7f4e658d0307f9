import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing
import RoadtripTestSupport

/// What the commands print is safe on a terminal: JSON with the controls escaped, text made
/// printable as the screen shows it. Text is measured, so on the main actor in a UTF-8 locale.
@MainActor
@Suite struct CommandOutputTests {
    static let hostile = "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{85}\r\u{7F}\u{202E}x\u{2028}"

    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func jsonKeepsNamesExactButEscapesWhatATerminalActsOn() throws {
        let trip = Trip(name: Self.hostile, stops: [Stop(name: Self.hostile, location: Fixtures.monterey)])
        for json in [try ListCommand.json(for: [trip]), try ShowCommand.json(for: trip)] {
            let printed = CommandOutput.escapingTerminalControls(json)
            let bytes = Array(printed.utf8)
            #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A } && !bytes.contains(0x7F), "\(printed.debugDescription)")
            #expect(!printed.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.properties.generalCategory == .format || $0 == "\u{2028}" })
            let decoded = try JSONSerialization.jsonObject(with: Data(printed.utf8))
            let names = (decoded as? [[String: Any]])?.map { $0["name"] as? String } ?? [(decoded as? [String: Any])?["name"] as? String]
            #expect(names == [Self.hostile])
        }
    }

    @Test func jsonWithoutControlsIsUnchanged() {
        let json = #"[{"name": "Zürich → 東京 \u001b"}]"#
        #expect(CommandOutput.escapingTerminalControls(json) == json)
    }

    @Test func namesAreShownAsTheScreenShowsThem() {
        let trip = Trip(name: CommandOutputTests.hostile, stops: [Stop(name: "Stop\u{1B}[31m\u{9B}", location: Fixtures.monterey)])
        for text in [
            ListCommand.table(for: [trip], unit: .km), ShowCommand.text(for: trip, unit: .km),
            NewCommand.summary(of: trip, unit: .km),
        ] {
            #expect(
                !text.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format
                },
                "\(text.debugDescription)")
        }
        // Each control character shows as U+FFFD, as on the screen; format characters vanish.
        let named = Trip(name: "Evil\u{1B}[2J\u{07}\u{9B}31m\r\u{202E}x", stops: [])
        #expect(ShowCommand.text(for: named, unit: .km).hasPrefix("Evil\u{FFFD}[2J\u{FFFD}\u{FFFD}31m\u{FFFD}x — 0 stops\n"))
    }
}
