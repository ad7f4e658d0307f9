import Foundation
import RoadtripTestSupport
import Testing

/// Issue 36, item 2, through the binary: `region add` and `region remove` join the regions' roads
/// again and say so; a leg between regions whose roads do not meet says that.
@Suite("Joined regions, end to end")
struct JoinedRegionsEndToEndTests {
    typealias Regions = RegionsEndToEndTests

    @Test func addingASecondRegionJoinsTheRoadsAndRemovingItUnjoinsThem() throws {
        let directory = try TemporaryDirectory()
        let first = try Regions.roadtrip(["region", "add", Regions.fixture("andorra.osm.pbf")], in: directory)
        #expect(first.status == 0 && !first.standardOutput.contains("Joined"), "\(CommandLineEndToEndTests.describe(first))")
        let second = try Regions.roadtrip(["region", "add", Regions.fixture("krems.osm.gz")], in: directory)
        #expect(second.status == 0 && second.standardOutput.hasSuffix(
            "\nJoined the roads of 2 regions: legs between them are routed where their roads meet.\n"), "\(CommandLineEndToEndTests.describe(second))")
        #expect(Regions.entries(directory).filter { $0.hasPrefix(".joined") }.count == 2, "the link and its folder: \(Regions.entries(directory))")

        let created = try Regions.roadtrip(["new", "--force", "Across", "42.5078,1.5211", "48.4102,15.6036"], in: directory)
        #expect(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
        let shown = try Regions.roadtrip(["show", "Across", "--json"], in: directory)
        #expect(shown.standardOutput.contains("are in regions whose roads do not meet"), "\(shown.standardOutput)")

        let removed = try Regions.roadtrip(["region", "remove", "krems"], in: directory)
        #expect(removed.status == 0 && removed.standardOutput == "Removed region krems.\n", "\(CommandLineEndToEndTests.describe(removed))")
        #expect(!Regions.entries(directory).contains { $0.hasPrefix(".joined") }, "\(Regions.entries(directory))")
        let alone = try Regions.roadtrip(["show", "Across", "--json"], in: directory)
        #expect(alone.standardOutput.contains("no region covers"), "\(alone.standardOutput)")
    }
}
