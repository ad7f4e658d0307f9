import Foundation
@preconcurrency import OpenCombine
import RoadtripCore

/// Changes to one trip's stops, each recorded for undo with the stop's name.
extension DataModel {
    package func insertStop(_ stop: Stop, inTrip tripID: Trip.ID, at index: Int) {
        updateTrip(id: tripID, "add stop \(stop.name)") { trip in
            trip.stops.insert(stop, at: min(max(0, index), trip.stops.count))
        }
    }

    package func updateStop(_ stop: Stop, inTrip tripID: Trip.ID) {
        updateTrip(id: tripID, "edit stop \(stop.name)") { trip in
            guard let index = trip.stops.firstIndex(where: { $0.id == stop.id }) else { return }
            trip.stops[index] = stop
        }
    }

    package func deleteStop(id: Stop.ID, inTrip tripID: Trip.ID) {
        guard let stop = trip(id: tripID)?.stops.first(where: { $0.id == id }) else { return }
        updateTrip(id: tripID, "delete stop \(stop.name)") { trip in
            trip.stops.removeAll { $0.id == id }
        }
    }

    /// Moves a stop `offset` places; false when that would leave the list.
    package func moveStop(id: Stop.ID, inTrip tripID: Trip.ID, by offset: Int) -> Bool {
        guard let stops = trip(id: tripID)?.stops, let index = stops.firstIndex(where: { $0.id == id }),
              stops.indices.contains(index + offset) else { return false }
        updateTrip(id: tripID, "move stop \(stops[index].name)") { trip in
            trip.stops.insert(trip.stops.remove(at: index), at: index + offset)
        }
        return true
    }
}

/// Changes to a trip as a whole, beside its stops: one undo step each.
extension DataModel {
    /// The trip with `id`, now and after every change to it; nil once it no longer exists.
    package func tripUpdates(id: Trip.ID) -> AnyPublisher<Trip?, Never> {
        $trips
            .map { trips in trips.first { $0.id == id } }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    /// Puts the trip's stops in the order of `ids`; false, and nothing changed, when `ids` are
    /// not exactly the trip's stops (it changed since the order was made).
    @discardableResult
    package func reorderStops(inTrip tripID: Trip.ID, to ids: [Stop.ID], _ description: String) -> Bool {
        guard let stops = trip(id: tripID)?.stops, stops.count == ids.count else { return false }
        let byID = Dictionary(stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let reordered = ids.compactMap { byID[$0] }
        guard reordered.count == stops.count, Set(ids).count == ids.count else { return false }
        updateTrip(id: tripID, description) { $0.stops = reordered }
        return true
    }

    /// Reverses the order of the trip's stops.
    package func reverseStops(inTrip tripID: Trip.ID) {
        guard let trip = trip(id: tripID) else { return }
        updateTrip(id: tripID, "reverse trip \(trip.name)") { $0.stops.reverse() }
    }

    /// A copy of the trip, named "… (copy)", with ids of its own, just after it; nil when there
    /// is no such trip.
    @discardableResult
    package func duplicateTrip(id: Trip.ID) -> Trip? {
        guard let original = trip(id: id), let index = trips.firstIndex(where: { $0.id == id }) else { return nil }
        var copy = original
        copy.id = UUID()
        copy.name = Self.copyName(of: original.name)
        for stop in copy.stops.indices { copy.stops[stop].id = UUID() }
        return addTrip(copy, at: index + 1)
    }

    /// "Pacific Drive (copy)", kept within the name length limit.
    static func copyName(of name: String) -> String {
        let suffix = " (copy)"
        return String(name.prefix(max(1, NameLength.maximum - suffix.count))) + suffix
    }
}
