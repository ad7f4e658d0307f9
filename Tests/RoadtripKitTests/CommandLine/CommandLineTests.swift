import ArgumentParser
import Foundation
import Testing
@testable import RoadtripKit

@Suite struct DataFileLocationTests {
    @Test func explicitFileWins() {
        let url = DataFileLocation.resolve(explicit: "/tmp/a.json", environment: ["ROADTRIP_FILE": "/tmp/b.json", "HOME": "/home/u"])
        #expect(url.path == "/tmp/a.json")
    }

    @Test func thenTheEnvironment() {
        let url = DataFileLocation.resolve(explicit: nil, environment: ["ROADTRIP_FILE": "/tmp/b.json", "XDG_DATA_HOME": "/x"])
        #expect(url.path == "/tmp/b.json")
    }

    @Test func thenXDGDataHome() {
        let url = DataFileLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
        #expect(url.path == "/x/data/roadtrip/trips.json")
    }

    @Test func thenTheHomeFolder() {
        #expect(DataFileLocation.resolve(explicit: nil, environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/roadtrip/trips.json")
        // A relative XDG_DATA_HOME is invalid by the XDG spec and ignored.
        #expect(DataFileLocation.resolve(explicit: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"]).path == "/home/u/.local/share/roadtrip/trips.json")
    }

    @Test func aTildeMeansHome() {
        #expect(DataFileLocation.resolve(explicit: "~/t.json", environment: ["HOME": "/home/u"]).path == "/home/u/t.json")
    }
}

@Suite struct ListCommandTests {
    @Test func jsonHasTheSpecFields() throws {
        let text = try ListCommand.json(for: [Fixtures.pacific, Fixtures.empty])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(Set(array[0].keys) == ["id", "name", "stops", "distanceMeters"])
        #expect(array[0]["id"] as? String == Fixtures.pacific.id.uuidString)
        #expect(array[0]["stops"] as? Int == 3)
        #expect(abs((array[0]["distanceMeters"] as? Double ?? 0) - Fixtures.pacific.distanceMeters) < 0.001)
        #expect(array[1]["distanceMeters"] as? Double == 0)
    }

    @Test func tableHasOneAlignedLinePerTrip() {
        let text = ListCommand.table(for: [Fixtures.pacific, Fixtures.alps], unit: .km)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("1  Pacific Drive"))
        #expect(lines[0].hasSuffix("Monterey → Morro Bay"))
        #expect(lines[1].hasPrefix("2  Alpine Loop"))
        #expect(lines[0].range(of: "3 stops")?.lowerBound.utf16Offset(in: lines[0]) == lines[1].range(of: "2 stops")?.lowerBound.utf16Offset(in: lines[1]))
    }

    @Test func parsesGlobalOptionsBeforeOrAfterTheSubcommand() throws {
        let after = try RoadtripCommand.parseAsRoot(["list", "--json", "--file", "/tmp/x.json", "--units", "mi"])
        let list = try #require(after as? ListCommand)
        #expect(list.json)
        #expect(list.options.file == "/tmp/x.json")
        #expect(list.options.units == .mi)
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["--units", "furlongs"]) }
    }
}

@Suite struct TextTableTests {
    @Test func wideAndAccentedNamesAreKeptAndAligned() {
        let text = TextTable.render([["Tōkyō 東京", "1"], ["Füssen", "22"]], rightAligned: [1])
        #expect(text == "Tōkyō 東京   1\nFüssen      22\n")
    }
}
