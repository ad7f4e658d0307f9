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

    func closeTrip() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }

    func openItinerary() {
        context.navigator.push(ItineraryAssembly.makeModule(tripID: tripID, context: context))
    }

    func openAlong(output: AlongModuleOutput) {
        context.navigator.push(AlongAssembly.makeModule(tripID: tripID, day: nil, context: context, output: output))
    }

    func openRegions() {
        if let view { RegionsScreen.open(over: view, context: context) }
    }

    func openWaypointEditor(_ mode: WaypointEditorMode, mapCentre: Coordinate?, output: WaypointModuleOutput) {
        context.navigator.push(WaypointAssembly.makeModule(tripID: tripID, mode: mode, mapCentre: mapCentre, context: context, output: output))
    }
}
