import OSMImport
import RoadtripRegions

/// Builds the Regions module over `host` (the trip list): wires view, presenter, interactor and
/// router over the app's shared services; the returned view holds the rest, and `host` holds it.
@MainActor
enum RegionsAssembly {
    static func makeModule(context: ModuleContext, host: RegionsHost, output: RegionsModuleOutput) -> RegionsView {
        // Regions by name only where there are regions: most tests have none, and never the network.
        let interactor = RegionsInteractor(
            runner: context.model.runner, services: context.services, places: context.places, regions: context.regions,
            extracts: context.regions.map { _ in ExtractSource(environment: context.environment) }, roadLegs: context.roadLegs)
        let presenter = RegionsPresenter(interactor: interactor, router: RegionsRouter(navigator: context.navigator, host: host), output: output)
        let view = RegionsView(presenter: presenter)
        presenter.view = view
        host.host(view)
        presenter.didLoad()
        return view
    }
}
