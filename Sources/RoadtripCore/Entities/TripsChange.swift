/// Where one version of a list became the next: the first `head` elements and the last `tail`
/// are the same elements in both (the tail moved by the difference in length); what lies
/// between changed. Caches that keep a value per element keep those outside the run and make
/// only the run's again, without comparing a single element.
package struct RunChange: Equatable, Sendable {
    /// How many elements at the start, and at the end, are unchanged.
    package let head: Int
    package let tail: Int
    package let oldCount: Int
    package let newCount: Int

    package init(head: Int, tail: Int, oldCount: Int, newCount: Int) {
        // Clamped so that `old` and `new` are always ranges: a head and tail that overlap (an
        // unchanged list described from both ends) mean the same as a head covering it all.
        let head = max(0, min(head, oldCount, newCount))
        self.head = head
        self.tail = max(0, min(tail, oldCount - head, newCount - head))
        self.oldCount = oldCount
        self.newCount = newCount
    }

    /// Nothing changed in a list of `count` elements.
    package static func unchanged(count: Int) -> RunChange {
        RunChange(head: count, tail: 0, oldCount: count, newCount: count)
    }

    /// The changed run: its places in the old list, and in the new one.
    package var old: Range<Int> { head..<(oldCount - tail) }
    package var new: Range<Int> { head..<(newCount - tail) }
    package var isUnchanged: Bool { old.isEmpty && new.isEmpty }

    /// Where the element at `index` of the new list was in the old one; nil inside the run.
    package func oldIndex(ofNew index: Int) -> Int? {
        if index < head { return index }
        if index >= newCount - tail { return index - newCount + oldCount }
        return nil
    }

    /// This change, then `next` (which starts from the list this one made): what stayed the
    /// same through both is what neither touched.
    package func then(_ next: RunChange) -> RunChange {
        if isUnchanged { return RunChange(head: next.head, tail: next.tail, oldCount: oldCount, newCount: next.newCount) }
        if next.isUnchanged { return RunChange(head: head, tail: tail, oldCount: oldCount, newCount: next.newCount) }
        return RunChange(head: min(head, next.head), tail: min(tail, next.tail), oldCount: oldCount, newCount: next.newCount)
    }

    /// Swapped: what turns the new list back into the old one.
    package var reversed: RunChange {
        RunChange(head: head, tail: tail, oldCount: newCount, newCount: oldCount)
    }

    /// The change to the legs between consecutive elements (a trip's stops): a leg is unchanged
    /// when both its ends are.
    package var legs: RunChange {
        if isUnchanged { return .unchanged(count: max(0, newCount - 1)) }
        return RunChange(head: head - 1, tail: tail - 1, oldCount: max(0, oldCount - 1), newCount: max(0, newCount - 1))
    }
}

/// What one change to the trips did, as `History` found it: the run of trips that changed and,
/// inside each trip that kept its place (edited, not added or removed), the run of its stops
/// that changed. The data model publishes it with the new trips, so each screen and cache
/// updates what changed and keeps the rest without looking at it again.
package struct TripsChange: Equatable, Sendable {
    package let trips: RunChange
    /// The trips of the run edited in place, by id: the run of their stops that changed (an
    /// unchanged run when only the name or the settings did).
    package let stops: [Trip.ID: RunChange]

    package init(trips: RunChange, stops: [Trip.ID: RunChange]) {
        self.trips = trips
        self.stops = stops
    }

    /// What became of the stops of the trip with `id`, now at `index` in the new list and
    /// with `count` stops: unchanged outside the run; its run when edited in place; nil when
    /// the trip is new here (added, brought back, or moved among the trips).
    package func stops(ofTrip id: Trip.ID, at index: Int, count: Int) -> RunChange? {
        guard trips.new.contains(index) else { return .unchanged(count: count) }
        return stops[id]
    }

    /// Swapped: what turns the new trips back into the old ones.
    package var reversed: TripsChange {
        TripsChange(trips: trips.reversed, stops: stops.mapValues(\.reversed))
    }

    /// The ids of the trips that are new or changed, in the new list `trips`.
    package func changedIDs(in trips: [Trip]) -> [Trip.ID] {
        trips[self.trips.new].map(\.id)
    }
}

/// The trips as they are after a change, and what the change was: nil when anything may have
/// changed (the file was loaded or merged with another program's save, or this is the first
/// value a subscriber sees), and then whatever was kept from before is made again.
package struct TripsUpdate: Sendable {
    package let trips: [Trip]
    package let change: TripsChange?

    package init(trips: [Trip], change: TripsChange?) {
        self.trips = trips
        self.change = change
    }
}

/// One trip after a change, and what became of its stops (`TripsChange.stops(ofTrip:at:count:)`;
/// nil: anything may have changed). `trip` is nil once the trip is gone.
package struct TripUpdate: Sendable {
    package let trip: Trip?
    package let stops: RunChange?

    package init(trip: Trip?, stops: RunChange?) {
        self.trip = trip
        self.stops = stops
    }
}
