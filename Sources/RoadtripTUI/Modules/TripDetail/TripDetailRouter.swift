import Foundation
import RoadtripCore

@MainActor
final class TripDetailRouter: TripDetailRouterInput {
    private let tripID: Trip.ID
    private let context: ModuleContext
    /// The trip detail screen this router closes.
    weak var view: Screen?

    init(tripID: Trip.ID, context: ModuleContext) {
        self.tripID = tripID
        self.context = context
    }

    static func makeModule(tripID: Trip.ID, context: ModuleContext) -> TripDetailView {
        let router = TripDetailRouter(tripID: tripID, context: context)
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: tripID, model: context.model, places: context.places, basemap: context.basemap,
                                             roadLegs: context.roadLegs, unit: context.unit, environment: context.environment),
            router: router,
            unit: context.unit
        )
        let view = TripDetailView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }

    func closeTrip() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func copyToClipboard(_ text: String) {
        context.navigator.copyToClipboard(text)
    }

    func openInBrowser(_ url: String) -> Result<Void, BrowserOpener.Failure> {
        BrowserOpener(environment: context.environment).open(url)
    }

    func runBusy(_ task: BusyTask) {
        context.navigator.startBusy(task)
    }

    func openItinerary() {
        context.navigator.push(ItineraryRouter.makeModule(tripID: tripID, context: context))
    }

    func openWaypointEditor(_ mode: WaypointEditorMode, mapCentre: Coordinate?, output: WaypointModuleOutput) {
        context.navigator.push(WaypointRouter.makeModule(tripID: tripID, mode: mode, mapCentre: mapCentre, context: context, output: output))
    }
}
