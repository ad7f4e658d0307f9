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

    func deleteStop(id: Waypoint.ID) {
        model.deleteStop(id: id, inTrip: tripID)
    }

    func moveStop(id: Waypoint.ID, by offset: Int) -> Bool {
        model.moveStop(id: id, inTrip: tripID, by: offset)
    }

    func setEstimates(roadFactor: Double?, averageSpeedKmh: Double?) {
        model.updateTrip(id: tripID, "change the estimates") { trip in
            trip.settings.roadFactor = roadFactor
            trip.settings.averageSpeedKmh = averageSpeedKmh
        }
    }

    var readOnlyReason: String? { model.readOnlyReason }

    func undo() -> String? { model.undo() }
    func redo() -> String? { model.redo() }

    func save() throws(DataFileError) -> String {
        try model.save()
        return model.store.path
    }
}
