import Foundation

/// Builds the TripList module and takes the user from it to other modules.
@MainActor
final class TripListRouter: TripListRouterInput {
    private let model: DataModel
    private let navigator: Navigator
    private let unit: DistanceUnit

    init(model: DataModel, navigator: Navigator, unit: DistanceUnit) {
        self.model = model
        self.navigator = navigator
        self.unit = unit
    }

    /// Wires view, presenter, interactor and router; the returned view holds the rest.
    static func makeModule(model: DataModel, navigator: Navigator, unit: DistanceUnit) -> TripListView {
        let router = TripListRouter(model: model, navigator: navigator, unit: unit)
        let presenter = TripListPresenter(interactor: TripListInteractor(model: model), router: router, unit: unit)
        let view = TripListView(presenter: presenter)
        presenter.view = view
        presenter.didLoad()
        return view
    }

    func openTrip(id: Trip.ID) {
        navigator.push(TripDetailRouter.makeModule(tripID: id, model: model, navigator: navigator, unit: unit))
    }

    func openHelp() {
        navigator.showHelp()
    }

    func closeApp() {
        navigator.quit()
    }
}
