import Foundation
import RoadtripCore

/// Builds the Waypoint module (the stop editor) for one stop of a trip: wires view, presenter,
/// interactor and router over the app's shared services; the returned view holds the rest.
@MainActor
enum WaypointAssembly {
    /// `mapCentre`: where the trip detail screen's map was moved to, searched around when the stop has
    /// no neighbours.
    static func makeModule(
        tripID: Trip.ID, mode: WaypointEditorMode, mapCentre: Coordinate? = nil, context: ModuleContext,
        output: WaypointModuleOutput?
    ) -> WaypointView {
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
}
