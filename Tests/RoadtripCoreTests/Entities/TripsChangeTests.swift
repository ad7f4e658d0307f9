@testable import RoadtripCore
import Testing

/// The change the data model publishes: where a list changed, what a change and the next one
/// changed together, and what a change of stops does to the legs between them.
@Suite struct TripsChangeTests {
    @Test func aRunSaysWhereTheListChanged() {
        // "abcde" → "abXYZde": c gave way to X, Y, Z.
        let change = RunChange(head: 2, tail: 2, oldCount: 5, newCount: 7)
        #expect(change.old == 2..<3)
        #expect(change.new == 2..<5)
        #expect(!change.isUnchanged)
        #expect((0..<7).map(change.oldIndex(ofNew:)) == [0, 1, nil, nil, nil, 3, 4])
        #expect(change.reversed == RunChange(head: 2, tail: 2, oldCount: 7, newCount: 5))
    }

    @Test func aHeadAndTailThatOverlapAreClampedToTheList() {
        let change = RunChange(head: 4, tail: 4, oldCount: 5, newCount: 5)
        #expect(change.isUnchanged)
        #expect(change.old == 4..<4)
        #expect(RunChange.unchanged(count: 3).old.isEmpty)
    }

    @Test func twoChangesInARowKeepWhatNeitherTouched() {
        // "abcdef" → "abXdef" (c) → "abXdeY" (f): a, b and nothing at the end are kept.
        let first = RunChange(head: 2, tail: 3, oldCount: 6, newCount: 6)
        let second = RunChange(head: 5, tail: 0, oldCount: 6, newCount: 6)
        #expect(first.then(second) == RunChange(head: 2, tail: 0, oldCount: 6, newCount: 6))
        // Nothing, then something, is that something; and the other way round.
        #expect(RunChange.unchanged(count: 6).then(first) == first)
        #expect(first.then(.unchanged(count: 6)) == first)
        // A deletion and then an insertion count from the list each starts with.
        let deleted = RunChange(head: 1, tail: 4, oldCount: 6, newCount: 5)
        let inserted = RunChange(head: 3, tail: 2, oldCount: 5, newCount: 6)
        #expect(deleted.then(inserted) == RunChange(head: 1, tail: 2, oldCount: 6, newCount: 6))
    }

    @Test func aLegChangesWhenEitherOfItsStopsDoes() {
        // Stops 0…9; stop 4 moved after stop 5: stops 4 and 5 changed, legs 3, 4 and 5 with them.
        let stops = RunChange(head: 4, tail: 4, oldCount: 10, newCount: 10)
        #expect(stops.legs == RunChange(head: 3, tail: 3, oldCount: 9, newCount: 9))
        #expect(stops.legs.new == 3..<6)
        // The first stop: its one leg. A stop added at the end: the new last leg.
        #expect(RunChange(head: 0, tail: 9, oldCount: 10, newCount: 10).legs.new == 0..<1)
        #expect(RunChange(head: 10, tail: 0, oldCount: 10, newCount: 11).legs.new == 9..<10)
        // No stop changed: no leg did.
        #expect(RunChange.unchanged(count: 10).legs == .unchanged(count: 9))
        #expect(RunChange.unchanged(count: 0).legs == .unchanged(count: 0))
    }

    @Test func aTripOutsideTheRunIsUnchangedAndOneNotEditedInPlaceIsNew() {
        let edited = Trip(name: "Edited"), added = Trip(name: "Added")
        let change = TripsChange(
            trips: RunChange(head: 1, tail: 1, oldCount: 3, newCount: 4),
            stops: [edited.id: RunChange(head: 2, tail: 0, oldCount: 3, newCount: 3)])
        #expect(change.stops(ofTrip: Trip(name: "Before").id, at: 0, count: 5) == .unchanged(count: 5))
        #expect(change.stops(ofTrip: edited.id, at: 1, count: 3) == RunChange(head: 2, tail: 0, oldCount: 3, newCount: 3))
        #expect(change.stops(ofTrip: added.id, at: 2, count: 0) == nil)
        #expect(change.changedIDs(in: [Trip(name: "0"), edited, added, Trip(name: "3")]) == [edited.id, added.id])
        #expect(change.reversed.trips == RunChange(head: 1, tail: 1, oldCount: 4, newCount: 3))
    }

    /// The route cache, told of each move, measures only the legs the move touched and gives the
    /// route a fresh one would.
    @Test func theRouteCacheToldOfAChangeMeasuresOnlyTheLegsItTouched() {
        var trip = Trip(name: "Long", stops: (0..<200).map { Stop(name: "\($0)", location: Coordinate(latitude: Double($0) / 10, longitude: Double($0 % 7))) })
        let cache = TripRouteCache()
        cache.update(to: trip.stops, change: nil)
        _ = cache.route(of: trip)
        let measured = cache.legs.measured
        for index in [10, 11, 199 - 1, 0] {
            let before = trip.stops
            let moved = trip.moveStop(id: trip.stops[index].id, by: 1)
            #expect(moved)
            let change = RunChange(head: index, tail: before.count - index - 2, oldCount: before.count, newCount: before.count)
            cache.update(to: trip.stops, change: change)
            #expect(cache.route(of: trip).legMeters == TripRoute(trip).legMeters)
        }
        // Four moves, at most three legs new each (fewer where a leg was seen before).
        #expect(cache.legs.measured - measured <= 12)
        #expect(cache.mapStops(of: trip) == MapStop.stops(of: trip))
    }
}
