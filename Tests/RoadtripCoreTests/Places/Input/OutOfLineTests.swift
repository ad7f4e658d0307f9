@testable import RoadtripCore
import Testing

@Suite struct OutOfLineTests {
    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    // Munich → Salzburg → Hallstatt → Vienna → Budapest, and the same with a wrong place.
    static let munich = at(48.14, 11.58), salzburg = at(47.8, 13.04), hallstatt = at(47.56, 13.65)
    static let vienna = at(48.21, 16.37), budapest = at(47.5, 19.04)

    @Test func aTripInLineHasNone() {
        #expect(OutOfLine.stops([Self.munich, Self.salzburg, Self.hallstatt, Self.vienna, Self.budapest]).isEmpty)
        // A loop's excursion (Portland → Astoria → Cannon Beach → Portland) is in line.
        #expect(OutOfLine.stops([Self.at(45.52, -122.68), Self.at(46.19, -123.83), Self.at(45.89, -123.96), Self.at(45.52, -122.68)]).isEmpty)
    }

    @Test func aWrongPlaceBetweenTwoIsFoundWithItsDetour() {
        let parisTexas = Self.at(33.66, -95.56)
        let found = OutOfLine.stops([Self.munich, Self.salzburg, parisTexas, Self.vienna, Self.budapest])
        #expect(found.map(\.index) == [2])
        let detour =
            Geodesy.distance(from: Self.salzburg, to: parisTexas) + Geodesy.distance(from: parisTexas, to: Self.vienna)
            - Geodesy.distance(from: Self.salzburg, to: Self.vienna)
        #expect(abs((found.first?.meters ?? 0) - detour) < 1)
    }

    @Test func aWrongFirstOrLastPlaceIsFoundByItsLeg() {
        let portlandMaine = Self.at(43.66, -70.26)
        let oregon = [Self.at(45.52, -122.68), Self.at(46.19, -123.83), Self.at(44.63, -124.05)]
        #expect(OutOfLine.stops([portlandMaine] + oregon).map(\.index) == [0])
        #expect(OutOfLine.stops(oregon + [portlandMaine]).map(\.index) == [3])
        // Two stops say nothing about each other.
        #expect(OutOfLine.stops([portlandMaine, oregon[0]]).isEmpty)
    }

    /// Issue 38: a place of the name 37 km off a day tour along the Danube is noticeable, not far.
    @Test func aStopMerelyOffTheLineIsNoticeableNotFar() {
        let krems = Self.at(48.41, 15.61), steinStyriaWay = Self.at(48.19, 15.98), duernstein = Self.at(48.395, 15.52)
        let tour = [krems, steinStyriaWay, duernstein]
        #expect(OutOfLine.stops(tour).isEmpty && OutOfLine.stops(tour, reach: .noticeable).map(\.index) == [1])
        #expect(OutOfLine.stops([krems, Self.at(48.40, 15.58), duernstein], reach: .noticeable).isEmpty, "Stein an der Donau is on the way")
    }
}
