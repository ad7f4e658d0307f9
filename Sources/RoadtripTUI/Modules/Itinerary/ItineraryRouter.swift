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

    func closeItinerary() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }
}
