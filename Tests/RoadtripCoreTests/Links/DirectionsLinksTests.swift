@testable import RoadtripCore
import Testing
import RoadtripTestSupport

struct DirectionsLinksTests {
    static func stops(_ count: Int) -> [Coordinate] {
        (0..<count).map { Coordinate(latitude: 40 + Double($0) / 10, longitude: -100.123456789) }
    }

    @Test func oneGoogleLinkCarriesUpToElevenStopsAsOriginWaypointsAndDestination() throws {
        let links = DirectionsLinks.links(for: Self.stops(11), service: .google)
        #expect(links.count == 1)
        let url = try #require(links.first?.url)
        #expect(
            url.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=40.000000,-100.123457&destination=41.000000,-100.123457&travelmode=driving&waypoints=")
        )
        #expect(url.components(separatedBy: "%7C").count == 9)
        #expect(links[0].stops == 0...10)
    }

    @Test func longerTripsAreSplitEachLinkStartingWhereTheLastEnded() {
        let links = DirectionsLinks.links(for: Self.stops(23), service: .google)
        #expect(links.map(\.stops) == [0...10, 10...20, 20...22])
        let osm = DirectionsLinks.links(for: Self.stops(4), service: .osm)
        #expect(osm.map(\.stops) == [0...1, 1...2, 2...3])
        #expect(osm[0].url == "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=40.000000%2C-100.123457%3B40.100000%2C-100.123457")
        let apple = DirectionsLinks.links(for: Self.stops(2), service: .apple)
        #expect(apple.map(\.url) == ["https://maps.apple.com/?saddr=40.000000,-100.123457&daddr=40.100000,-100.123457&dirflg=d"])
    }

    @Test func fewerThanTwoStopsMakeNoLink() {
        #expect(DirectionsLinks.links(for: Self.stops(1), service: .google).isEmpty)
        #expect(DirectionsLinks.links(for: [], service: .apple).isEmpty)
    }

    @Test func textSaysWhyATripHasSeveralLinks() {
        var trip = Trip(name: "Long")
        trip.stops = Self.stops(12).enumerated().map { Stop(name: "S\($0.offset + 1)", location: $0.element) }
        let links = DirectionsLinks.links(for: trip.stops.map(\.location), service: .google)
        #expect(
            DirectionsLinkText.split(links, of: trip, service: .google)
                == "Google Maps takes at most 11 stops a link: the 12 stops of “Long” are in 2 links, each starting where the last one ended.")
        #expect(DirectionsLinkText.label(links[1], number: 2, of: trip) == "Link 2: stops 11–12, S11 → S12")
    }

    /// Monterey the town, a stop named after it a little off its centre, a renamed stop at
    /// Carmel, and a point named after what is near it.
    static let named = [
        Stop(name: "Monterey", location: Coordinate(latitude: 36.6010, longitude: -121.8950)),
        Stop(name: "Lunch with Ana", location: Coordinate(latitude: 36.55524, longitude: -121.92329)),
        Stop(name: "near Big Sur, CA", location: Coordinate(latitude: 36.3, longitude: -121.85)),
        Stop(name: "Big Sur", location: Coordinate(latitude: 36.27024, longitude: -121.80801)),
    ]

    @Test func googleAndAppleTakeAPlacesNameWhereTheStopIsThatPlace() throws {
        let google = try #require(DirectionsLinks.links(for: Self.named, places: FakePlaces.california, service: .google).first?.url)
        #expect(
            google == "https://www.google.com/maps/dir/?api=1&origin=Monterey,%20California,%20United%20States"
                + "&destination=Big%20Sur,%20California,%20United%20States&travelmode=driving&waypoints=36.555240,-121.923290%7C36.300000,-121.850000")
        let apple = try #require(DirectionsLinks.links(for: [Self.named[0], Self.named[3]], places: FakePlaces.california, service: .apple).first?.url)
        #expect(apple == "https://maps.apple.com/?saddr=Monterey,%20California,%20United%20States&daddr=Big%20Sur,%20California,%20United%20States&dirflg=d")
        // OpenStreetMap's links take points only; without a gazetteer every link does.
        let osm = try #require(DirectionsLinks.links(for: [Self.named[0], Self.named[3]], places: FakePlaces.california, service: .osm).first?.url)
        #expect(osm.contains("route=36.601000%2C-121.895000%3B36.270240%2C-121.808010"))
        #expect(DirectionsLinks.links(for: Self.named, places: nil, service: .google).first?.url.contains("origin=36.601000,-121.895000") == true)
    }

    @Test func aNameFarFromThePlaceOfThatNameStaysAPoint() {
        // "Monterey" 300 km from Monterey is the user's name for somewhere else.
        let elsewhere = Stop(name: "Monterey", location: Coordinate(latitude: 34, longitude: -118))
        #expect(DirectionsLinks.placeName(of: elsewhere, in: FakePlaces.california) == nil)
        #expect(DirectionsLinks.placeName(of: Self.named[0], in: FakePlaces.california) == "Monterey, California, United States")
    }
}
