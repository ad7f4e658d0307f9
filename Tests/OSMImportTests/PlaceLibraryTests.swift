import Foundation
@testable import OSMImport
import Testing
@testable import IndexWriting
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// Several indexes searched as one: the ranking rule across them, the same place once, and the
/// built-in natural features.
struct PlaceLibraryTests {
    static func index(_ features: [NamedFeature], source: String, towns: (any PlaceIndex)? = nil) throws -> Gazetteer {
        let bytes = try GazetteerWriter.bytes(for: FeatureGazetteer.source(for: features, towns: towns)).bytes
        return try Gazetteer(bytes: GazetteerBytes(copying: bytes), path: source, source: source)
    }

    @Test func placesOfTwoIndexesAreRankedByTheOneRule() throws {
        let towns = try RealGazetteer.get()
        let region = try Self.index(
            [
                NamedFeature(name: "Durness", kind: .village, coordinate: Coordinate(latitude: 58.567, longitude: -4.745)),
                NamedFeature(name: "Smoo Cave", kind: .cave, coordinate: Coordinate(latitude: 58.563, longitude: -4.721)),
                NamedFeature(name: "Portland Bill", kind: .cape, coordinate: Coordinate(latitude: 50.513, longitude: -2.457)),
            ], source: "scotland", towns: towns)
        let library = PlaceLibrary(indexes: [towns, region])
        let durness = try #require(library.search("Durness", limit: 3).first)
        #expect(durness.source == "scotland" && durness.kindText == "village" && durness.countryCode == "GB")
        // An exact name of either index before a name that only starts like it; a city before a cape.
        #expect(library.search("Portland", limit: 3).map(\.name).prefix(2) == ["Portland", "Portland"])
        #expect(library.search("Portland B", limit: 1).first?.name == "Portland Bill")
        #expect(library.search("smoo cave", limit: 5).map(\.name) == ["Smoo Cave"])
        #expect(library.search("smoo", limit: 5).map(\.name).contains("Smoo Cave"))
    }

    @Test func theSamePlaceInTwoIndexesIsShownOnce() throws {
        let towns = try RealGazetteer.get()
        let ordino = try #require(towns.search("Ordino", limit: 1).first)
        let region = try Self.index(
            [NamedFeature(name: "Ordino", kind: .village, coordinate: Coordinate(latitude: 42.557, longitude: 1.532))],
            source: "andorra", towns: towns)
        let found = PlaceLibrary(indexes: [towns, region]).search("Ordino", limit: 5)
        #expect(found.filter { $0.name == "Ordino" }.count == 1)
        #expect(found.first?.coordinate == ordino.coordinate, "the town of 3,000 ranks first, and stands for both")
    }

    /// Issue 37: two overlapping regions hold the same fuel station; a street away is another.
    @Test func aServiceInTwoIndexesIsShownOnceAndTheOneAcrossTheRoadToo() throws {
        let here = Coordinate(latitude: 48.4062, longitude: 15.6036), across = Coordinate(latitude: 48.4080, longitude: 15.6060)
        let krems = try Self.index([NamedFeature(name: "Shell", kind: .fuel, coordinate: here)], source: "krems")
        let austria = try Self.index(
            [
                NamedFeature(name: "Shell", kind: .fuel, coordinate: here),
                NamedFeature(name: "Shell", kind: .fuel, coordinate: across, identifier: 2),
            ], source: "austria")
        let found = PlaceLibrary(indexes: [krems, austria]).search("Shell", limit: 5)
        #expect(found.map(\.coordinate).sorted { $0.latitude < $1.latitude } == [here, across], "\(found)")
    }

    @Test(arguments: [("Crater Lake", PlaceKind.nationalPark, "OR"), ("Yosemite", .nationalPark, "CA"), ("Matterhorn", .peak, "")])
    func naturalFeaturesAreBuiltIn(query: String, kind: PlaceKind, admin1Code: String) throws {
        let resources = try Resources.locate(environment: [:])
        let library = PlaceLibrary(indexes: [try RealGazetteer.get(), try Gazetteer.load(from: resources.features)])
        let first = try #require(library.search(query, limit: 3).first)
        #expect(first.name == query && first.kind == kind && first.source == Place.builtinSource)
        if !admin1Code.isEmpty { #expect(first.admin1Code == admin1Code) }
        if kind == .peak { #expect(first.elevation == 4478) }
    }

    /// Issue 37, item 5, on the Andorra extract: its lake is "Lac d'Engolasters" (natural=water)
    /// and its pass "Coll d'Ordino" (mountain_pass=yes, beside a viewpoint and "Col d'Ordino").
    @Test func kindWordsAndElidedArticlesFindAndorranPlaces() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try RegionImportTests.importing(RegionImportTests.fixture("andorra.osm.pbf"), into: shelf)
        let region = try Gazetteer.load(from: try #require(shelf.installed().first).placesFile, source: "andorra")
        let library = PlaceLibrary(indexes: [try RealGazetteer.get(), region])
        for query in ["Engolasters lake", "lake Engolasters", "Engolasters estany", "Lac d Engolasters", "Lac d'Engolasters"] {
            let first = library.search(query, limit: 5).first
            #expect(first?.name == "Lac d'Engolasters" && first?.kind == .lake, "\(query): \(String(describing: first))")
        }
        #expect(library.search("Engolasters", limit: 5).first?.kind == .village, "the village of the name, without a kind word")
        for query in ["Coll d Ordino", "Coll d'Ordino", "coll dordino", "Coll d’Ordino"] {
            let first = library.search(query, limit: 5).first
            #expect(first?.name == "Coll d'Ordino" && first?.kind == .mountainPass, "\(query): \(String(describing: first))")
        }
        let passes = library.search("Ordino pass", limit: 5)
        // The two named for Ordino first; then, as a town's name is beside the kind, the other passes near it (issue 56).
        #expect(
            Set(passes.prefix(2).map(\.name)) == ["Coll d'Ordino", "Col d'Ordino"] && passes.allSatisfy { $0.kind == .mountainPass }, "\(passes.map(\.name))")
        #expect(library.search("Ordino", limit: 1).first?.kind.isSettlement == true)
        // A service named by its operator (amenity=fuel, operator=Gasopas), found by the word for its kind.
        for query in ["Gasopas gas station", "Gasopas gasolinera", "gasopas fuel"] {
            let first = library.search(query, limit: 5).first
            #expect(first?.name == "Gasopas" && first?.kind == .fuel, "\(query): \(String(describing: first))")
        }
    }

    @Test func aNearPlaceFromAFarOneIsTheNearestTown() throws {
        let towns = try RealGazetteer.get()
        let library = PlaceLibrary(indexes: [
            towns, try Self.index([NamedFeature(name: "X", kind: .peak, coordinate: Coordinate(latitude: 0, longitude: 0))], source: "r"),
        ])
        #expect(
            library.nearest(to: Coordinate(latitude: 48.2, longitude: 16.37))?.name == towns.nearest(to: Coordinate(latitude: 48.2, longitude: 16.37))?.name)
    }
}
