import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

@Suite struct TripMergeTests {
    let a = Trip(name: "A"), b = Trip(name: "B"), c = Trip(name: "C")

    private func renamed(_ trip: Trip, _ name: String) -> Trip {
        var copy = trip
        copy.name = name
        return copy
    }

    @Test func eachSidesChangesAreKept() {
        let result = TripMerge.merge(base: [a, b], ours: [renamed(a, "A1"), b], theirs: [a, renamed(b, "B2")])
        #expect(result.trips.map(\.name) == ["A1", "B2"])
        #expect(result.conflicts.isEmpty)
    }

    @Test func deletionsOnEitherSideStandUnlessTheOtherChangedTheTrip() {
        #expect(TripMerge.merge(base: [a, b], ours: [b], theirs: [a, b]).trips.map(\.name) == ["B"])
        #expect(TripMerge.merge(base: [a, b], ours: [a, b], theirs: [b]).trips.map(\.name) == ["B"])
        #expect(TripMerge.merge(base: [a, b], ours: [renamed(a, "A1"), b], theirs: [b]).trips.map(\.name) == ["B", "A1"])
        #expect(TripMerge.merge(base: [a, b], ours: [b], theirs: [renamed(a, "A2"), b]).trips.map(\.name) == ["A2", "B"])
    }

    @Test func newTripsFromBothSidesArrive() {
        let result = TripMerge.merge(base: [a], ours: [c, a], theirs: [a, b])
        #expect(result.trips.map(\.name) == ["C", "A", "B"])
    }

    // MARK: Field by field and stop by stop (issue 55)

    private let trip = Trip(
        name: "LI Tour",
        stops: [
            Stop(name: "Vaduz", location: Coordinate(latitude: 47.14, longitude: 9.52)),
            Stop(name: "Schaan", location: Coordinate(latitude: 47.17, longitude: 9.51)),
            Stop(name: "Balzers", location: Coordinate(latitude: 47.07, longitude: 9.50)),
        ])

    private func changed(_ trip: Trip, _ change: (inout Trip) -> Void) -> Trip {
        var copy = trip
        change(&copy)
        return copy
    }

    @Test func twoFieldsOfOneTripChangedOnTwoSidesBothArrive() {
        let ours = changed(trip) { $0.name = "Liechtenstein" }
        let theirs = changed(trip) { $0.settings.dailyLimitHours = 5 }
        let result = TripMerge.merge(base: [trip], ours: [ours], theirs: [theirs])
        #expect(result.trips.count == 1 && result.conflicts.isEmpty)
        #expect(result.trips[0].name == "Liechtenstein" && result.trips[0].settings.dailyLimitHours == 5)
    }

    @Test func stopsAddedAndEditedOnTwoSidesAllArriveInPlace() {
        let ours = changed(trip) {
            $0.stops[0].notes = "Castle"; $0.stops.append(Stop(name: "Triesen", location: Coordinate(latitude: 47.1, longitude: 9.53)))
        }
        let theirs = changed(trip) {
            $0.stops.insert(Stop(name: "Eschen", location: Coordinate(latitude: 47.21, longitude: 9.52)), at: 2); $0.stops[1].name = "Schaan Bahnhof"
        }
        let result = TripMerge.merge(base: [trip], ours: [ours], theirs: [theirs])
        #expect(result.conflicts.isEmpty)
        #expect(result.trips[0].stops.map(\.name) == ["Vaduz", "Schaan Bahnhof", "Eschen", "Balzers", "Triesen"])
        #expect(result.trips[0].stops[0].notes == "Castle")
    }

    @Test func oneNameGivenTwiceKeepsTheLaterWriteAndSaysSo() {
        let ours = changed(trip) { $0.stops[1].name = "Schaan (ours)" }
        let theirs = changed(trip) {
            $0.stops[1].name = "Schaan (theirs)"; $0.stops[2].notes = "Last"
        }
        let result = TripMerge.merge(base: [trip], ours: [ours], theirs: [theirs])
        #expect(result.trips[0].stops.map(\.name) == ["Vaduz", "Schaan (ours)", "Balzers"])
        #expect(result.trips[0].stops[2].notes == "Last", "the rest of their change arrives")
        #expect(result.conflicts.count == 1)
        #expect(result.conflicts.first?.contains("renamed on both sides") == true)
        #expect(result.conflicts.first?.contains("Schaan (theirs)") == true, "the version replaced is said")
    }

    @Test func aStopDeletedOnOneSideAndEditedOnTheOtherStays() {
        let ours = changed(trip) {
            $0.stops.remove(at: 1); $0.name = "Renamed"
        }
        let theirs = changed(trip) { $0.stops[1].notes = "Station" }
        let kept = TripMerge.merge(base: [trip], ours: [ours], theirs: [theirs]).trips[0]
        #expect(kept.stops.map(\.name) == ["Vaduz", "Schaan", "Balzers"] && kept.stops[1].notes == "Station")
        let gone = TripMerge.merge(base: [trip], ours: [ours], theirs: [changed(trip) { $0.stops[0].notes = "x" }]).trips[0]
        #expect(gone.stops.map(\.name) == ["Vaduz", "Balzers"], "a stop deleted here that they did not touch goes")
    }

    @Test func theSideThatReorderedGivesTheOrder() {
        let ours = changed(trip) { $0.stops.reverse() }
        let theirs = changed(trip) { $0.stops[0].name = "Vaduz Castle" }
        #expect(TripMerge.merge(base: [trip], ours: [ours], theirs: [theirs]).trips[0].stops.map(\.name) == ["Balzers", "Schaan", "Vaduz Castle"])
        #expect(TripMerge.merge(base: [trip], ours: [theirs], theirs: [ours]).trips[0].stops.map(\.name) == ["Balzers", "Schaan", "Vaduz Castle"])
    }

    @Test func aTripDeletedOnOneSideAndEditedOnTheOtherComesBack() {
        let edited = changed(trip) { $0.stops[0].notes = "Edited" }
        #expect(TripMerge.merge(base: [trip, a], ours: [a], theirs: [edited, a]).trips.map(\.name) == ["LI Tour", "A"])
        #expect(TripMerge.merge(base: [trip, a], ours: [edited, a], theirs: [a]).trips.map(\.name) == ["A", "LI Tour"])
    }
}
