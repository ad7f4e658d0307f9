import Foundation
import Testing
@testable import RoadtripCore

/// Issue 56, item 5: a query that names a kind in plain words, with or without a place.
struct KindQueryTests {
    @Test(arguments: [
        ("fuel station in Encamp", [PlaceKind.fuel], "encamp", true),
        ("gas station Canillo", [.fuel], "canillo", false),
        ("Tankstelle", [.fuel], "", false),
        ("petrol near Andorra la Vella", [.fuel], "andorra la vella", true),
        ("museum Ordino", [.museum], "ordino", false),
        ("hotel près de Vaduz", [.hotel, .motel, .guestHouse, .hostel], "vaduz", true),
        ("church in Canillo", [.church, .placeOfWorship], "canillo", true),
        ("Krankenhaus Krems", [.hospital], "krems", false),
        ("farmàcia Escaldes", [.pharmacy], "escaldes", false),
    ])
    func readsTheKindAndThePlace(text: String, kinds: [PlaceKind], place: String, saysWhere: Bool) throws {
        let query = try #require(KindQuery(text))
        #expect(query.kinds == kinds && query.place == place && query.saysWhere == saysWhere, "\(query)")
    }

    @Test func aQueryWithoutAKindWordIsNone() {
        #expect(KindQuery("Andorra la Vella") == nil)
        #expect(KindQuery("") == nil)
    }

    /// A service is looked for by kind wherever; a sight only with a word that says where or a town
    /// beside it ("Lake Tahoe" stays a name).
    @Test func aSightsKindWordBesideANameStaysPartOfTheName() throws {
        let town = Place(
            name: "Ordino", admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: 42.55, longitude: 1.53),
            population: 3_000, kind: .village)
        let lake = Place(
            name: "Lake Tahoe", admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: 39, longitude: -120),
            population: 0, kind: .lake)
        #expect(try #require(KindQuery("museum Ordino")).isKindSearch(placeFound: town))
        #expect(try !#require(KindQuery("Lake Tahoe")).isKindSearch(placeFound: lake))
        #expect(try #require(KindQuery("lake near Tahoe")).isKindSearch(placeFound: lake))
        #expect(try #require(KindQuery("Tankstelle")).isKindSearch(placeFound: nil))
    }
}
