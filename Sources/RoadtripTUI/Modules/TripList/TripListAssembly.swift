import Foundation
import RoadtripCore
import RoadtripRegions

/// Builds the TripList module: wires view, presenter, interactor and router over the app's shared
/// services; the returned view holds the rest.
@MainActor
enum TripListAssembly {
    static func makeModule(context: ModuleContext) -> TripListView {
        // Regions by name only where there are regions: most tests have none, and never the network.
        let interactor = TripListInteractor(model: context.model, services: context.services, places: context.places, regions: context.regions,
                                            extracts: context.regions.map { _ in ExtractSource(environment: context.environment) }, roadLegs: context.roadLegs)
        let presenter = TripListPresenter(interactor: interactor, router: TripListRouter(context: context), unit: context.unit)
        let view = TripListView(presenter: presenter)
        presenter.view = view
        presenter.didLoad()
        return view
    }
}
