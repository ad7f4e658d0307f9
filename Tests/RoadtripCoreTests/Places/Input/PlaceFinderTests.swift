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
}
