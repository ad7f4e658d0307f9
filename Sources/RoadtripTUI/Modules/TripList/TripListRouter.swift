import Foundation
import RoadtripCore

/// Takes the user from the trip list to other modules (`TripListAssembly` builds this one).
@MainActor
final class TripListRouter: TripListRouterInput {
    private let context: ModuleContext

    init(context: ModuleContext) {
        self.context = context
    }

    func openTrip(id: Trip.ID) {
        context.navigator.push(TripDetailAssembly.makeModule(tripID: id, context: context))
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func closeApp() {
        context.navigator.quit()
    }
}
