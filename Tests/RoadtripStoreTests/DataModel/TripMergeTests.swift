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
}
