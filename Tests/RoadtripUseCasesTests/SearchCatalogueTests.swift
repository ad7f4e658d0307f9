import Foundation
@testable import OSMImport
@testable import RoadtripRegions
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// The catalogue's one search, the command line's and the planner's browser's alike.
@Suite struct SearchCatalogueTests {
    /// Issue 57, item 1: `region catalogue nyc` found nothing where the planner's `D` found New York City.
    @Test func aWordOfAnIdFindsItsExtract() throws {
        let fixtures = try RegionFixtures()
        let catalogue = try SearchCatalogue(source: fixtures.source).catalogue().catalogue
        #expect(SearchCatalogue.extracts(matching: "nyc", in: catalogue, installed: []).map(\.extract.path) == ["us/nyc"])
        #expect(SearchCatalogue.extracts(matching: "new york", in: catalogue, installed: []).map(\.extract.name) == ["New York", "New York City"])
        #expect(SearchCatalogue.extracts(matching: "atlantis", in: catalogue, installed: []).isEmpty)
    }

    @Test func noQueryListsEveryExtractByNameEachMarkedWithTheRegionMadeOfIt() throws {
        let fixtures = try RegionFixtures()
        let catalogue = try SearchCatalogue(source: fixtures.source).catalogue().catalogue
        let origin = RegionOrigin(extract: "andorra", url: "file:///x/andorra-latest.osm.pbf", md5: "0")
        let installed = [RegionFixtures.installed("pyrenees", origin: origin), RegionFixtures.installed("monaco")]
        let found = SearchCatalogue.extracts(matching: "", in: catalogue, installed: installed)
        #expect(found.map(\.extract.name) == ["Andorra", "Monaco", "New York", "New York City"])
        #expect(found.map(\.addedAs) == ["pyrenees", "monaco", nil, nil], "downloaded from it, or added by hand under its name")
    }

    @Test func theCatalogueIsReadFromItsSourceAndKept() throws {
        let fixtures = try RegionFixtures()
        let load = try SearchCatalogue(source: fixtures.source).catalogue()
        #expect(load.catalogue.extracts.count == 4 && load.stale == nil)
        try FileManager.default.removeItem(at: fixtures.directory.file("server/index-v1.json"))
        let kept = try SearchCatalogue(source: fixtures.source).catalogue(refresh: true)
        #expect(kept.catalogue == load.catalogue && kept.stale != nil, "the copy of a day before, with why it was not fetched again")
    }
}

extension SearchCatalogueTests {
    @Test func anExtractsSizeIsAskedOfItsServer() throws {
        let fixtures = try RegionFixtures()
        let catalogue = try SearchCatalogue(source: fixtures.source).catalogue().catalogue
        let andorra = try #require(catalogue.extracts.first { $0.id == "andorra" })
        let bytes = try FileManager.default.attributesOfItem(atPath: fixtures.directory.file("server/europe/andorra-latest.osm.pbf").path)[.size] as? Int
        #expect(try SearchCatalogue.size(of: andorra) == bytes.map(Int64.init))
        let monaco = try #require(catalogue.extracts.first { $0.id == "monaco" })
        #expect(throws: DownloadError.self) { try SearchCatalogue.size(of: monaco) }
    }
}
