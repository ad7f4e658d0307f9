import Foundation
@preconcurrency import OpenCombine

/// One trip's use cases, each a described change of the shared DataModel (so it can be undone).
@MainActor
final class TripDetailInteractor: TripDetailInteractorInput {
    private let model: DataModel
    private let tripID: Trip.ID

    init(tripID: Trip.ID, model: DataModel) {
        self.tripID = tripID
        self.model = model
    }

    var trip: AnyPublisher<Trip?, Never> {
        let id = tripID
        return model.$trips
            .map { trips in trips.first { $0.id == id } }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    func renameTrip(to name: String, session: String) {
        model.renameTrip(id: tripID, to: name, session: session)
    }

    func insertStop(_ waypoint: Waypoint, at index: Int) {
        model.updateTrip(id: tripID, "add stop \(waypoint.name)") { trip in
            trip.waypoints.insert(waypoint, at: min(max(0, index), trip.waypoints.count))
        }
    }

    func updateStop(_ waypoint: Waypoint) {
        model.updateTrip(id: tripID, "edit stop \(waypoint.name)") { trip in
            guard let index = trip.waypoints.firstIndex(where: { $0.id == waypoint.id }) else { return }
            trip.waypoints[index] = waypoint
        }
    }

    func deleteStop(id: Waypoint.ID) {
        guard let stop = model.trip(id: tripID)?.waypoints.first(where: { $0.id == id }) else { return }
        model.updateTrip(id: tripID, "delete stop \(stop.name)") { trip in
            trip.waypoints.removeAll { $0.id == id }
        }
    }

    func moveStop(id: Waypoint.ID, by offset: Int) -> Bool {
        guard let trip = model.trip(id: tripID), let index = trip.waypoints.firstIndex(where: { $0.id == id }) else { return false }
        let destination = index + offset
        guard trip.waypoints.indices.contains(destination) else { return false }
        model.updateTrip(id: tripID, "move stop \(trip.waypoints[index].name)") { trip in
            trip.waypoints.insert(trip.waypoints.remove(at: index), at: destination)
        }
        return true
    }

    func setEstimates(roadFactor: Double?, averageSpeedKmh: Double?) {
        model.updateTrip(id: tripID, "change the estimates") { trip in
            trip.roadFactor = roadFactor
            trip.averageSpeedKmh = averageSpeedKmh
        }
    }

    func undo() -> String? { model.undo() }
    func redo() -> String? { model.redo() }

    func save() throws(DataFileError) -> String {
        try model.save()
        return model.store.path
    }
}
