import Foundation
@testable import IndexWriting
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// A small index made from a hand-written source: the writer's own guarantees, without the real data.
@Suite struct GazetteerWriterTests {
    static let source = GazetteerSource(
        countries: [.init(code: "US", name: "United States"), .init(code: "CA", name: "Canada"), .init(code: "DE", name: "Germany")],
        regions: [
            .init(countryCode: "US", code: "CA", name: "California", shortCode: "CA"),
            .init(countryCode: "CA", code: "08", name: "Ontario", shortCode: "ON"),
            .init(countryCode: "DE", code: "07", name: "North Rhine-Westphalia", shortCode: "07"),
        ],
        places: [
            .init(
                geonameID: 1, name: "Monterey", latitude: 36.60024, longitude: -121.89468, countryCode: "US",
                admin1Code: "CA", population: 28_338, alternateNames: ["MRY", "Monterey", "mantere"]),
            .init(
                geonameID: 2, name: "London", latitude: 42.98339, longitude: -81.23304, countryCode: "CA",
                admin1Code: "08", population: 422_324, alternateNames: ["Forest City"]),
            .init(
                geonameID: 3, name: "Köln", latitude: 50.93333, longitude: 6.95, countryCode: "DE",
                admin1Code: "07", population: 1_024_621, alternateNames: ["Cologne", "Koeln", "Köln", "Colonia Claudia Ara Agrippinensium"],
                trustedNames: ["COLOGNE", "Köln", "Kolín nad Rýnem"]),
            .init(
                geonameID: 4, name: "St. Helena", latitude: 38.50524, longitude: -122.47026, countryCode: "US",
                admin1Code: "CA", population: 5_814, alternateNames: []),
            .init(
                geonameID: 5, name: "Nowhere", latitude: 0, longitude: 0, countryCode: "XX",
                admin1Code: "", population: 0, alternateNames: []),
        ]
    )

    private func smallIndex() throws -> (Gazetteer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let file = directory.file("small.bin")
        try Data(GazetteerWriter.bytes(for: Self.source).bytes).write(to: file)
        return (try Gazetteer.load(from: file), directory)
    }

    @Test func theSameSourceGivesTheSameBytes() throws {
        let first = try GazetteerWriter.bytes(for: Self.source)
        let second = try GazetteerWriter.bytes(for: Self.source)
        #expect(first.bytes == second.bytes)
        #expect(first.summary.places == 5)
        #expect(first.summary.bytes == first.bytes.count)
    }

    @Test func placesComeBackWithTheirRegionsAndCountries() throws {
        let (gazetteer, _) = try smallIndex()
        #expect(gazetteer.count == 5)
        let london = try #require(gazetteer.search("london", limit: 5).first)
        #expect(
            london
                == Place(
                    name: "London", admin1: "Ontario", admin1Code: "ON", country: "Canada", countryCode: "CA",
                    coordinate: Coordinate(latitude: 42.98339, longitude: -81.23304), population: 422_324))
        let nowhere = try #require(gazetteer.search("nowhere", limit: 5).first)
        #expect(nowhere.admin1 == "")
        #expect(nowhere.country == "XX")
    }

    @Test func alternatesAbbreviationsAndQualifiersWork() throws {
        let (gazetteer, _) = try smallIndex()
        #expect(gazetteer.search("Cologne", limit: 5).map(\.name) == ["Köln"])
        #expect(gazetteer.search("saint hel", limit: 5).map(\.name) == ["St. Helena"])
        #expect(gazetteer.search("forest", limit: 5).map(\.name) == ["London"])
        #expect(gazetteer.search("city", limit: 5).map(\.name) == ["London"])
        #expect(gazetteer.search("London, ON", limit: 5).map(\.name) == ["London"])
        #expect(gazetteer.search("London, CA", limit: 5).map(\.name) == ["London"])
        #expect(gazetteer.search("London, DE", limit: 5).isEmpty)
    }

    @Test func uselessAlternatesAreLeftOut() throws {
        let (gazetteer, _) = try smallIndex()
        #expect(gazetteer.search("MRY", limit: 5).isEmpty)
        #expect(gazetteer.search("mantere", limit: 5).isEmpty)
        #expect(gazetteer.search("colonia claudia", limit: 5).isEmpty)
    }

    @Test func theNearestPlaceIsFound() throws {
        let (gazetteer, _) = try smallIndex()
        #expect(gazetteer.nearest(to: Coordinate(latitude: 36.5, longitude: -122))?.name == "Monterey")
        #expect(gazetteer.nearest(to: Coordinate(latitude: 50, longitude: 7))?.name == "Köln")
        #expect(gazetteer.nearest(to: Coordinate(latitude: -89, longitude: 100))?.name == "Nowhere")
    }

    /// The entries whose key, from their indexed word on, is `key`.
    private func entries(ofKey key: String, in gazetteer: Gazetteer) -> [Int] {
        let index = EntryIndex(tables: gazetteer.tables)
        return Array(index.range(equalTo: Array(key.utf8)))
    }

    @Test func alternatesAmongTheTrustedNamesAreMarkedTrusted() throws {
        let (gazetteer, _) = try smallIndex()
        let index = EntryIndex(tables: gazetteer.tables)
        let cologne = try #require(entries(ofKey: "cologne", in: gazetteer).first)
        #expect(index.isAlternate(cologne))
        #expect(index.isTrustedAlternate(cologne))
        let koeln = try #require(entries(ofKey: "koeln", in: gazetteer).first)
        #expect(index.isAlternate(koeln))
        #expect(!index.isTrustedAlternate(koeln))
        // The place's own name is never an alternate, trusted or not, even when a language names it so.
        let koln = try #require(entries(ofKey: "koln", in: gazetteer).first)
        #expect(!index.isAlternate(koln))
        #expect(!index.isTrustedAlternate(koln))
        // A trusted name that is not among the alternates adds no entry.
        #expect(entries(ofKey: "kolin nad rynem", in: gazetteer).isEmpty)
        // Places without trusted names have no trusted entries, and the flag leaves the place index intact.
        #expect((0..<index.count).filter(index.isTrustedAlternate).map { index.place($0) }.allSatisfy { $0 == index.place(cologne) })
        #expect(gazetteer.place(at: Int(index.place(cologne))).name == "Köln")
    }

    @Test func trustedKeysAreFoldedAsSearchesAre() {
        #expect(IndexedNames.trustedKeys(["COLOGNE", "Múnich", ""]) == ["cologne", "munich"])
    }

    @Test func everyLaterWordIsIndexed() {
        #expect(IndexedNames.laterWords(of: ["salt lake city"]).map(\.start) == [5, 10])
        #expect(IndexedNames.laterWords(of: ["zurich", "lungsod ng zurich"]).map { [$0.key, $0.start] } == [[1, 8], [1, 11]])
    }
}
