import ArgumentParser
import Foundation
@testable import RoadtripCLI
@testable import RoadtripStore
import Testing

/// Where the data file is (`DataFileLocation`), and the options every command takes.
@Suite struct GlobalOptionsTests {
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
        #expect(
            DataFileLocation.resolve(explicit: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"]).path == "/home/u/.local/share/roadtrip/trips.json"
        )
    }

    @Test func aPathIsTakenAsGivenWithItsTilde() {
        // The shell expands ~ when it is not quoted; one it left alone is a folder named ~.
        #expect(DataFileLocation.resolve(explicit: "/w/~/t.json", environment: ["HOME": "/home/u"]).path == "/w/~/t.json")
        #expect(DataFileLocation.resolve(explicit: "~/t.json", environment: ["HOME": "/home/u"]).path.hasSuffix("/~/t.json"))
        #expect(DataFileLocation.resolve(explicit: nil, environment: ["HOME": "/home/u", "ROADTRIP_FILE": "~/t.json"]).path.hasSuffix("/~/t.json"))
    }

    @Test func anEmptyFileIsRefusedNotTheDefault() {
        #expect(throws: (any Error).self) { try RoadtripCommand.parseAsRoot(["list", "--file", ""]) }
        #expect(throws: Never.self) { try RoadtripCommand.parseAsRoot(["list", "--file", "x.json"]) }
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
