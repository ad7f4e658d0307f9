import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore

/// The trip from the shared DataModel and its plan from the planning services.
@MainActor
final class ItineraryInteractor: ItineraryInteractorInput, ModelEditingSession {
    let model: DataModel
    private let tripID: Trip.ID
    private let places: PlaceIndexProvider
    /// Today, where the user is: the start of a trip without a start date.
    private let today: () -> LocalDay

    init(tripID: Trip.ID, model: DataModel, places: PlaceIndexProvider, today: @escaping () -> LocalDay = { TripPlanning.today() }) {
        self.tripID = tripID
        self.model = model
        self.places = places
        self.today = today
    }

    var trip: AnyPublisher<Trip?, Never> {
        model.tripUpdates(id: tripID)
    }

    func itinerary(for trip: Trip, unit: DistanceUnit) -> Itinerary {
        TripPlanning.itinerary(for: trip, unit: unit, places: try? places.value.get(), today: today())
    }

}
