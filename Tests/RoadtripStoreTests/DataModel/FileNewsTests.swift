import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

/// What a planner says when another window's save arrives (issue 55).
@Suite struct FileNewsTests {
    private let tour = Trip(
        name: "LI Tour",
        stops: [
            Stop(name: "Vaduz", location: Coordinate(latitude: 47.14, longitude: 9.52)),
            Stop(name: "Balzers", location: Coordinate(latitude: 47.07, longitude: 9.50)),
        ])

    private func news(_ before: [Trip], _ after: [Trip]) -> String {
        FileNews(before: before, after: after, conflicts: []).sentence
    }

    private func changed(_ trip: Trip, _ change: (inout Trip) -> Void) -> Trip {
        var copy = trip
        change(&copy)
        return copy
    }

    @Test func eachKindOfChangeIsSaidInWords() {
        let schaan = Stop(name: "Schaan", location: Coordinate(latitude: 47.17, longitude: 9.51))
        #expect(news([tour], [changed(tour) { $0.stops.insert(schaan, at: 1) }]).hasPrefix("Schaan added to "))
        #expect(news([tour], [changed(tour) { $0.stops.removeLast() }]).hasPrefix("Balzers removed from "))
        #expect(news([tour], [changed(tour) { $0.stops[0].name = "Vaduz Castle" }]).hasPrefix("Vaduz renamed Vaduz Castle in "))
        #expect(news([tour], [changed(tour) { $0.stops[0].notes = "Castle" }]).hasPrefix("Vaduz of "))
        #expect(news([tour], [changed(tour) { $0.stops.reverse() }]).hasPrefix("The stops of "))
        #expect(news([tour], [changed(tour) { $0.settings.dailyLimitHours = 4 }]).hasPrefix("The settings of "))
        #expect(news([tour], [changed(tour) { $0.name = "Liechtenstein" }]).contains(" renamed "))
        #expect(news([], [tour]).hasSuffix(" added from another window."))
        #expect(news([tour], []).hasSuffix(" deleted from another window."))
    }

    @Test func severalChangesAreCounted() {
        let two = changed(tour) {
            $0.name = "Liechtenstein"; $0.stops.removeLast()
        }
        #expect(news([tour], [two]).hasSuffix(" and 1 more change from another window."))
        #expect(news([tour], [two, Trip(name: "New")]).hasSuffix(" and 2 more changes from another window."))
    }

    @Test func aSaveThatChangedNoTripIsStillSaid() {
        #expect(news([tour], [tour]) == "The file was saved from another window.")
    }
}
