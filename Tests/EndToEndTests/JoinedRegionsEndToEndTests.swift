import Foundation
import RoadtripTestSupport
import Testing

/// Issue 36, item 2, through the binary: `region add` and `region remove` join the regions' roads
/// again and say so; a leg between regions whose roads do not meet says that. Issue 54, item 4:
/// only regions whose areas touch are joined, and a join whose regions did not change is kept.
@Suite("Joined regions, end to end")
struct JoinedRegionsEndToEndTests {
    typealias Regions = RegionFixture

    /// The entries of the joined roads in the regions folder (the link, the folder listing the
    /// joins, each join), each with its inode and modification time.
    static func joinEntries(_ directory: TemporaryDirectory) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in Regions.entries(directory) where name.hasPrefix(".joined") {
            let attributes = try FileManager.default.attributesOfItem(atPath: Regions.regionsFolder(directory).appendingPathComponent(name).path)
            found[name] = "\(attributes[.systemFileNumber] ?? "?") \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)"
        }
        return found
    }

    /// Andorra and Krems are far apart: adding the second joins nothing, and a leg from one into
    /// the other says their roads do not meet, naming both.
    @Test func addingARegionFarFromTheOthersJoinsNothingAndALegIntoItSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let first = try Regions.roadtrip(["region", "add", Regions.fixture("andorra.osm.pbf")], in: directory)
        #expect(first.status == 0 && !first.standardOutput.contains("Joined"), "\(CommandLineEndToEndTests.describe(first))")
        let second = try Regions.roadtrip(["region", "add", Regions.fixture("krems.osm.gz")], in: directory)
        #expect(
            second.status == 0 && second.standardOutput.hasPrefix("Added region krems:") && !second.standardOutput.contains("Joined"),
            "\(CommandLineEndToEndTests.describe(second))")
        #expect(try Self.joinEntries(directory).isEmpty, "\(Regions.entries(directory))")

        let created = try Regions.roadtrip(["new", "--force", "Across", "42.5078,1.5211", "48.4102,15.6036"], in: directory)
        #expect(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
        let shown = try Regions.roadtrip(["show", "Across", "--json"], in: directory)
        #expect(shown.standardOutput.contains("are in regions whose roads do not meet (andorra and krems)"), "\(shown.standardOutput)")

        let removed = try Regions.roadtrip(["region", "remove", "krems"], in: directory)
        #expect(removed.status == 0 && removed.standardOutput == "Removed region krems.\n", "\(CommandLineEndToEndTests.describe(removed))")
        let alone = try Regions.roadtrip(["show", "Across", "--json"], in: directory)
        #expect(alone.standardOutput.contains("no region covers"), "\(alone.standardOutput)")
    }

    /// Two halves of Andorra that overlap are joined, and a leg across them is on roads; adding
    /// and removing Krems, far away, leaves their join as it was (the same files); removing a
    /// half takes the join away.
    @Test func regionsThatTouchAreJoinedAndARegionFarAwayLeavesTheirJoinAsItWas() throws {
        let directory = try TemporaryDirectory()
        var said: [String] = []
        for (name, box) in [("andorra-west", "1.40,42.40,1.56,42.70"), ("andorra-east", "1.52,42.40,1.80,42.70")] {
            let half = directory.file("\(name).osm.pbf").path
            let cut = try Run.process(
                "/usr/bin/osmium", ["extract", "--overwrite", "-b", box, Regions.fixture("andorra.osm.pbf"), "-o", half],
                environment: Run.environment())
            try #require(cut.status == 0, "\(CommandLineEndToEndTests.describe(cut))")
            let added = try Regions.roadtrip(["region", "add", half], in: directory)
            #expect(added.status == 0, "\(CommandLineEndToEndTests.describe(added))")
            said.append(added.standardOutput)
        }
        #expect(
            !said[0].contains("Joined") && said[1].hasSuffix("\nJoined the roads of 2 regions: legs between them are routed where their roads meet.\n"),
            "\(said)")
        let joined = try Self.joinEntries(directory)
        #expect(joined.count == 3, "the link, the folder listing the joins and the join: \(Regions.entries(directory))")
        let created = try Regions.roadtrip(["new", "--force", "Across", "42.4637,1.4912", "42.5428,1.7336"], in: directory)
        #expect(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
        let across = try Regions.object(["show", "Across", "--json"], in: directory)
        #expect((across["legs"] as? [[String: Any]])?.map { $0["source"] as? String } == ["road"], "\(across)")

        let far = try Regions.roadtrip(["region", "add", Regions.fixture("krems.osm.gz")], in: directory)
        #expect(far.status == 0 && !far.standardOutput.contains("Joined"), "\(CommandLineEndToEndTests.describe(far))")
        #expect(try Self.joinEntries(directory) == joined)
        let removed = try Regions.roadtrip(["region", "remove", "krems"], in: directory)
        #expect(removed.status == 0 && removed.standardOutput == "Removed region krems.\n", "\(CommandLineEndToEndTests.describe(removed))")
        #expect(try Self.joinEntries(directory) == joined)
        let still = try Regions.object(["show", "Across", "--json"], in: directory)
        #expect((still["legs"] as? [[String: Any]])?.map { $0["source"] as? String } == ["road"], "\(still)")

        let half = try Regions.roadtrip(["region", "remove", "andorra-east"], in: directory)
        #expect(half.status == 0 && half.standardOutput == "Removed region andorra-east.\n", "\(CommandLineEndToEndTests.describe(half))")
        #expect(try Self.joinEntries(directory).isEmpty, "\(Regions.entries(directory))")
    }
}
