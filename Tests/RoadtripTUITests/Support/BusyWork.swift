@testable import RoadtripTUI
import RoadtripTestSupport

/// Long work as the interactor spies run it: to its end at once, on a manual runner, so that a
/// test sees its outcome on return; with what each task was called and what its Esc would say.
@MainActor
final class BusyWork {
    private(set) var titles: [String] = []
    private(set) var cancelledMessages: [String] = []

    func run(_ task: BusyTask) {
        titles.append(task.title)
        cancelledMessages.append(task.cancelledMessage)
        let runner = ManualRunner()
        task.start(on: runner)
        runner.runAll()
    }
}
