import Foundation
@preconcurrency import OpenCombine
import RoadtripCore

/// Changes to one trip's stops, each recorded for undo with the stop's name; the rules are the
/// trip's own (`Trip+Editing.swift`).
extension DataModel {
    package func insertStop(_ stop: Stop, inTrip tripID: Trip.ID, at index: Int) {
        updateTrip(id: tripID, "add stop \(stop.name)") { $0.insertStop(stop, at: index) }
    }

    package func updateStop(_ stop: Stop, inTrip tripID: Trip.ID) {
        updateTrip(id: tripID, "edit stop \(stop.name)") { $0.updateStop(stop) }
    }

    package func deleteStop(id: Stop.ID, inTrip tripID: Trip.ID) {
        guard let stop = trip(id: tripID)?.stops.first(where: { $0.id == id }) else { return }
        updateTrip(id: tripID, "delete stop \(stop.name)") { $0.removeStop(id: id) }
    }

    /// Moves a stop `offset` places; false when that would leave the list.
    package func moveStop(id: Stop.ID, inTrip tripID: Trip.ID, by offset: Int) -> Bool {
        guard let stop = trip(id: tripID)?.stops.first(where: { $0.id == id }) else { return false }
        return updateTrip(id: tripID, "move stop \(stop.name)", unlessRefused: { $0.moveStop(id: id, by: offset) })
    }

    /// `updateTrip` with a rule that can refuse (`moveStop`, `reorderStops`): the rule runs on a
    /// copy first, so that a refusal records nothing and costs no comparison of the trips.
    private func updateTrip(id: Trip.ID, _ description: String, unlessRefused rule: (inout Trip) -> Bool) -> Bool {
        guard var changed = trip(id: id), rule(&changed) else { return false }
        updateTrip(id: id, description) { $0 = changed }
        return true
    }
}

/// Changes to a trip as a whole, beside its stops: one undo step each.
extension DataModel {
    /// The trip with `id`, now and after every change to it; nil once it no longer exists.
    package func tripUpdates(id: Trip.ID) -> AnyPublisher<Trip?, Never> {
        tripChanges(id: id).map(\.trip).eraseToAnyPublisher()
    }

    /// The trip with `id` and what became of its stops, now and after every change to it (a
    /// change to other trips is no news here, and is not compared to find that out); nil,
    /// once, when it no longer exists.
    package func tripChanges(id: Trip.ID) -> AnyPublisher<TripUpdate, Never> {
        tripChanges
            .compactMap { update -> TripUpdate? in
                guard let index = update.trips.firstIndex(where: { $0.id == id }) else { return TripUpdate(trip: nil, stops: nil) }
                let trip = update.trips[index]
                guard let change = update.change else { return TripUpdate(trip: trip, stops: nil) }
                guard change.trips.new.contains(index) else { return nil }
                return TripUpdate(trip: trip, stops: change.stops(ofTrip: id, at: index, count: trip.stops.count))
            }
            .removeDuplicates { $0.trip == nil && $1.trip == nil }
            .eraseToAnyPublisher()
    }

    /// Puts the trip's stops in the order of `ids`; false, and nothing changed, when `ids` are
    /// not exactly the trip's stops (it changed since the order was made).
    @discardableResult
    package func reorderStops(inTrip tripID: Trip.ID, to ids: [Stop.ID], _ description: String) -> Bool {
        updateTrip(id: tripID, description, unlessRefused: { $0.reorderStops(to: ids) })
    }

    /// Reverses the order of the trip's stops.
    package func reverseStops(inTrip tripID: Trip.ID) {
        guard let trip = trip(id: tripID) else { return }
        updateTrip(id: tripID, "reverse trip \(trip.name)") { $0.reverseStops() }
    }

    /// A copy of the trip (`Trip.duplicated()`) just after it, named `name` when given; nil when
    /// there is no such trip.
    @discardableResult
    package func duplicateTrip(id: Trip.ID, named name: String? = nil) -> Trip? {
        guard let original = trip(id: id), let index = trips.firstIndex(where: { $0.id == id }) else { return nil }
        var copy = original.duplicated()
        if let name { copy.name = name }
        return addTrip(copy, at: index + 1)
    }
}
