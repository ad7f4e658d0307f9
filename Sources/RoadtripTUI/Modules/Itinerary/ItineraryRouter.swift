import Foundation
import RoadtripCore

@MainActor
final class ItineraryRouter: ItineraryRouterInput {
    private let context: ModuleContext
    /// The itinerary this router closes.
    weak var view: Screen?

    init(context: ModuleContext) {
        self.context = context
    }

    static func makeModule(tripID: Trip.ID, context: ModuleContext) -> ItineraryView {
        let router = ItineraryRouter(context: context)
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

    func closeItinerary() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }
}
