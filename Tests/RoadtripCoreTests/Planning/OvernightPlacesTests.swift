import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// Where to sleep where the driving runs out: the path's point, the places near it, the largest
/// town first, and how far it lies off the route.
struct OvernightPlacesTests {
    static let gazetteer = Result { try Gazetteer.load(from: Resources.locate(environment: [:]).gazetteer) }

    static func place(_ name: String, _ latitude: Double, _ longitude: Double, population: Int = 0, kind: PlaceKind = .populatedPlace) -> Place {
        Place(
            name: name, admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: latitude, longitude: longitude),
            population: population, kind: kind, source: "test")
    }

    /// The day's way on the arc from `from` to `to` (one leg), over `shares` of it.
    static func way(from: Coordinate, to: Coordinate, road: [Coordinate] = [], shares: ClosedRange<Double>) -> OvernightPlaces.DaysWay {
        let figures =
            road.isEmpty ? [] : [LegFigures(meters: LegPath(from: from, to: to, road: road).kilometers * 1_000, seconds: 3_600, source: .road, line: road)]
        return OvernightPlaces.DaysWay(
            line: TripLine(stops: [from, to], figures: figures), leg: 0, shares: shares,
            point: LegPath(from: from, to: to, road: road).point(at: shares.upperBound))
    }

    /// A day's way from (45° N, 0°) to the middle of the arc to (45° N, 2° E), about 1° E.
    static let halfway = way(from: Coordinate(latitude: 45, longitude: 0), to: Coordinate(latitude: 45, longitude: 2), shares: 0...0.5)

    @Test func theArcsPointIsAShareOfItsLength() {
        let path = LegPath(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 10))
        let point = path.point(at: 0.25)
        #expect(abs(point.latitude) < 1e-9 && abs(point.longitude - 2.5) < 1e-9)
    }

    @Test func theRoadsPointFollowsItsLine() {
        // An L: 1° north, then 1° east; halfway along is the corner.
        let road = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0), Coordinate(latitude: 1, longitude: 1)]
        let path = LegPath(from: road[0], to: road[2], road: road)
        let corner = path.point(at: 0.5)
        #expect(abs(corner.latitude - 1) < 1e-3 && abs(corner.longitude) < 1e-3)
        #expect(abs(path.point(at: 0.75).longitude - 0.5) < 1e-3)
    }

    /// Issue 38, item 3: a place is proposed only on the day's way, ahead of where it set out and
    /// not past where its driving ends, and how far off the route it is, is its distance from the
    /// leg's line (the road's when routed), not from where the leg starts.
    @Test func onlyAPlaceOnTheDaysWayIsProposedWithItsTrueDistanceOffTheRoute() throws {
        let start = Coordinate(latitude: 45, longitude: 0), end = Coordinate(latitude: 45, longitude: 1)
        // The day drives from a tenth of the way (0.1° E) to four tenths (0.4° E).
        let way = Self.way(from: start, to: end, shares: 0.1...0.4)
        func chosen(_ places: [Place]) -> OvernightPlaces.Suggestion? { OvernightPlaces(places: FakePlaces(places)).suggestion(on: way) }
        // Towns behind where the day set out, behind the leg's start (a stop passed), and past the
        // point: none is on the way, whatever its size.
        let behind = Self.place("Behind", 45.05, 0.05, population: 90_000), passed = Self.place("Passed", 45.02, -0.05, population: 80_000)
        let past = Self.place("Past", 45.05, 0.5, population: 70_000), onTheWay = Self.place("Way", 45.1, 0.3, population: 500)
        #expect(chosen([behind, passed, past]) == nil)
        let suggestion = try #require(chosen([behind, passed, past, onTheWay]))
        // 0.1° north of the parallel (11.12 km), where the arc bows 0.1 km north of it: 11.02 km off.
        #expect(suggestion.place.name == "Way" && abs(suggestion.offRouteMeters - 11_018) < 20, "\(suggestion)")
        // On a road that runs 0.05° north of the parallel there, it is half as far off.
        let road = [start, Coordinate(latitude: 45.05, longitude: 0.1), Coordinate(latitude: 45.05, longitude: 0.9), end]
        let onTheRoad = try #require(
            OvernightPlaces(places: FakePlaces([onTheWay])).suggestion(on: Self.way(from: start, to: end, road: road, shares: 0.1...0.4)))
        #expect(abs(onTheRoad.offRouteMeters - 5_560) < 20, "\(onTheRoad)")
    }

    /// Where the day sets out at a stop, the stop's own town is not on the way, nor a camp site there.
    @Test func theTownTheDaySetsOutFromIsNotOnTheWay() throws {
        let here = Self.place("Here", 45.0, 0.005, population: 90_000), camp = Self.place("Camp here", 45.0, 0.0, kind: .campSite)
        let there = Self.place("There", 45.02, 0.08, population: 500)
        let way = Self.way(from: Coordinate(latitude: 45, longitude: 0), to: Coordinate(latitude: 45, longitude: 2), shares: 0...0.05)
        let suggestion = try #require(OvernightPlaces(places: FakePlaces([here, camp, there])).suggestion(on: way))
        #expect(suggestion.place.name == "There" && suggestion.beds.isEmpty, "\(suggestion)")
    }

    @Test func theLargestTownInReachIsChosenThenVillagesThenCampSites() {
        let town = Self.place("Town", 45.1, 1, population: 20_000), hamlet = Self.place("Hamlet", 45.0, 1.01, population: 40)
        let camp = Self.place("Camp", 45.0, 1.0, kind: .campSite), village = Self.place("Village", 45.05, 1.0, kind: .village)
        let peak = Self.place("Peak", 45.0, 1.0, population: 0, kind: .peak), far = Self.place("City", 46, 1, population: 1_000_000)
        func chosen(_ places: [Place]) -> String? { OvernightPlaces(places: FakePlaces(places)).suggestion(on: Self.halfway)?.place.name }
        #expect(chosen([town, hamlet, camp, village, peak, far]) == "Town")
        #expect(chosen([hamlet, camp, village, peak]) == "Village")
        #expect(chosen([camp, peak]) == "Camp")
        #expect(chosen([peak, far]) == nil)
        // Nothing within 25 km: the second reach, 50 km.
        #expect(chosen([Self.place("Farther", 45.35, 0.9, population: 900)]) == "Farther")
    }

    /// Issue 37, item 4: beside the town, the places with beds near where the driving ends,
    /// nearest first, with how far off the route they are; not a place without beds, nor one too far.
    @Test func theBedsNearThePointAreNamedNearestFirst() {
        let town = Self.place("Town", 45.1, 1, population: 20_000)
        let camp = Self.place("Camp", 45.03, 1.0, kind: .campSite), hut = Self.place("Hut", 45.0, 0.98, kind: .alpineHut)
        let farCamp = Self.place("Far Camp", 45.2, 1.0, kind: .campSite), peak = Self.place("Peak", 45.0, 1.0, kind: .peak)
        // Past the point, a hotel is more driving than the day has: not named.
        let hotelPast = Self.place("Hotel", 45.0, 1.01, kind: .hotel)
        let suggestion = OvernightPlaces(places: FakePlaces([town, camp, hut, farCamp, peak, hotelPast])).suggestion(on: Self.halfway)
        #expect(suggestion?.place.name == "Town")
        #expect(suggestion?.beds.map(\.place.name) == ["Hut", "Camp"], "the hut is 1.6 km away, the camp 2.9 km; the far camp 22 km")
        // Off the route (the arc bends north of the parallel): less than from the point.
        #expect((2_000..<3_336).contains(suggestion?.beds.last?.offRouteMeters ?? 0), "\(suggestion?.beds.last?.offRouteMeters ?? 0)")
    }

    @Test func theGazetteerFindsThePlacesWithinADistance() throws {
        let gazetteer = try Self.gazetteer.get()
        let monterey = Coordinate(latitude: 36.60024, longitude: -121.89468)
        let near = gazetteer.places(within: 10, of: monterey)
        #expect(near.contains { $0.place.name == "Pacific Grove" } && near.contains { $0.place.name == "Monterey" })
        #expect(near.allSatisfy { $0.kilometers <= 10 } && !near.contains { $0.place.name == "Salinas" })
        // Across the antimeridian, and at a pole, without a trap.
        #expect(gazetteer.places(within: 30, of: Coordinate(latitude: -17.8, longitude: 179.99)).allSatisfy { $0.kilometers <= 30 })
        #expect(gazetteer.places(within: 100, of: Coordinate(latitude: 90, longitude: 0)).isEmpty)
    }

    @Test func betweenMontereyAndSanLuisObispoTheNightIsNearATownOnTheWay() throws {
        let places = OvernightPlaces(places: try Self.gazetteer.get())
        let way = Self.way(from: Coordinate(latitude: 36.6, longitude: -121.9), to: Coordinate(latitude: 35.28, longitude: -120.66), shares: 0...0.5)
        let suggestion = try #require(places.suggestion(on: way))
        #expect(suggestion.place.population >= 1_000 && suggestion.offRouteMeters <= 50_000, "\(suggestion)")
        #expect(places.timeZone(at: way.point)?.identifier == "America/Los_Angeles")
    }
}
