import Foundation
@preconcurrency import OpenCombine

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

    func save() throws(DataFileError) -> String {
        try model.save()
        return model.store.path
    }
}
