import Foundation
import Testing
@testable import RoadtripCore
import RoadtripTestSupport

/// Issue 38, item 8: which stop names are their places' own (and follow a new place chosen).
@MainActor
struct PlaceFinderTests {
    let finder = PlaceFinder(places: .fixed(FakePlaces([FakePlaces.monterey, FakePlaces.bigSur, FakePlaces.carmel])))

    @Test func aPlacesNameWhereItIsIsItsOwn() {
        #expect(finder.isOwnName("Big Sur", at: FakePlaces.bigSur.coordinate))
        #expect(finder.isOwnName("big sur", at: FakePlaces.bigSur.coordinate), "as search folds it")
        #expect(!finder.isOwnName("Big Sur", at: FakePlaces.monterey.coordinate), "a place of that name, but 37 km away")
        #expect(!finder.isOwnName("Lunch at Nepenthe", at: FakePlaces.bigSur.coordinate))
    }

    @Test func theNameOfAStopMadeFromCoordinatesIsItsOwn() {
        let point = Coordinate(latitude: 36.30, longitude: -121.85)
        let made = CoordinatePlace(point, places: FakePlaces([FakePlaces.monterey, FakePlaces.bigSur, FakePlaces.carmel]), borders: nil)
        #expect(finder.isOwnName(made.name(unit: .km), at: point) && finder.isOwnName(made.name(unit: .mi), at: point))
        #expect(finder.isOwnName(point.formatted, at: point))
        // As an earlier roadtrip named it: "near" the nearest town, however far.
        let far = Coordinate(latitude: 36.0, longitude: -121.5)
        #expect(CoordinatePlace(far, places: FakePlaces([FakePlaces.bigSur]), borders: nil).name(unit: .km) == "41 km SE of Big Sur, CA")
        #expect(finder.isOwnName("near Big Sur, CA", at: far) && finder.isOwnName("41 km SE of Big Sur, CA", at: far))
        #expect(!finder.isOwnName("near Monterey, CA", at: far))
    }

    /// Issue 56, item 6: `new gtest Balzers Gutenberg` made a 422 km trip to Germany, with
    /// Schloss Gutenberg 2 km from Balzers. A place of the name within 30 km of the trip is picked
    /// before a bigger one far off; with no trip around, the bigger one.
    @Test func aPlaceOfTheNameNearTheTripIsPickedBeforeABiggerOneFarOff() throws {
        func place(_ latitude: Double, _ longitude: Double, population: Int, kind: PlaceKind, country: String) -> Place {
            Place(
                name: "Gutenberg", admin1: "", admin1Code: "", country: country, countryCode: "",
                coordinate: Coordinate(latitude: latitude, longitude: longitude), population: population, kind: kind, source: "test")
        }
        let castle = place(47.0646, 9.4997, population: 0, kind: .castle, country: "Liechtenstein")
        let town = place(50.7, 11.0, population: 20_000, kind: .populatedPlace, country: "Germany")
        let finder = PlaceFinder(places: .fixed(FakePlaces([town, castle])))
        let balzers = Coordinate(latitude: 47.0667, longitude: 9.5031)
        #expect(try finder.stop(for: "Gutenberg", near: SearchContext([balzers])).location == castle.coordinate)
        guard case .places(let listed) = finder.lookUp("Gutenberg", limit: 5, near: SearchContext([balzers])) else { Issue.record("places"); return }
        #expect(listed.map(\.coordinate) == [castle.coordinate, town.coordinate], "the stop editor's list: the near one first")
        #expect(try finder.stop(for: "Gutenberg").location == town.coordinate)
    }
}
