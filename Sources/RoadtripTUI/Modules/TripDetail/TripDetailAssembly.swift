import Foundation
import RoadtripCore

/// Builds the TripDetail module for one trip: wires view, presenter, interactor and router over the
/// app's shared services; the returned view holds the rest.
@MainActor
enum TripDetailAssembly {
    static func makeModule(tripID: Trip.ID, context: ModuleContext) -> TripDetailView {
        let router = TripDetailRouter(tripID: tripID, context: context)
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(
                tripID: tripID, model: context.model, services: context.services, places: context.places, basemap: context.basemap,
                roadLegs: context.roadLegs, unit: context.unit, environment: context.environment,
                workingDirectory: context.workingDirectory, choices: context.choices),
            router: router,
            unit: context.unit
        )
        let view = TripDetailView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }
}
