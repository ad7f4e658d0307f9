import Foundation

@MainActor
final class TripDetailRouter: TripDetailRouterInput {
    private let navigator: Navigator

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    static func makeModule(tripID: Trip.ID, model: DataModel, navigator: Navigator, unit: DistanceUnit) -> TripDetailView {
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: tripID, model: model),
            router: TripDetailRouter(navigator: navigator),
            unit: unit
        )
        let view = TripDetailView(presenter: presenter)
        presenter.view = view
        presenter.didLoad()
        return view
    }

    func closeTrip() {
        navigator.pop()
    }

    func openHelp() {
        navigator.showHelp()
    }
}
