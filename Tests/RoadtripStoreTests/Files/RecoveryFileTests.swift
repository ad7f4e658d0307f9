import Foundation
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct RecoveryFileTests {
    @Test func theNameSaysWhatAndWhen() {
        let now = Date(timeIntervalSince1970: 0)
        let candidates = RecoveryFile.candidates(for: URL(fileURLWithPath: "/data/trips.json"), environment: ["HOME": "/home/ann"], now: now)
        #expect(
            candidates.map(\.path) == [
                "/data/trips.json.recovered-\(RecoveryFile.timestamp(now))",
                "/home/ann/.local/state/roadtrip/trips.json.recovered-\(RecoveryFile.timestamp(now))",
            ])
        #expect(RecoveryFile.timestamp(now).count == 15)
    }

    @Test func theSuggestionIsAPlaceThatTakesANewFile() throws {
        let directory = try TemporaryDirectory()
        let suggested = RecoveryFile.suggested(for: directory.file("trips.json"), environment: [:])
        #expect(suggested.deletingLastPathComponent().path == directory.url.path)
        _ = try directory.write("a file", to: "not-a-folder")
        let unusable = RecoveryFile.suggested(for: directory.file("not-a-folder/trips.json"), environment: ["XDG_STATE_HOME": directory.url.path])
        #expect(unusable.path.hasPrefix(directory.file("roadtrip").path))
    }
}
