import Foundation
import RoadtripCore

/// Builds the Itinerary module (one trip day by day): wires view, presenter, interactor and router
/// over the app's shared services; the returned view holds the rest.
@MainActor
enum ItineraryAssembly {
    static func makeModule(tripID: Trip.ID, context: ModuleContext) -> ItineraryView {
        let router = ItineraryRouter(tripID: tripID, context: context)
        let presenter = ItineraryPresenter(
            interactor: ItineraryInteractor(tripID: tripID, model: context.model, places: context.places, roadLegs: context.roadLegs),
            router: router,
            unit: context.unit
        )
        let view = ItineraryView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }
}
