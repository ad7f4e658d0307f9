import Foundation
import RoadtripCore

/// Builds the TripList module and takes the user from it to other modules.
@MainActor
final class TripListRouter: TripListRouterInput {
    private let context: ModuleContext

    init(context: ModuleContext) {
        self.context = context
    }

    /// Wires view, presenter, interactor and router; the returned view holds the rest.
    static func makeModule(context: ModuleContext) -> TripListView {
        let presenter = TripListPresenter(interactor: TripListInteractor(model: context.model, places: context.places, regions: context.regions, roadLegs: context.roadLegs), router: TripListRouter(context: context), unit: context.unit)
        let view = TripListView(presenter: presenter)
        presenter.view = view
        presenter.didLoad()
        return view
    }

    func openTrip(id: Trip.ID) {
        context.navigator.push(TripDetailRouter.makeModule(tripID: id, context: context))
    }

    func runBusy(_ task: BusyTask) {
        context.navigator.startBusy(task)
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func closeApp() {
        context.navigator.quit()
    }
}
