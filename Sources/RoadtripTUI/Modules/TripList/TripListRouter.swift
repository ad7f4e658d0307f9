import Foundation
import RoadtripCore

/// Takes the user from the trip list to other modules (`TripListAssembly` builds this one).
@MainActor
final class TripListRouter: TripListRouterInput {
    private let context: ModuleContext
    /// The trip list, which the regions manager opens over.
    weak var view: RegionsHost?

    init(context: ModuleContext) {
        self.context = context
    }

    func openTrip(id: Trip.ID) {
        context.navigator.push(TripDetailAssembly.makeModule(tripID: id, context: context))
    }

    func openRegions(output: RegionsModuleOutput) {
        guard let view else { return }
        _ = RegionsAssembly.makeModule(context: context, host: view, output: output)
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func closeApp() {
        context.navigator.quit()
    }
}
