import Foundation
import RoadtripCore

/// Builds the Along module (the places along one trip's road, or along one day of it): wires
/// view, presenter, interactor and router over the app's shared services; the returned view
/// holds the rest. `output` hears of a place made a stop.
@MainActor
enum AlongAssembly {
    static func makeModule(tripID: Trip.ID, day: Int?, context: ModuleContext, output: AlongModuleOutput?) -> AlongView {
        let router = AlongRouter(context: context)
        let presenter = AlongPresenter(
            interactor: AlongInteractor(tripID: tripID, model: context.model, places: context.places, basemap: context.basemap, roadLegs: context.roadLegs),
            router: router,
            unit: context.unit,
            day: day,
            choices: context.choices
        )
        presenter.output = output
        let view = AlongView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }
}
