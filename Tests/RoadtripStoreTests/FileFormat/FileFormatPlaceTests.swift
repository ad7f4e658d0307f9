import Foundation
import Testing
import RoadtripTestSupport

/// The trips file's format lives in RoadtripStore/FileFormat only (issue 40): the entities in
/// RoadtripCore are plain values, and nothing there says how a file writes them.
struct FileFormatPlaceTests {
    /// What only a Codable conformance, or a hand-written one, spells.
    private static let codingWords = ["Codable", "Decodable", "Encodable", "CodingKey", "init(from decoder", "encode(to encoder", "DecodingError"]

    @Test func noSourceOfRoadtripCoreKnowsHowTheFileIsWritten() throws {
        let core = TestsFolder.url.deletingLastPathComponent().appendingPathComponent("Sources/RoadtripCore")
        let files = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let found = Self.codingWords.filter { text.contains($0) }
            #expect(found.isEmpty, "\(file.lastPathComponent) spells \(found.joined(separator: ", "))")
        }
    }
}
