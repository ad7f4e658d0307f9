import Foundation
import Testing
import RoadtripTestSupport

/// Issue 57, item 1: `roadtrip region catalogue QUERY` searches as the planner's `D` browser does
/// (`SearchCatalogue`, one function): `nyc` found nothing on the command line where the browser
/// found New York City, whose id holds it.
@Suite("The catalogue's one search, end to end")
struct CatalogueSearchEndToEndTests {
    static let catalogue = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}}},
          {"type": "Feature", "properties": {"id": "us/new-york", "parent": "us", "name": "New York", "urls": {"pbf": "north-america/us/new-york-latest.osm.pbf"}}},
          {"type": "Feature", "properties": {"id": "us/nyc", "parent": "us", "name": "New York City", "urls": {"pbf": "north-america/us/nyc-latest.osm.pbf"}}}
        ]}
        """

    @Test("region catalogue nyc finds New York City, as the planner's browser finds it by its id")
    func aWordOfAnIdFindsItsExtract() throws {
        let directory = try TemporaryDirectory()
        let index = directory.file("index-v1.json")
        try Data(Self.catalogue.utf8).write(to: index)
        let variables = RegionFixture.variables(directory).merging(["ROADTRIP_EXTRACTS_URL": index.absoluteString]) { _, new in new }
        let found = try CommandLineEndToEndTests.roadtrip(["region", "catalogue", "nyc", "--json"], in: directory, variables: variables)
        #expect(found.status == 0, "\(CommandLineEndToEndTests.describe(found))")
        let entries = try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [[String: Any]] ?? []
        #expect(
            entries.map { $0["id"] as? String } == ["us/nyc"] && entries.first?["name"] as? String == "New York City",
            "\(CommandLineEndToEndTests.describe(found))")
        let text = try CommandLineEndToEndTests.roadtrip(["region", "catalogue", "nyc"], in: directory, variables: variables)
        #expect(
            text.status == 0 && text.standardOutput.contains("New York City  us/nyc") && !text.standardOutput.contains("Andorra"),
            "\(CommandLineEndToEndTests.describe(text))")
    }
}
