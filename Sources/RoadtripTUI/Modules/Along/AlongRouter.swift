import Foundation
import RoadtripCore

@MainActor
final class AlongRouter: AlongRouterInput {
    private let context: ModuleContext
    /// The panel this router closes.
    weak var view: Screen?

    init(context: ModuleContext) {
        self.context = context
    }

    func closeAlong() {
        if let view { context.navigator.pop(view) }
    }

    func openHelp() {
        context.navigator.showHelp()
    }
}
