/// A screen the regions manager opens over (the trip list): it draws the manager over itself and
/// gives it the keys while it shows something.
@MainActor
protocol RegionsHost: AnyObject {
    func host(_ regions: RegionsView)
    /// Takes the manager off the screen.
    func closeRegions()
}

@MainActor
final class RegionsRouter: RegionsRouterInput {
    private let navigator: Navigator
    /// The trip list the panel is over.
    private weak var host: RegionsHost?

    init(navigator: Navigator, host: RegionsHost?) {
        self.navigator = navigator
        self.host = host
    }

    func closeRegions() {
        host?.closeRegions()
    }

    func openHelp() {
        navigator.showHelp()
    }
}
