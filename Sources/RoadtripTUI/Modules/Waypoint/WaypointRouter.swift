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

    func closeEditor() {
        if let view { navigator.pop(view) }
    }

    func openHelp() {
        navigator.showHelp()
    }
}
