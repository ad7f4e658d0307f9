import Foundation
import RoadtripCore

@MainActor
final class ItineraryRouter: ItineraryRouterInput {
    private let tripID: Trip.ID
    private let context: ModuleContext
    /// The itinerary this router closes.
    weak var view: Screen?

    init(tripID: Trip.ID, context: ModuleContext) {
        self.tripID = tripID
        self.context = context
    }

    func closeItinerary() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func openAlong(day: Int, output: AlongModuleOutput) {
        context.navigator.push(AlongAssembly.makeModule(tripID: tripID, day: day, context: context, output: output))
    }
}
