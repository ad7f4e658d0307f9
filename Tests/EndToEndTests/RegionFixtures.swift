import Foundation
import Testing
import RoadtripTestSupport

/// What the end-to-end tests of regions share: the committed OpenStreetMap extracts
/// (© OpenStreetMap contributors, ODbL: Tests/Fixtures/osm/README.md), the binary on the test's
/// own data file and XDG folders, its JSON answers, and a planner in tmux opened on a trip.
enum RegionFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// The binary with its own data file and XDG data folder (so its own regions folder).
    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessResult {
        try CommandLineEndToEndTests.roadtrip(arguments, in: directory, variables: variables(directory))
    }

    /// The test's own XDG data and cache folders.
    static func variables(_ directory: TemporaryDirectory) -> [String: String] {
        ["XDG_DATA_HOME": directory.url.appendingPathComponent("data").path, "XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path]
    }

    static func regionsFolder(_ directory: TemporaryDirectory) -> URL {
        directory.url.appendingPathComponent("data/roadtrip/regions")
    }

    /// The folder's entries but its lock: a link and a folder per region, nothing else.
    static func entries(_ directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: regionsFolder(directory).path)) ?? []).filter { $0 != ".lock" }.sorted()
    }

    static func listed(_ directory: TemporaryDirectory) throws -> [[String: Any]] {
        let list = try roadtrip(["region", "list", "--json"], in: directory)
        try #require(list.status == 0, "\(CommandLineEndToEndTests.describe(list))")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    }

    /// The JSON object a command prints (`show`, `plan`, `optimize` with `--json`).
    static func object(_ arguments: [String], in directory: TemporaryDirectory) throws -> [String: Any] {
        let result = try roadtrip(arguments, in: directory)
        try #require(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    /// A planner in tmux on the test's own folders, its trip `name` opened from the list.
    static func planner(openingTrip name: String, width: Int = 110, height: Int = 24, in directory: TemporaryDirectory) async throws -> TmuxSession {
        let session = try await TmuxSession(width: width, height: height, directory: directory, variables: variables(directory))
        try await session.waitFor("Roadtrips")
        try await session.sendKeys("/")
        try await session.sendText(name)
        try await session.sendKeys("Enter", "Enter")
        return session
    }

    /// From the trip list of a planner with no region: `M`, `a`, the path of `file`, Enter.
    static func addInPlanner(_ file: String, session: TmuxSession) async throws {
        try await session.sendKeys("M")
        try await session.waitFor("No region yet")
        try await session.sendKeys("a")
        try await session.waitFor("Add a region")
        try await session.sendText(file)
        try await session.sendKeys("Enter")
    }

    /// Andorra added, and a trip `name` of `places` (a place or "latitude, longitude" each).
    static func andorra(trip name: String, _ places: [String], in directory: TemporaryDirectory) throws {
        #expect(try roadtrip(["region", "add", fixture("andorra.osm.pbf")], in: directory).status == 0)
        let created = try roadtrip(["new", "--force", name] + places, in: directory)
        #expect(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
    }

    /// An OSM XML extract of a village (and `more`) in the test's folder.
    static func osm(_ name: String, _ more: String = "", bounds: String? = nil, in directory: TemporaryDirectory) throws -> String {
        let file = directory.url.appendingPathComponent(name)
        let village = #"<node id="1" lat="43.7384" lon="7.4246" version="1"><tag k="place" v="village"/><tag k="name" v="Placeville"/></node>"#
        let header = bounds.map { "<bounds \($0)/>\n" } ?? ""
        try Data("<?xml version=\"1.0\"?>\n<osm version=\"0.6\" generator=\"test\">\n\(header)\(village)\n\(more)\n</osm>\n".utf8).write(to: file)
        return file.path
    }

    /// The screen's line that holds `text`.
    static func line(of text: String, in screen: String) -> String? {
        screen.components(separatedBy: "\n").first { $0.contains(text) }
    }

    /// One road of 1 km in Monaco, north-east from 43.7300° N 7.4100° E.
    static let oneRoad = #"""
        <node id="10" lat="43.7300" lon="7.4100" version="1"/><node id="11" lat="43.7350" lon="7.4200" version="1"/>
        <way id="100" version="1"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/></way>
        """#
}
