import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// Where to sleep where the driving runs out: the path's point, the places near it, the largest
/// town first, and how far it lies off the route.
struct OvernightPlacesTests {
    static let gazetteer = Result { try Gazetteer.load(from: Resources.locate(environment: [:]).gazetteer) }

    static func place(_ name: String, _ latitude: Double, _ longitude: Double, population: Int = 0, kind: PlaceKind = .populatedPlace) -> Place {
        Place(name: name, admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: latitude, longitude: longitude),
              population: population, kind: kind, source: "test")
    }

    @Test func theArcsPointIsAShareOfItsLength() {
        let path = LegPath(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 10))
        let point = path.point(at: 0.25)
        #expect(abs(point.latitude) < 1e-9 && abs(point.longitude - 2.5) < 1e-9)
        #expect(abs(path.kilometres(from: Coordinate(latitude: 0.1, longitude: 5), near: 0.5, within: 50) - 11.12) < 0.05)
        // Past the end, the distance is to the end.
        #expect(abs(path.kilometres(from: Coordinate(latitude: 0, longitude: 10.1), near: 1, within: 50) - 11.12) < 0.05)
    }

    @Test func theRoadsPointFollowsItsLine() {
        // An L: 1° north, then 1° east; halfway along is the corner.
        let road = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0), Coordinate(latitude: 1, longitude: 1)]
        let path = LegPath(from: road[0], to: road[2], road: road)
        let corner = path.point(at: 0.5)
        #expect(abs(corner.latitude - 1) < 1e-3 && abs(corner.longitude) < 1e-3)
        #expect(abs(path.point(at: 0.75).longitude - 0.5) < 1e-3)
        // A place 0.1° west of the first stretch is 11 km off the road, not off the straight arc.
        #expect(abs(path.kilometres(from: Coordinate(latitude: 0.5, longitude: -0.1), near: 0.25, within: 80) - 11.12) < 0.1)
    }

    @Test func theLargestTownInReachIsChosenThenVillagesThenCampSites() {
        let path = LegPath(from: Coordinate(latitude: 45, longitude: 0), to: Coordinate(latitude: 45, longitude: 2))
        let town = Self.place("Town", 45.1, 1, population: 20_000), hamlet = Self.place("Hamlet", 45.0, 1.01, population: 40)
        let camp = Self.place("Camp", 45.0, 1.0, kind: .campSite), village = Self.place("Village", 45.05, 1.0, kind: .village)
        let peak = Self.place("Peak", 45.0, 1.0, population: 0, kind: .peak), far = Self.place("City", 46, 1, population: 1_000_000)
        func chosen(_ places: [Place]) -> String? { OvernightPlaces(places: FakePlaces(places)).suggestion(on: path, at: 0.5)?.place.name }
        #expect(chosen([town, hamlet, camp, village, peak, far]) == "Town")
        #expect(chosen([hamlet, camp, village, peak]) == "Village")
        #expect(chosen([camp, peak]) == "Camp")
        #expect(chosen([peak, far]) == nil)
        // Nothing within 25 km: the second reach, 50 km.
        #expect(chosen([Self.place("Farther", 45.35, 1, population: 900)]) == "Farther")
    }

    /// Issue 37, item 4: beside the town, the places with beds near where the driving ends,
    /// nearest first, with how far off the route they are; not a place without beds, nor one too far.
    @Test func theBedsNearThePointAreNamedNearestFirst() {
        let path = LegPath(from: Coordinate(latitude: 45, longitude: 0), to: Coordinate(latitude: 45, longitude: 2))
        let town = Self.place("Town", 45.1, 1, population: 20_000)
        let camp = Self.place("Camp", 45.03, 1.0, kind: .campSite), hut = Self.place("Hut", 45.0, 1.02, kind: .alpineHut)
        let farCamp = Self.place("Far Camp", 45.2, 1.0, kind: .campSite), peak = Self.place("Peak", 45.0, 1.0, kind: .peak)
        let suggestion = OvernightPlaces(places: FakePlaces([town, camp, hut, farCamp, peak])).suggestion(on: path, at: 0.5)
        #expect(suggestion?.place.name == "Town")
        #expect(suggestion?.beds.map(\.place.name) == ["Hut", "Camp"], "the hut is 1.6 km away, the camp 3.3 km; the far camp 22 km")
        // Off the route (the arc bends north of the parallel): less than from the point.
        #expect((2_000..<3_336).contains(suggestion?.beds.last?.offRouteMeters ?? 0), "\(suggestion?.beds.last?.offRouteMeters ?? 0)")
    }

    @Test func theGazetteerFindsThePlacesWithinADistance() throws {
        let gazetteer = try Self.gazetteer.get()
        let monterey = Coordinate(latitude: 36.60024, longitude: -121.89468)
        let near = gazetteer.places(within: 10, of: monterey)
        #expect(near.contains { $0.place.name == "Pacific Grove" } && near.contains { $0.place.name == "Monterey" })
        #expect(near.allSatisfy { $0.kilometres <= 10 } && !near.contains { $0.place.name == "Salinas" })
        // Across the antimeridian, and at a pole, without a trap.
        #expect(gazetteer.places(within: 30, of: Coordinate(latitude: -17.8, longitude: 179.99)).allSatisfy { $0.kilometres <= 30 })
        #expect(gazetteer.places(within: 100, of: Coordinate(latitude: 90, longitude: 0)).isEmpty)
    }

    @Test func betweenMontereyAndSanLuisObispoTheNightIsNearATownOnTheWay() throws {
        let places = OvernightPlaces(places: try Self.gazetteer.get())
        let path = LegPath(from: Coordinate(latitude: 36.6, longitude: -121.9), to: Coordinate(latitude: 35.28, longitude: -120.66))
        let suggestion = try #require(places.suggestion(on: path, at: 0.5))
        #expect(suggestion.place.population >= 1_000 && suggestion.offRouteMeters <= 50_000, "\(suggestion)")
        #expect(places.timeZone(at: path.point(at: 0.5))?.identifier == "America/Los_Angeles")
    }
}
