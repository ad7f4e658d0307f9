@testable import RoadtripTUI
import RoadtripTestSupport

extension ProgramServices {
    /// Services over a navigator no screen shows, for the tests of interactors that do not ask for them.
    @MainActor static var offScreen: ProgramServices { ProgramServices(navigator: Navigator(runner: ManualRunner()), environment: [:]) }
}
