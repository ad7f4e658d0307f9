/// Changes to one trip's stops, each recorded for undo with the stop's name.
extension DataModel {
    public func insertStop(_ waypoint: Waypoint, inTrip tripID: Trip.ID, at index: Int) {
        updateTrip(id: tripID, "add stop \(waypoint.name)") { trip in
            trip.waypoints.insert(waypoint, at: min(max(0, index), trip.waypoints.count))
        }
    }

    public func updateStop(_ waypoint: Waypoint, inTrip tripID: Trip.ID) {
        updateTrip(id: tripID, "edit stop \(waypoint.name)") { trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == waypoint.id }) else { return }
            trip.waypoints[index] = waypoint
        }
    }

    public func deleteStop(id: Waypoint.ID, inTrip tripID: Trip.ID) {
        guard let stop = trip(id: tripID)?.waypoints.first(where: { $0.id == id }) else { return }
        updateTrip(id: tripID, "delete stop \(stop.name)") { trip in
            trip.waypoints.removeAll { $0.id == id }
        }
    }

    /// Moves a stop `offset` places; false when that would leave the list.
    public func moveStop(id: Waypoint.ID, inTrip tripID: Trip.ID, by offset: Int) -> Bool {
        guard let stops = trip(id: tripID)?.waypoints, let index = stops.firstIndex(where: { $0.id == id }),
              stops.indices.contains(index + offset) else { return false }
        updateTrip(id: tripID, "move stop \(stops[index].name)") { trip in
            trip.waypoints.insert(trip.waypoints.remove(at: index), at: index + offset)
        }
        return true
    }
}
