import Foundation

@MainActor
final class ItineraryRouter: ItineraryRouterInput {
    private let context: ModuleContext

    init(context: ModuleContext) {
        self.context = context
    }

    static func makeModule(tripID: Trip.ID, context: ModuleContext) -> ItineraryView {
        let presenter = ItineraryPresenter(
            interactor: ItineraryInteractor(tripID: tripID, model: context.model, places: context.places),
            router: ItineraryRouter(context: context),
            unit: context.unit
        )
        let view = ItineraryView(presenter: presenter)
        presenter.view = view
        presenter.didLoad()
        return view
    }

    func closeItinerary() {
        context.navigator.pop()
    }

    func openHelp() {
        context.navigator.showHelp()
    }
}
