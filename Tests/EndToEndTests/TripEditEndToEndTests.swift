import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The commands that change a trip (`rename`, `delete`, `add-stop`, `remove-stop`, `move-stop`,
/// `set`), run as a user would on a data file holding the sample trips: output, exit status and
/// the file saved.
@Suite("Changing a trip from the command line, end to end")
struct TripEditEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory.withSampleTrips()
    }

    private func roadtrip(_ arguments: String...) throws -> ProcessResult {
        try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
    }

    private func describe(_ result: ProcessResult) -> String {
        CommandLineEndToEndTests.describe(result)
    }

    /// The JSON object a command printed; its exit status must be 0.
    private func object(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(result.status == 0, "\(describe(result))", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any], "\(describe(result))", sourceLocation: sourceLocation)
    }

    private func trips() throws -> [[String: Any]] { try Run.trips(at: directory.dataFile) }

    private func stopNames(_ trip: Int) throws -> [String] {
        Run.names(of: try trips()[trip]["waypoints"] as? [[String: Any]] ?? [])
    }

    private let coast = ["Monterey", "Carmel-by-the-Sea", "Bixby Creek Bridge", "Big Sur", "San Simeon", "Cambria", "Morro Bay"]

    @Test("rename: the trip gets the new name, in the file and the output")
    func rename() throws {
        let result = try roadtrip("rename", "Pacific Coast Drive", "California Coast")
        #expect(result.status == 0, "\(describe(result))")
        #expect(result.standardOutput == "Renamed “Pacific Coast Drive” to “California Coast”.\n", "\(describe(result))")
        #expect(Run.names(of: try trips()) == ["California Coast"] + SampleTrips.names.dropFirst())

        let json = try object(try roadtrip("rename", "2", "Mother Road", "--json"))
        #expect(json["action"] as? String == "rename")
        #expect(json["name"] as? String == "Mother Road")
        #expect(json["previousName"] as? String == "Route 66")
        #expect(json["stops"] as? Int == 11)
        #expect(json["id"] as? String == (try trips()[1]["id"] as? String))
        #expect(Run.names(of: try trips())[1] == "Mother Road")
    }

    @Test("rename: an unknown trip or an empty name changes nothing and says why")
    func renameErrors() throws {
        let before = try Data(contentsOf: directory.dataFile)
        let unknown = try roadtrip("rename", "Atlantis", "Lost")
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("No trip matches “Atlantis”"), "\(describe(unknown))")
        let empty = try roadtrip("rename", "1", " ")
        #expect(empty.status == 64)
        #expect(empty.standardError.contains("The new name is empty"), "\(describe(empty))")
        let missing = try roadtrip("rename", "1")
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("Give the trip and its new name"), "\(describe(missing))")
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }

    @Test("A data file that is read-only: every change is refused with the file and the reason, and nothing is written")
    func readOnlyFile() throws {
        chmod(directory.dataFile.path, 0o444)
        let before = try Data(contentsOf: directory.dataFile)
        for arguments in [
            ["rename", "1", "X"], ["delete", "1", "--yes"], ["add-stop", "1", "36.6, -121.9"], ["remove-stop", "1", "1"],
            ["move-stop", "1", "1", "2"], ["set", "1", "speed", "90"],
        ] {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
            #expect(result.status == 1, "\(arguments): \(describe(result))")
            #expect(
                result.standardError.contains("\(directory.dataFile.path) is open read-only: the file is read-only (mode 444)"),
                "\(arguments): \(describe(result))")
        }
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }

    @Test("delete: refused without a terminal unless --yes; with it, the trip is gone")
    func delete() throws {
        let refused = try roadtrip("delete", "Route 66")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("standard input is not a terminal"), "\(describe(refused))")
        #expect(refused.standardError.contains("Pass --yes"), "\(describe(refused))")
        #expect(try trips().count == 5)

        let deleted = try roadtrip("delete", "Route 66", "--yes")
        #expect(deleted.status == 0, "\(describe(deleted))")
        #expect(deleted.standardOutput == "Deleted “Route 66” (11 stops).\n", "\(describe(deleted))")
        #expect(Run.names(of: try trips()) == SampleTrips.names.filter { $0 != "Route 66" })

        let json = try object(try roadtrip("delete", "-1", "--yes", "--json"))
        #expect(json["action"] as? String == "delete")
        #expect(json["name"] as? String == "Great Ocean Road")
        #expect(Run.names(of: try trips()) == ["Pacific Coast Drive", "Iceland Ring Road", "Romantic Road"])
    }

    @Test("delete on a terminal asks, and deletes only on y")
    func deleteAsks() async throws {
        let session = try await TmuxSession(arguments: ["delete", "Route 66"], directory: directory)
        defer { session.close() }
        _ = try await session.waitFor("Delete trip “Route 66” with 11 stops? [y/N]")
        try await session.sendKeys("n", "Enter")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 1, "\(screen)")
        #expect(screen.contains("Nothing was deleted."), "\(screen)")
        #expect(try trips().count == 5)

        let again = try await TmuxSession(arguments: ["delete", "Route 66"], directory: directory)
        defer { again.close() }
        _ = try await again.waitFor("[y/N]")
        try await again.sendKeys("y", "Enter")
        let (yes, shown) = try await again.waitForExit()
        #expect(yes == 0, "\(shown)")
        #expect(shown.contains("Deleted “Route 66” (11 stops)."), "\(shown)")
        #expect(Run.names(of: try trips()) == SampleTrips.names.filter { $0 != "Route 66" })
    }

    @Test("add-stop: the best match near the stops around it, after the stop asked, with the place chosen said")
    func addStop() throws {
        let result = try roadtrip("add-stop", "Pacific Coast Drive", "Pacific Grove", "--after", "1", "--note", "Lovers Point at sunset")
        #expect(result.status == 0, "\(describe(result))")
        #expect(result.standardOutput.hasPrefix("Added Pacific Grove, California, United States ("), "\(describe(result))")
        #expect(result.standardOutput.hasSuffix(") to “Pacific Coast Drive” as stop 2 of 8.\n"), "\(describe(result))")
        #expect(try stopNames(0) == ["Monterey", "Pacific Grove"] + coast.dropFirst())
        let added = try #require((try trips()[0]["waypoints"] as? [[String: Any]])?[1])
        #expect(added["notes"] as? String == "Lovers Point at sunset")

        // Coordinates, named, at the end by default; --after 0 puts a stop first.
        let json = try object(try roadtrip("add-stop", "Pacific Coast Drive", "35.663, -121.258", "--name", "Elephant seals", "--json"))
        let stop = try #require(json["stop"] as? [String: Any])
        #expect(stop["name"] as? String == "Elephant seals")
        #expect(stop["position"] as? Int == 9)
        #expect(stop["latitude"] as? Double == 35.663)
        #expect(json["query"] as? String == "35.663, -121.258")
        #expect(json["stops"] as? Int == 9)
        let first = try roadtrip("add-stop", "Pacific Coast Drive", "Salinas", "--after", "0")
        #expect(first.status == 0, "\(describe(first))")
        #expect(try stopNames(0).first == "Salinas")
        #expect(try stopNames(0).last == "Elephant seals")
    }

    @Test("add-stop: no match, a best match far out of line, or --after beyond the stops: nothing added, a clear error")
    func addStopErrors() throws {
        let before = try Data(contentsOf: directory.dataFile)
        let none = try roadtrip("add-stop", "Pacific Coast Drive", "Qqqxqq")
        #expect(none.status == 1)
        #expect(none.standardError.contains("no place matches “Qqqxqq”"), "\(describe(none))")
        let beyond = try roadtrip("add-stop", "Pacific Coast Drive", "Salinas", "--after", "8")
        #expect(beyond.status == 1)
        #expect(beyond.standardError.contains("--after takes 0 (first) to 7 (last)"), "\(describe(beyond))")
        let negative = try roadtrip("add-stop", "Pacific Coast Drive", "Salinas", "--after", "-1")
        #expect(negative.status == 64, "\(describe(negative))")
        // Paris between Würzburg and Rothenburg: every Paris is far out of line.
        let far = try roadtrip("add-stop", "Romantic Road", "Paris", "--after", "1")
        #expect(far.status == 1, "\(describe(far))")
        #expect(far.standardError.contains("far out of line"), "\(describe(far))")
        #expect(far.standardError.contains("  1. Paris, "), "the matches are listed: \(describe(far))")
        #expect(try Data(contentsOf: directory.dataFile) == before, "nothing is written")
        let forced = try roadtrip("add-stop", "Romantic Road", "Paris", "--after", "1", "--force")
        #expect(forced.status == 0, "\(describe(forced))")
        #expect(forced.standardError.hasPrefix("warning: the best match of “Paris” is far out of line"), "\(describe(forced))")
        #expect(try stopNames(3)[1] == "Paris")
    }

    @Test("remove-stop and move-stop: numbered as show numbers them; a number out of range says the range")
    func removeAndMoveStops() throws {
        let removed = try roadtrip("remove-stop", "Pacific Coast Drive", "3")
        #expect(removed.status == 0, "\(describe(removed))")
        #expect(removed.standardOutput == "Removed stop 3, Bixby Creek Bridge, from “Pacific Coast Drive” (6 stops left).\n", "\(describe(removed))")
        #expect(try stopNames(0) == coast.filter { $0 != "Bixby Creek Bridge" })

        let json = try object(try roadtrip("remove-stop", "1", "-1", "--json"))
        #expect((json["stop"] as? [String: Any])?["name"] as? String == "Morro Bay")
        #expect((json["stop"] as? [String: Any])?["position"] as? Int == 6)

        let moved = try roadtrip("move-stop", "Pacific Coast Drive", "1", "3")
        #expect(moved.status == 0, "\(describe(moved))")
        #expect(moved.standardOutput == "Moved Monterey from stop 1 to stop 3 of “Pacific Coast Drive”.\n", "\(describe(moved))")
        #expect(try stopNames(0) == ["Carmel-by-the-Sea", "Big Sur", "Monterey", "San Simeon", "Cambria"])
        let back = try object(try roadtrip("move-stop", "Pacific Coast Drive", "-3", "1", "--json"))
        #expect(back["from"] as? Int == 3)
        #expect((back["stop"] as? [String: Any])?["position"] as? Int == 1)
        #expect(try stopNames(0) == ["Monterey", "Carmel-by-the-Sea", "Big Sur", "San Simeon", "Cambria"])

        let before = try Data(contentsOf: directory.dataFile)
        for arguments in [
            ["remove-stop", "Pacific Coast Drive", "9"], ["move-stop", "Pacific Coast Drive", "1", "6"], ["remove-stop", "Pacific Coast Drive", "0"],
        ] {
            let result = try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
            #expect(result.status == 1, "\(describe(result))")
            #expect(result.standardError.contains("numbered from 1 to 5 (or from -1 back to -5)"), "\(describe(result))")
        }
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }

    @Test("set: each setting read and checked as the settings form does; bad keys list the keys")
    func set() throws {
        let date = try roadtrip("set", "Pacific Coast Drive", "start-date", "2026-07-01")
        #expect(date.status == 0, "\(describe(date))")
        #expect(date.standardOutput == "“Pacific Coast Drive”: Start date is now 2026-07-01.\n", "\(describe(date))")
        let json = try object(try roadtrip("set", "Route 66", "daily-limit", "6", "--json"))
        #expect(json["setting"] as? [String: String] == ["key": "daily-limit", "label": "Daily driving (hours)", "value": "6"])
        #expect(try roadtrip("set", "Route 66", "sunset", "yes").status == 0)
        let settings = try #require(try trips()[1]["settings"] as? [String: Any])
        #expect(settings["dailyLimitHours"] as? Double == 6)
        #expect(settings["endsBySunset"] as? Bool == true)
        #expect((try trips()[0]["settings"] as? [String: Any])?["startDate"] as? String == "2026-07-01")

        // An empty value is the default again.
        #expect(try roadtrip("set", "Route 66", "daily-limit", "").status == 0)
        #expect((try trips()[1]["settings"] as? [String: Any])?["dailyLimitHours"] == nil)

        let before = try Data(contentsOf: directory.dataFile)
        let badKey = try roadtrip("set", "Route 66", "colour", "red")
        #expect(badKey.status == 64)
        #expect(badKey.standardError.contains("There is no trip setting “colour”: the settings are start-date, start-time, "), "\(describe(badKey))")
        let badValue = try roadtrip("set", "Route 66", "daily-limit", "30")
        #expect(badValue.status == 1)
        #expect(badValue.standardError.contains("The daily driving must be a number of hours from"), "\(describe(badValue))")
        #expect(try Data(contentsOf: directory.dataFile) == before)
    }
}
