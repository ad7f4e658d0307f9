import Foundation
import RoadtripCore

@MainActor
final class WaypointRouter: WaypointRouterInput {
    private let navigator: Navigator
    /// The editor this router closes.
    weak var view: Screen?

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// `mapCentre`: where the trip detail screen's map was moved to, searched around when the stop has
    /// no neighbours.
    static func makeModule(tripID: Trip.ID, mode: WaypointEditorMode, mapCentre: Coordinate? = nil, context: ModuleContext,
                           output: WaypointModuleOutput?) -> WaypointView {
        let router = WaypointRouter(navigator: context.navigator)
        let presenter = WaypointPresenter(
            mode: mode,
            interactor: WaypointInteractor(tripID: tripID, model: context.model, places: context.places, mapCentre: mapCentre, basemap: context.basemap),
            router: router,
            unit: context.unit
        )
        presenter.output = output
        let view = WaypointView(presenter: presenter)
        presenter.view = view
        router.view = view
        presenter.didLoad()
        return view
    }

    func closeEditor() {
        if let view { navigator.pop(view) }
    }

    func openHelp() {
        navigator.showHelp()
    }
}
