import Foundation
import RoadtripCore

/// Builds the TripList module: wires view, presenter, interactor and router over the app's shared
/// services; the returned view holds the rest.
@MainActor
enum TripListAssembly {
    static func makeModule(context: ModuleContext) -> TripListView {
        let interactor = TripListInteractor(model: context.model, services: context.services, roadLegs: context.roadLegs)
        let router = TripListRouter(context: context)
        let presenter = TripListPresenter(interactor: interactor, router: router, unit: context.unit)
        let view = TripListView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }
}
