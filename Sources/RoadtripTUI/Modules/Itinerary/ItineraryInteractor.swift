import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import ScreenModels

/// The trip from the shared DataModel and its plan from the planning services.
@MainActor
final class ItineraryInteractor: ItineraryInteractorInput, ModelEditingSession {
    let model: DataModel
    private let tripID: Trip.ID
    private let places: PlaceIndexProvider
    /// Today, where the user is: the start of a trip without a start date.
    private let today: () -> LocalDay
    private let roads: RoadLegs

    init(
        tripID: Trip.ID, model: DataModel, places: PlaceIndexProvider, today: @escaping () -> LocalDay = { TripPlanning.today() },
        roadLegs: RoadLegs = .none
    ) {
        self.tripID = tripID
        self.model = model
        self.places = places
        self.today = today
        self.roads = roadLegs
    }

    var trip: AnyPublisher<Trip?, Never> {
        model.tripUpdates(id: tripID)
    }

    var roadLegChanges: AnyPublisher<Void, Never> { roads.changes }

    func itinerary(for trip: Trip, unit: DistanceUnit) -> Itinerary {
        PlanDays(legs: { [roads] trip, estimate in roads.figures(of: trip, estimate: estimate).legs }, places: places, today: today)
            .itinerary(for: trip, unit: unit)
    }

    func addStop(_ place: Place, after index: Int, night: Bool) -> StatusMessage {
        if let refusal { return refusal }
        guard let trip = model.trips.first(where: { $0.id == tripID }), trip.stops.indices.contains(index) else {
            return .error("The trip has changed; nothing was added.")
        }
        var stop = Stop(place: place)
        stop.overnight = night
        if !night { stop.stay = FuelStops.fillUpStay }
        EditTrip(tripID, in: model).insertStop(stop, at: index + 1)
        let purpose = night ? "with a night there" : "to fill up, for \(StayText.text(FuelStops.fillUpStay))"
        return StatusMessage("Added \(place.name) after \(trip.stops[index].name), \(purpose) (u undoes it).")
    }

}
