import Foundation
@testable import IndexWriting
@testable import RoadtripCore
import Testing

/// Words that name a kind of place, and a search that reads them as the kind (issue 37, item 5),
/// over a small index made in the test: Liechtenstein's castles are in no committed extract.
@Suite struct KindWordsTests {
    static let features = [
        NamedFeature(name: "Vaduz", kind: .town, coordinate: Coordinate(latitude: 47.141, longitude: 9.521), population: 5_500),
        NamedFeature(name: "Schloss Vaduz", kind: .castle, coordinate: Coordinate(latitude: 47.139, longitude: 9.524)),
        NamedFeature(name: "Burg Gutenberg", kind: .castle, coordinate: Coordinate(latitude: 47.065, longitude: 9.500)),
        NamedFeature(name: "Gutenberg", kind: .village, coordinate: Coordinate(latitude: 47.066, longitude: 9.501), population: 300),
        NamedFeature(
            name: "Castel Sant'Angelo", languageNames: ["Engelsburg"], kind: .castle,
            coordinate: Coordinate(latitude: 41.903, longitude: 12.466)),
        NamedFeature(name: "Castle Rock", kind: .town, coordinate: Coordinate(latitude: 39.372, longitude: -104.856), population: 55_591),
        NamedFeature(name: "Rock", kind: .castle, coordinate: Coordinate(latitude: 51.0, longitude: -1.0)),
        NamedFeature(name: "Lake Tahoe", kind: .lake, coordinate: Coordinate(latitude: 39.1, longitude: -120.05)),
        NamedFeature(name: "See", kind: .village, coordinate: Coordinate(latitude: 47.083, longitude: 10.467), population: 1_265),
        NamedFeature(name: "Zeller See", kind: .lake, coordinate: Coordinate(latitude: 47.31, longitude: 12.8)),
        NamedFeature(name: "Camping Mittagspitze", kind: .campSite, coordinate: Coordinate(latitude: 47.05, longitude: 9.52)),
    ]

    static let index: Result<Gazetteer, any Error> = Result {
        let bytes = try GazetteerWriter.bytes(for: FeatureGazetteer.source(for: features, towns: nil)).bytes
        return try Gazetteer(bytes: GazetteerBytes(copying: bytes), path: "liechtenstein", source: "liechtenstein")
    }

    static func names(_ query: String) throws -> [String] {
        try index.get().search(query, limit: 5).map(\.name)
    }

    @Test(arguments: [
        ("Vaduz Castle", "Schloss Vaduz"), ("Castle Vaduz", "Schloss Vaduz"), ("vaduz château", "Schloss Vaduz"),
        ("Gutenberg Castle", "Burg Gutenberg"), ("Gutenberg castell", "Burg Gutenberg"),
        ("Tahoe lake", "Lake Tahoe"), ("Zell lake", "Zeller See"), ("mittagspitze camp site", "Camping Mittagspitze"),
        ("Mittagspitze campsite", "Camping Mittagspitze"),
    ])
    func aKindWordFindsAPlaceOfItsKindByItsOtherWords(_ query: String, _ name: String) throws {
        #expect(try Self.names(query) == [name])
    }

    @Test func theNamesOfOtherLanguagesAreReadToo() throws {
        #expect(try Self.names("Engelsburg castle") == ["Castel Sant'Angelo"])
        #expect(try Self.names("Castel Sant Angelo") == ["Castel Sant'Angelo"], "sant' is elided in Italian")
    }

    @Test func aNameThatHasTheKindWordIsFoundAsBefore() throws {
        #expect(try Self.names("Vaduz").first == "Vaduz")
        #expect(try Self.names("Schloss Vaduz") == ["Schloss Vaduz"])
        #expect(try Self.names("Lake Tahoe") == ["Lake Tahoe"])
        #expect(try Self.names("See").first == "See")
        #expect(try Self.names("lake").contains("Lake Tahoe"), "a kind word alone is a name")
        // The town named with the word first; a castle whose name is the rest after it.
        #expect(try Self.names("Castle Rock") == ["Castle Rock", "Rock"])
    }

    @Test func aKindWordReadsAsItsKindAcrossIndexes() throws {
        let towns = try Gazetteer(
            bytes: GazetteerBytes(
                copying: GazetteerWriter.bytes(
                    for: FeatureGazetteer.source(
                        for: [NamedFeature(name: "Vaduz", kind: .town, coordinate: Coordinate(latitude: 47.141, longitude: 9.521), population: 5_500)],
                        towns: nil)
                ).bytes), path: "towns")
        let library = PlaceLibrary(indexes: [towns, try Self.index.get()])
        // Then the other castles near the town (issue 56: a kind beside a town's name).
        let castles = library.search("Vaduz Castle", limit: 5)
        #expect(castles.first?.name == "Schloss Vaduz" && castles.allSatisfy { $0.kind == .castle }, "\(castles.map(\.name))")
        #expect(library.search("Vaduz", limit: 5).map(\.name).first == "Vaduz")
    }

    @Test func wordsAreFoldedAsNamesAndEachKindIsListedOnce() {
        #expect(KindWords.kinds["chateau"] == [.castle, .fort])
        #expect(KindWords.kinds["hutte"] == [.alpineHut])
        #expect(KindWords.kinds["camp site"] == [.campSite, .caravanSite])
        #expect(KindWords.kinds["parc dattractions"] == [.themePark])
        #expect(KindWords.kinds["falls"] == [.waterfall])
        #expect(KindWords.kinds["mt"] == [.peak, .volcano] && KindWords.kinds["ft"] == [.fort, .castle], "abbreviations as their words")
        for (word, kinds) in KindWords.kinds {
            #expect(SearchText.words(of: word).joined(separator: " ") == word && !kinds.isEmpty && Set(kinds).count == kinds.count, "\(word)")
        }
        #expect(KindWords.longestPhrase == 4, "aire de camping car")
    }
}
